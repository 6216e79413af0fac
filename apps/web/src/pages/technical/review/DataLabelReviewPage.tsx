import {
  Alert,
  Box,
  Button,
  Chip,
  FormControl,
  InputLabel,
  MenuItem,
  Paper,
  Select,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { REVIEW_STATUSES, type ReviewUnit } from '@sarm/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { clinicalKeys, fetchAllDatasets } from '../../../api/clinicalApi';
import { errorMessage } from '../../../api/client';
import {
  decideReview,
  fetchReviews,
  fetchReviewStats,
  labelKeys,
  type ReviewFilters,
} from '../../../api/technical/labelsApi';
import { useToast } from '../../../feedback/feedbackContext';
import { useCan } from '../../admin/common/useCan';
import { ReviewDialog } from './ReviewDialog';
import { annotationPath, canEdit, REVIEW_PAGE_SIZES, statusColour } from './reviewLogic';
import { ReviewStatsDialog } from './ReviewStatsDialog';

const k = 'technical.labels.review';
type SortKey = ReviewFilters['sort'];
const COLUMNS: readonly SortKey[] = ['dataset', 'created', 'creator', 'confidence', 'status'];
const INITIAL: ReviewFilters = {
  labelType: 'detection',
  datasetId: '',
  status: '',
  creatorId: '',
  from: '',
  to: '',
  sort: 'created',
  order: 'desc',
  page: 1,
  limit: 10,
};

/**
 * Data Label Review (spec 2 §2.3, made real): every frame added to a detection label and every
 * morphology item waits here as pending until a reviewer approves, rejects or asks for a
 * correction, with notes; the decision is stored with the reviewer and the time.
 */
export function DataLabelReviewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const mayView = useCan(['review_annotations', 'annotate_detection', 'annotate_morphology']);
  const detectionTab = useCan(['review_annotations', 'annotate_detection']);
  const morphologyTab = useCan(['review_annotations', 'annotate_morphology']);
  const [filters, setFilters] = useState<ReviewFilters>({
    ...INITIAL,
    labelType: detectionTab ? 'detection' : 'morphology',
  });
  const [open, setOpen] = useState<ReviewUnit | null>(null);
  const [statsOpen, setStatsOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [decisionError, setDecisionError] = useState<string | null>(null);

  const reviews = useQuery({
    queryKey: labelKeys.reviews(filters),
    queryFn: () => fetchReviews(filters),
    enabled: mayView,
    placeholderData: keepPreviousData,
  });
  const datasets = useQuery({
    queryKey: clinicalKeys.allDatasets,
    queryFn: fetchAllDatasets,
    enabled: mayView,
  });
  const stats = useQuery({
    queryKey: labelKeys.reviewStats,
    queryFn: fetchReviewStats,
    enabled: mayView && statsOpen,
  });

  if (!mayView)
    return (
      <Paper sx={{ p: 4, textAlign: 'center' }}>
        <Typography variant="h6" gutterBottom>
          {t(`${k}.noPermission`)}
        </Typography>
        <Button variant="contained" component={RouterLink} to="/technical/datasets">
          {t(`${k}.backToDatasets`)}
        </Button>
      </Paper>
    );

  const update = (change: Partial<ReviewFilters>) =>
    setFilters((current) => ({ ...current, page: 1, ...change }));
  const sortBy = (column: SortKey) =>
    update({
      sort: column,
      order: filters.sort === column && filters.order === 'asc' ? 'desc' : 'asc',
    });

  async function decide(decision: 'approved' | 'rejected' | 'needsCorrection', notes: string) {
    if (open === null) return;
    setBusy(true);
    setDecisionError(null);
    try {
      await decideReview(open.id, decision, notes);
      toast(t(`${k}.decided`, { status: t(`${k}.status.${decision}`) }), 'success');
      setOpen(null);
      await queryClient.invalidateQueries({ queryKey: labelKeys.allReviews });
    } catch (error) {
      setDecisionError(errorMessage(error, t(`${k}.decisionFailed`)));
    } finally {
      setBusy(false);
    }
  }

  const data = reviews.data;
  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Typography variant="h4" component="h1">
          {t(`${k}.title`)}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" onClick={() => setStatsOpen(true)}>
            {t(`${k}.viewStatistics`)}
          </Button>
          <Button
            variant="outlined"
            onClick={() => void queryClient.invalidateQueries({ queryKey: labelKeys.allReviews })}
          >
            {t(`${k}.refresh`)}
          </Button>
        </Stack>
      </Stack>
      <Tabs
        value={filters.labelType}
        onChange={(_, value: 'detection' | 'morphology') => update({ labelType: value })}
        sx={{ mb: 2 }}
      >
        <Tab
          value="detection"
          disabled={!detectionTab}
          label={`${t(`${k}.tabs.detection`)} (${data?.counts.detection ?? 0})`}
        />
        <Tab
          value="morphology"
          disabled={!morphologyTab}
          label={`${t(`${k}.tabs.morphology`)} (${data?.counts.morphology ?? 0})`}
        />
      </Tabs>
      <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 2 }}>
        <FormControl size="small" sx={{ minWidth: 200 }}>
          <InputLabel id="review-dataset">{t(`${k}.dataset`)}</InputLabel>
          <Select
            labelId="review-dataset"
            label={t(`${k}.dataset`)}
            value={filters.datasetId}
            onChange={(event) => update({ datasetId: event.target.value })}
          >
            <MenuItem value="">{t(`${k}.all`)}</MenuItem>
            {(datasets.data?.datasets ?? []).map((dataset) => (
              <MenuItem key={dataset.id} value={dataset.id}>
                {dataset.name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 170 }}>
          <InputLabel id="review-status">{t(`${k}.statusFilter`)}</InputLabel>
          <Select
            labelId="review-status"
            label={t(`${k}.statusFilter`)}
            value={filters.status}
            onChange={(event) => update({ status: event.target.value })}
          >
            <MenuItem value="">{t(`${k}.all`)}</MenuItem>
            {REVIEW_STATUSES.map((status) => (
              <MenuItem key={status} value={status}>
                {t(`${k}.status.${status}`)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 170 }}>
          <InputLabel id="review-creator">{t(`${k}.creator`)}</InputLabel>
          <Select
            labelId="review-creator"
            label={t(`${k}.creator`)}
            value={filters.creatorId}
            onChange={(event) => update({ creatorId: event.target.value })}
          >
            <MenuItem value="">{t(`${k}.all`)}</MenuItem>
            {(data?.creators ?? []).map((creator) => (
              <MenuItem key={creator.id} value={creator.id}>
                {creator.name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <TextField
          size="small"
          type="date"
          label={t(`${k}.from`)}
          value={filters.from}
          onChange={(event) => update({ from: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label={t(`${k}.to`)}
          value={filters.to}
          onChange={(event) => update({ to: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      {reviews.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(reviews.error, t(`${k}.loadFailed`))}
        </Alert>
      )}
      <TableContainer component={Paper}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t(`${k}.frame`)}</TableCell>
              {COLUMNS.map((column) => (
                <TableCell key={column}>
                  <TableSortLabel
                    active={filters.sort === column}
                    direction={filters.sort === column ? filters.order : 'asc'}
                    onClick={() => sortBy(column)}
                  >
                    {t(`${k}.columns.${column}`)}
                  </TableSortLabel>
                </TableCell>
              ))}
              <TableCell>{t(`${k}.boxes`)}</TableCell>
              <TableCell align="right">{t(`${k}.actions`)}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data?.reviews.length === 0 && (
              <TableRow>
                <TableCell colSpan={8}>
                  <Typography variant="body2" color="textSecondary">
                    {t(`${k}.empty`)}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {(data?.reviews ?? []).map((unit) => (
              <TableRow key={unit.id} hover>
                <TableCell>
                  {t(`${k}.frameCell`, { frameNumber: unit.frame_number, video: unit.video_name })}
                </TableCell>
                <TableCell>{unit.dataset_name}</TableCell>
                <TableCell>{new Date(unit.created_at).toLocaleString()}</TableCell>
                <TableCell>{unit.creator_name ?? '—'}</TableCell>
                <TableCell>
                  {unit.confidence === null
                    ? t(`${k}.notAvailable`)
                    : `${Math.round(unit.confidence * 100)}%`}
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={statusColour(unit.status)}
                    label={t(`${k}.status.${unit.status}`)}
                  />
                </TableCell>
                <TableCell>{unit.label_count}</TableCell>
                <TableCell align="right">
                  <Button
                    size="small"
                    onClick={() => {
                      setDecisionError(null);
                      setOpen(unit);
                    }}
                  >
                    {unit.status === 'pending' && data?.can_review === true
                      ? t(`${k}.review`)
                      : t(`${k}.view`)}
                  </Button>
                  {canEdit(unit) && (
                    <Button size="small" onClick={() => void navigate(annotationPath(unit))}>
                      {t(`${k}.edit`)}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <TablePagination
          component="div"
          count={data?.total ?? 0}
          page={filters.page - 1}
          rowsPerPage={filters.limit}
          rowsPerPageOptions={[...REVIEW_PAGE_SIZES]}
          onPageChange={(_, page) => setFilters((current) => ({ ...current, page: page + 1 }))}
          onRowsPerPageChange={(event) => update({ limit: Number(event.target.value) })}
        />
      </TableContainer>
      <ReviewDialog
        key={open?.id ?? 'none'}
        unit={open}
        canReview={data?.can_review === true}
        busy={busy}
        error={decisionError}
        onDecide={(decision, notes) => void decide(decision, notes)}
        onClose={() => setOpen(null)}
      />
      {statsOpen && <ReviewStatsDialog stats={stats.data} onClose={() => setStatsOpen(false)} />}
    </Box>
  );
}
