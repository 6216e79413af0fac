import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  FormControlLabel,
  Grid,
  LinearProgress,
  Paper,
  Slider,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { clinicalKeys, fetchFrames } from '../../../api/clinicalApi';
import { errorMessage } from '../../../api/client';
import { fetchVideoDetections } from '../../../api/technical/annotationApi';
import { detectionRunKeys } from '../../../api/technical/detectionRunApi';
import { useCan } from '../../admin/common/useCan';
import { DetectionCanvas } from '../../clinical/DetectionCanvas';
import { DetectionList } from '../../clinical/DetectionList';
import { annotateFramePath } from '../extraction/extractionLogic';
import {
  confidenceHistogram,
  confidenceText,
  DETECTION_READERS,
  detectionTotals,
  frameDetectionRows,
} from './homeLogic';
import { useChosenVideo, VideoPicker } from './VideoPicker';

const k = 'technical.home.results';
const FRAME_LIMIT = 500;

function Figure({ label, value }: { readonly label: string; readonly value: string | number }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h5">{value}</Typography>
        <Typography variant="body2" color="textSecondary">
          {label}
        </Typography>
      </CardContent>
    </Card>
  );
}

/**
 * Frame Detection Results (step 4): every extracted frame of a video with its detections,
 * counts and confidences (minimum, mean, maximum), a confidence floor and histogram, and the
 * chosen frame drawn with its boxes.
 */
export function DetectionResultsPage() {
  const { t } = useTranslation();
  const canView = useCan(DETECTION_READERS);
  const { datasetId, videoId } = useChosenVideo();
  const [floor, setFloor] = useState(0);
  const [onlyWithDetections, setOnlyWithDetections] = useState(false);
  const [frameId, setFrameId] = useState<string | null>(null);
  const [detectionId, setDetectionId] = useState<string | null>(null);
  const enabled = canView && videoId !== '';
  const frames = useQuery({
    queryKey: clinicalKeys.frames(videoId, FRAME_LIMIT),
    queryFn: () => fetchFrames(videoId, FRAME_LIMIT),
    enabled,
  });
  const detections = useQuery({
    queryKey: detectionRunKeys.videoDetections(videoId),
    queryFn: () => fetchVideoDetections(videoId),
    enabled,
  });

  if (!canView) return <Alert severity="warning">{t(`${k}.noPermission`)}</Alert>;

  const rows = frameDetectionRows(frames.data?.frames ?? [], detections.data ?? [], floor);
  const totals = detectionTotals(rows);
  const histogram = confidenceHistogram(rows.flatMap((row) => row.detections));
  const highest = Math.max(1, ...histogram.map((bin) => bin.count));
  const shown = onlyWithDetections ? rows.filter((row) => row.detections.length > 0) : rows;
  const current = rows.find((row) => row.frame.id === frameId) ?? null;
  const error = frames.error ?? detections.error;

  return (
    <Box>
      <Typography variant="h4" component="h1">
        {t(`${k}.title`)}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
        {t(`${k}.subtitle`)}
      </Typography>
      <VideoPicker enabled={canView} />
      {videoId === '' ? (
        <Alert severity="info">{t(`${k}.chooseVideo`)}</Alert>
      ) : error !== null ? (
        <Alert severity="error">{errorMessage(error, t(`${k}.loadFailed`))}</Alert>
      ) : frames.isPending || detections.isPending ? (
        <LinearProgress />
      ) : rows.length === 0 ? (
        <Alert severity="info">{t(`${k}.noFrames`)}</Alert>
      ) : (
        <Stack spacing={2}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 6, md: 2 }}>
              <Figure label={t(`${k}.figures.frames`)} value={totals.frames} />
            </Grid>
            <Grid size={{ xs: 6, md: 2 }}>
              <Figure label={t(`${k}.figures.withDetections`)} value={totals.withDetections} />
            </Grid>
            <Grid size={{ xs: 6, md: 2 }} data-testid="results-figure-detections">
              <Figure label={t(`${k}.figures.detections`)} value={totals.detections} />
            </Grid>
            <Grid size={{ xs: 6, md: 2 }}>
              <Figure label={t(`${k}.figures.verified`)} value={totals.verified} />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <Figure
                label={t(`${k}.figures.meanConfidence`)}
                value={confidenceText(totals.meanConfidence)}
              />
            </Grid>
          </Grid>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
              <Box sx={{ minWidth: 260 }}>
                <Typography variant="body2">
                  {t(`${k}.floor`, { value: floor.toFixed(2) })}
                </Typography>
                <Slider
                  aria-label={t(`${k}.floorLabel`)}
                  value={floor}
                  min={0}
                  max={0.95}
                  step={0.05}
                  onChange={(_, value: number | number[]) =>
                    setFloor(Array.isArray(value) ? (value[0] ?? 0) : value)
                  }
                />
                <FormControlLabel
                  control={
                    <Switch
                      checked={onlyWithDetections}
                      onChange={(event) => setOnlyWithDetections(event.target.checked)}
                    />
                  }
                  label={t(`${k}.onlyWithDetections`)}
                />
                <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
                  {Object.entries(totals.bySource).map(([source, count]) => (
                    <Chip
                      key={source}
                      size="small"
                      variant="outlined"
                      label={t(`${k}.source`, { source, count })}
                    />
                  ))}
                </Stack>
              </Box>
              <Box sx={{ flexGrow: 1 }}>
                <Typography variant="subtitle2">{t(`${k}.histogram`)}</Typography>
                <Stack
                  direction="row"
                  spacing={0.5}
                  sx={{ alignItems: 'flex-end', height: 100 }}
                  data-testid="confidence-histogram"
                >
                  {histogram.map((bin) => (
                    <Tooltip
                      key={bin.from}
                      title={t(`${k}.bin`, {
                        from: bin.from.toFixed(1),
                        to: bin.to.toFixed(1),
                        count: bin.count,
                      })}
                    >
                      <Box
                        sx={{
                          flex: 1,
                          height: `${Math.round((bin.count / highest) * 100)}%`,
                          minHeight: 2,
                          bgcolor: 'primary.main',
                          opacity: bin.count === 0 ? 0.2 : 1,
                        }}
                      />
                    </Tooltip>
                  ))}
                </Stack>
                <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                  <Typography variant="caption">0.0</Typography>
                  <Typography variant="caption">0.5</Typography>
                  <Typography variant="caption">1.0</Typography>
                </Stack>
              </Box>
            </Stack>
          </Paper>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, lg: 5 }}>
              <Paper variant="outlined" sx={{ maxHeight: 720, overflow: 'auto' }}>
                <Table size="small" stickyHeader aria-label={t(`${k}.tableLabel`)}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t(`${k}.columns.frame`)}</TableCell>
                      <TableCell align="right">{t(`${k}.columns.count`)}</TableCell>
                      <TableCell align="right">{t(`${k}.columns.min`)}</TableCell>
                      <TableCell align="right">{t(`${k}.columns.mean`)}</TableCell>
                      <TableCell align="right">{t(`${k}.columns.max`)}</TableCell>
                      <TableCell align="right">{t(`${k}.columns.verified`)}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {shown.map((row) => (
                      <TableRow
                        key={row.frame.id}
                        hover
                        selected={row.frame.id === frameId}
                        onClick={() => {
                          setFrameId(row.frame.id);
                          setDetectionId(null);
                        }}
                        sx={{ cursor: 'pointer' }}
                      >
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          {t('technical.extraction.frameLine', {
                            number: row.frame.frameNumber,
                            seconds: row.frame.timeOffset.toFixed(2),
                          })}
                        </TableCell>
                        <TableCell align="right">
                          {row.detections.length === row.allCount
                            ? row.allCount
                            : `${row.detections.length} / ${row.allCount}`}
                        </TableCell>
                        <TableCell align="right">{confidenceText(row.minConfidence)}</TableCell>
                        <TableCell align="right">{confidenceText(row.meanConfidence)}</TableCell>
                        <TableCell align="right">{confidenceText(row.maxConfidence)}</TableCell>
                        <TableCell align="right">{row.verified}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Paper>
            </Grid>
            <Grid size={{ xs: 12, lg: 7 }}>
              {current === null ? (
                <Alert severity="info">{t(`${k}.pickFrame`)}</Alert>
              ) : (
                <Stack spacing={1}>
                  <Stack
                    direction="row"
                    sx={{ justifyContent: 'space-between', alignItems: 'center' }}
                  >
                    <Typography variant="h6">
                      {t(`${k}.frameTitle`, {
                        number: current.frame.frameNumber,
                        count: current.detections.length,
                      })}
                    </Typography>
                    <Button
                      variant="outlined"
                      size="small"
                      component={RouterLink}
                      to={annotateFramePath(current.frame, datasetId)}
                    >
                      {t(`${k}.annotate`)}
                    </Button>
                  </Stack>
                  <DetectionCanvas
                    frameId={current.frame.id}
                    width={current.frame.width}
                    height={current.frame.height}
                    detections={current.detections}
                    selectedId={detectionId}
                    onSelect={setDetectionId}
                  />
                  <DetectionList
                    detections={current.detections}
                    selectedId={detectionId}
                    onSelect={setDetectionId}
                  />
                </Stack>
              )}
            </Grid>
          </Grid>
        </Stack>
      )}
    </Box>
  );
}
