import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import type { AnnotationFrame, AnnotationStatus } from '@sarm/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { clinicalKeys, fetchAllDatasets } from '../../../api/clinicalApi';
import {
  annotationFramesKey,
  fetchAnnotationFrames,
  fetchMorphologyLabels,
  type AnnotationFrameFilters,
} from '../../../api/technical/labelsApi';
import { useCan } from '../../admin/common/useCan';
import { AuthImage } from '../../clinical/AuthImage';

const k = 'technical.labels.management';
const STATUS_COLOUR: Record<AnnotationStatus, 'default' | 'warning' | 'success'> = {
  pending: 'default',
  in_progress: 'warning',
  completed: 'success',
};
const toolPath = (frame: AnnotationFrame) =>
  `/finetune/annotation/detection/frame?${new URLSearchParams({
    frameId: frame.frame_id,
    videoId: frame.video_id,
    datasetId: frame.dataset_id,
  }).toString()}`;

/** Annotation Management (spec 2 §2.3) over the real frames and their annotation status. */
export function AnnotationManagementPage() {
  const { t } = useTranslation();
  const detectionTab = useCan(['annotate_detection', 'review_annotations']);
  const morphologyTab = useCan(['annotate_morphology']);
  const [tab, setTab] = useState<'detection' | 'morphology'>(
    detectionTab ? 'detection' : 'morphology',
  );
  const [filters, setFilters] = useState<AnnotationFrameFilters>({
    datasetId: '',
    sort: 'date',
    order: 'desc',
  });
  const [layout, setLayout] = useState<'grid' | 'table'>('table');
  const [details, setDetails] = useState<AnnotationFrame | null>(null);
  const [statsOpen, setStatsOpen] = useState(false);
  const datasets = useQuery({ queryKey: clinicalKeys.allDatasets, queryFn: fetchAllDatasets });
  const frames = useQuery({
    queryKey: annotationFramesKey(filters),
    queryFn: () => fetchAnnotationFrames(filters),
    enabled: tab === 'detection',
  });
  const morphology = useQuery({
    queryKey: ['technical', 'morphology-labels'],
    queryFn: fetchMorphologyLabels,
    enabled: tab === 'morphology',
  });
  const rows = frames.data?.frames ?? [];
  const chip = (status: AnnotationStatus) => (
    <Chip size="small" color={STATUS_COLOUR[status]} label={t(`${k}.status.${status}`)} />
  );

  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Typography variant="h4" component="h1">
          {t(`${k}.title`)}
        </Typography>
        <Button variant="outlined" onClick={() => setStatsOpen(true)}>
          {t(`${k}.statistics`)}
        </Button>
      </Stack>
      <Tabs
        value={tab}
        onChange={(_, value: 'detection' | 'morphology') => setTab(value)}
        sx={{ mb: 2 }}
      >
        <Tab value="detection" label={t(`${k}.detection`)} disabled={!detectionTab} />
        <Tab value="morphology" label={t(`${k}.morphology`)} disabled={!morphologyTab} />
      </Tabs>
      {tab === 'morphology' ? (
        morphology.data?.data_labels.length === 0 ? (
          <Typography color="textSecondary">{t(`${k}.noMorphology`)}</Typography>
        ) : (
          <Stack spacing={1}>
            {(morphology.data?.data_labels ?? []).map((label) => (
              <Card key={label.id} variant="outlined">
                <CardContent>
                  <Typography>{label.name}</Typography>
                  <Typography variant="body2" color="textSecondary">
                    {t(`${k}.labelLine`, { dataset: label.dataset_name, count: label.item_count })}
                  </Typography>
                </CardContent>
              </Card>
            ))}
          </Stack>
        )
      ) : (
        <>
          <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <TextField
              select
              size="small"
              label={t(`${k}.dataset`)}
              value={filters.datasetId}
              onChange={(event) => setFilters((f) => ({ ...f, datasetId: event.target.value }))}
              sx={{ minWidth: 220 }}
            >
              <MenuItem value="">{t(`${k}.allDatasets`)}</MenuItem>
              {(datasets.data?.datasets ?? []).map((dataset) => (
                <MenuItem key={dataset.id} value={dataset.id}>
                  {dataset.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t(`${k}.sortBy`)}
              value={filters.sort}
              onChange={(event) =>
                setFilters((f) => ({
                  ...f,
                  sort:
                    event.target.value === 'status' || event.target.value === 'frame_number'
                      ? event.target.value
                      : 'date',
                }))
              }
              sx={{ minWidth: 160 }}
            >
              <MenuItem value="date">{t(`${k}.sort.date`)}</MenuItem>
              <MenuItem value="status">{t(`${k}.sort.status`)}</MenuItem>
              <MenuItem value="frame_number">{t(`${k}.sort.frame_number`)}</MenuItem>
            </TextField>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={filters.order}
              onChange={(_, value: 'asc' | 'desc' | null) =>
                value !== null && setFilters((f) => ({ ...f, order: value }))
              }
            >
              <ToggleButton value="asc">{t(`${k}.ascending`)}</ToggleButton>
              <ToggleButton value="desc">{t(`${k}.descending`)}</ToggleButton>
            </ToggleButtonGroup>
            <Box sx={{ flexGrow: 1 }} />
            <ToggleButtonGroup
              size="small"
              exclusive
              value={layout}
              onChange={(_, value: 'grid' | 'table' | null) => value !== null && setLayout(value)}
            >
              <ToggleButton value="table">{t(`${k}.table`)}</ToggleButton>
              <ToggleButton value="grid">{t(`${k}.grid`)}</ToggleButton>
            </ToggleButtonGroup>
          </Stack>
          {frames.isPending && <LinearProgress />}
          {frames.isError && <Alert severity="error">{t(`${k}.loadFailed`)}</Alert>}
          {frames.isSuccess && rows.length === 0 && (
            <Typography color="textSecondary">{t(`${k}.empty`)}</Typography>
          )}
          {rows.length > 0 && layout === 'table' && (
            <TableContainer component={Paper}>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t(`${k}.frame`)}</TableCell>
                    <TableCell>{t(`${k}.dataset`)}</TableCell>
                    <TableCell>{t(`${k}.statusColumn`)}</TableCell>
                    <TableCell align="right">{t(`${k}.objects`)}</TableCell>
                    <TableCell align="right">{t(`${k}.confidence`)}</TableCell>
                    <TableCell>{t(`${k}.annotatedBy`)}</TableCell>
                    <TableCell align="right">{t(`${k}.actions`)}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((frame) => (
                    <TableRow key={frame.frame_id} hover>
                      <TableCell>
                        {t(`${k}.frameLine`, {
                          number: frame.frame_number,
                          video: frame.video_name,
                        })}
                      </TableCell>
                      <TableCell>{frame.dataset_name}</TableCell>
                      <TableCell>{chip(frame.annotation_status)}</TableCell>
                      <TableCell align="right">{frame.object_count}</TableCell>
                      <TableCell align="right">
                        {frame.confidence === null ? '—' : `${Math.round(frame.confidence * 100)}%`}
                      </TableCell>
                      <TableCell>{frame.annotated_by ?? '—'}</TableCell>
                      <TableCell align="right">
                        <Button size="small" onClick={() => setDetails(frame)}>
                          {t(`${k}.details`)}
                        </Button>
                        <Button size="small" component={RouterLink} to={toolPath(frame)}>
                          {t(`${k}.annotate`)}
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          {rows.length > 0 && layout === 'grid' && (
            <Grid container spacing={1.5}>
              {rows.map((frame) => (
                <Grid key={frame.frame_id} size={{ xs: 6, sm: 4, md: 3, lg: 2 }}>
                  <Card variant="outlined">
                    <CardActionArea onClick={() => setDetails(frame)}>
                      <AuthImage
                        path={`/sarm/media/view-frame/${frame.frame_id}`}
                        alt={t(`${k}.frameLine`, {
                          number: frame.frame_number,
                          video: frame.video_name,
                        })}
                        height={110}
                      />
                      <CardContent sx={{ p: 1 }}>
                        <Typography variant="body2" noWrap>
                          {t(`${k}.frameLine`, {
                            number: frame.frame_number,
                            video: frame.video_name,
                          })}
                        </Typography>
                        {chip(frame.annotation_status)}
                      </CardContent>
                    </CardActionArea>
                  </Card>
                </Grid>
              ))}
            </Grid>
          )}
        </>
      )}
      {details !== null && (
        <Dialog open onClose={() => setDetails(null)} maxWidth="sm" fullWidth>
          <DialogTitle>{t(`${k}.detailsTitle`, { number: details.frame_number })}</DialogTitle>
          <DialogContent>
            <AuthImage
              path={`/sarm/media/view-visualization/${details.frame_id}`}
              alt={t(`${k}.frameLine`, { number: details.frame_number, video: details.video_name })}
              height={260}
            />
            <Stack spacing={0.5} sx={{ mt: 2 }}>
              <Typography variant="body2">
                {t(`${k}.detailLine`, {
                  video: details.video_name,
                  dataset: details.dataset_name,
                  width: details.width,
                  height: details.height,
                })}
              </Typography>
              <Box>{chip(details.annotation_status)}</Box>
              <Typography variant="body2">
                {t(`${k}.objectsLine`, {
                  count: details.object_count,
                  verified: details.verified_count,
                })}
              </Typography>
              {details.annotated_at !== null && (
                <Typography variant="body2">
                  {t(`${k}.annotatedLine`, {
                    name: details.annotated_by ?? '—',
                    date: new Date(details.annotated_at).toLocaleString(),
                  })}
                </Typography>
              )}
              {details.annotation_notes !== '' && (
                <Typography variant="body2">{details.annotation_notes}</Typography>
              )}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDetails(null)}>{t(`${k}.close`)}</Button>
            <Button variant="contained" component={RouterLink} to={toolPath(details)}>
              {t(`${k}.openTool`)}
            </Button>
          </DialogActions>
        </Dialog>
      )}
      {statsOpen && (
        <Dialog open onClose={() => setStatsOpen(false)} maxWidth="xs" fullWidth>
          <DialogTitle>{t(`${k}.statistics`)}</DialogTitle>
          <DialogContent>
            {(['pending', 'in_progress', 'completed'] as const).map((status) => (
              <Stack key={status} direction="row" sx={{ justifyContent: 'space-between', py: 0.5 }}>
                {chip(status)}
                <Typography>{frames.data?.counts[status] ?? 0}</Typography>
              </Stack>
            ))}
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t(`${k}.totalObjects`, {
                count: rows.reduce((sum, frame) => sum + frame.object_count, 0),
              })}
            </Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setStatsOpen(false)}>{t(`${k}.close`)}</Button>
          </DialogActions>
        </Dialog>
      )}
    </Box>
  );
}
