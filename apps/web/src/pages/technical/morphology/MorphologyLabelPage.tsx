import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Pagination,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { errorMessage } from '../../../api/client';
import { fetchDataLabel } from '../../../api/technical/annotationApi';
import { dataLabelKeys, deleteLabelItem, fetchLabelStats } from '../../../api/technical/labelsApi';
import {
  downloadMorphologyExport,
  fetchMorphologyItems,
  morphologyKeys,
  saveClassifications,
  setItemQuality,
  type MorphologyExportOptions,
  type MorphologyItem,
} from '../../../api/technical/morphologyApi';
import { useConfirm, useToast } from '../../../feedback/feedbackContext';
import { EditClassificationDialog } from './EditClassificationDialog';
import { ExportDialog } from './ExportDialog';
import {
  classificationsPayload,
  MORPHOLOGY_PAGE_SIZE,
  type CropClassification,
} from './labelingLogic';
import { MorphologyItemsGrid } from './MorphologyItemsGrid';
import { MorphologyStatsChips } from './MorphologyStatsChips';

const k = 'technical.morphology.label';

/**
 * One morphology data label (spec 2 §2.1): its name, dataset and statistics, then its items 20 a
 * page with search; an item's class, confidence and notes are edited, its quality marked good or
 * bad, or it is deleted; the label exports as COCO or masks.
 */
export function MorphologyLabelPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const confirm = useConfirm();
  const client = useQueryClient();
  const dataLabelId = useParams().dataLabelId ?? '';
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<MorphologyItem | null>(null);
  const [exportOpen, setExportOpen] = useState(false);

  const label = useQuery({
    queryKey: ['technical', 'morphology', 'label', dataLabelId],
    queryFn: () => fetchDataLabel(dataLabelId),
    enabled: dataLabelId !== '',
  });
  const stats = useQuery({
    queryKey: dataLabelKeys.stats(dataLabelId),
    queryFn: () => fetchLabelStats(dataLabelId),
    enabled: dataLabelId !== '',
  });
  const items = useQuery({
    queryKey: morphologyKeys.labelItems(dataLabelId, query, page, MORPHOLOGY_PAGE_SIZE),
    queryFn: () => fetchMorphologyItems(dataLabelId, { query, page, limit: MORPHOLOGY_PAGE_SIZE }),
    enabled: dataLabelId !== '',
    placeholderData: keepPreviousData,
  });
  const datasetId = label.data?.dataset_id ?? '';
  const refresh = () => client.invalidateQueries({ queryKey: morphologyKeys.all });

  const edit = useMutation({
    mutationFn: (change: { item: MorphologyItem; value: CropClassification }) =>
      saveClassifications(
        { datasetId, labelId: dataLabelId },
        classificationsPayload(
          [change.item.detection_id],
          new Map([[change.item.detection_id, change.value]]),
        ),
      ),
    onSuccess: async () => {
      setEditing(null);
      toast(t(`${k}.updated`), 'success');
      await refresh();
    },
    onError: (error) => toast(errorMessage(error, t(`${k}.updateFailed`)), 'error'),
  });
  const quality = useMutation({
    mutationFn: (change: { item: MorphologyItem; quality: 'good' | 'bad' }) =>
      setItemQuality({ datasetId, labelId: dataLabelId, itemId: change.item.id }, change.quality),
    onSuccess: refresh,
    onError: (error) => toast(errorMessage(error, t(`${k}.updateFailed`)), 'error'),
  });
  const exporting = useMutation({
    mutationFn: (options: MorphologyExportOptions) =>
      downloadMorphologyExport({ datasetId, labelId: dataLabelId }, options),
    onSuccess: () => {
      setExportOpen(false);
      toast(t(`${k}.exported`), 'success');
    },
    onError: (error) => toast(errorMessage(error, t(`${k}.exportFailed`)), 'error'),
  });
  const remove = (item: MorphologyItem) =>
    void confirm({
      message: t(`${k}.deleteConfirm`),
      onConfirm: async () => {
        // Failures are silent (spec 2 §8); the table shows what is left.
        await deleteLabelItem(dataLabelId, item.id).catch(() => undefined);
        await refresh();
      },
    });

  if (label.isPending) return <LinearProgress />;
  if (label.isError || label.data === null)
    return (
      <Alert
        severity="error"
        action={
          <Button component={RouterLink} to="/finetune/morphology-data-labels">
            {t(`${k}.backToList`)}
          </Button>
        }
      >
        {label.isError ? errorMessage(label.error, t(`${k}.loadFailed`)) : t(`${k}.notFound`)}
      </Alert>
    );

  const list = items.data?.items ?? [];
  return (
    <Box>
      <Button
        startIcon={<ArrowBackIcon />}
        component={RouterLink}
        to="/finetune/morphology-data-labels"
        sx={{ mb: 1 }}
      >
        {t(`${k}.backToList`)}
      </Button>
      <Stack
        direction="row"
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}
      >
        <Typography variant="h5" component="h1" sx={{ wordBreak: 'break-all' }}>
          {label.data.name}
        </Typography>
        <Button variant="contained" onClick={() => setExportOpen(true)} sx={{ flexShrink: 0 }}>
          {t(`${k}.export`)}
        </Button>
      </Stack>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
          {t(`${k}.headerLine`, {
            dataset: label.data.dataset_name,
            owner: label.data.user_name ?? '–',
            date: new Date(label.data.created_at).toLocaleDateString(),
          })}
        </Typography>
        {label.data.description !== '' && (
          <Typography variant="body2" sx={{ mb: 1 }}>
            {label.data.description}
          </Typography>
        )}
        {stats.data !== undefined && <MorphologyStatsChips stats={stats.data} size="medium" />}
      </Paper>
      <TextField
        size="small"
        label={t(`${k}.search`)}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setPage(1);
        }}
        sx={{ mb: 2, minWidth: 300 }}
      />
      {items.isPending && <LinearProgress />}
      {items.isError && (
        <Alert severity="error">{errorMessage(items.error, t(`${k}.itemsFailed`))}</Alert>
      )}
      {items.isSuccess && list.length === 0 && (
        <Typography color="textSecondary">{t(`${k}.empty`)}</Typography>
      )}
      {list.length > 0 && (
        <MorphologyItemsGrid
          items={list}
          onEdit={setEditing}
          onQuality={(item, value) => quality.mutate({ item, quality: value })}
          onDelete={remove}
        />
      )}
      {(items.data?.total_pages ?? 1) > 1 && (
        <Pagination
          sx={{ mt: 2 }}
          page={page}
          count={items.data?.total_pages ?? 1}
          onChange={(_, value) => setPage(value)}
        />
      )}
      <EditClassificationDialog
        item={editing}
        saving={edit.isPending}
        onClose={() => setEditing(null)}
        onSave={(item, value) => edit.mutate({ item, value })}
      />
      <ExportDialog
        open={exportOpen}
        busy={exporting.isPending}
        onClose={() => setExportOpen(false)}
        onExport={(options) => exporting.mutate(options)}
      />
    </Box>
  );
}
