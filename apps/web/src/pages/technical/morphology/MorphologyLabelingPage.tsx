import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  Chip,
  Grid,
  LinearProgress,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import type { Crop } from '@sarm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { fetchVideo } from '../../../api/clinicalApi';
import { errorMessage } from '../../../api/client';
import {
  fetchFrameCrops,
  fetchMorphologyItems,
  morphologyKeys,
  saveClassifications,
} from '../../../api/technical/morphologyApi';
import { useToast } from '../../../feedback/feedbackContext';
import { useCan } from '../../admin/common/useCan';
import { AuthImage } from '../../clinical/AuthImage';
import { useShortcutKeys } from '../annotation/useShortcutKeys';
import { ClassificationPanel } from './ClassificationPanel';
import { classText } from './classText';
import {
  RETURN_DELAY_MS,
  classificationsPayload,
  classifiedCount,
  initialClassifications,
  labelingActionFor,
  labelingStatus,
  stepObject,
  type CropClassification,
} from './labelingLogic';
import { SaveLabelsDialog } from './SaveLabelsDialog';
import { useMorphologyLabel } from './useMorphologyLabel';

const k = 'technical.morphology.labeling';
const REVIEW_PATH = '/technical/data-label-review';

/**
 * Morphology Data Labeling (spec 2 §2.3), on a real frame: its crops are classified one by one
 * (five classes, confidence 1-5, notes) and saved together into the user's morphology data label
 * of the dataset; crops the label already classifies start classified.
 */
export function MorphologyLabelingPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const navigate = useNavigate();
  const canAnnotate = useCan(['annotate_morphology']);
  const [search] = useSearchParams();
  const frameId = search.get('frameId') ?? '';
  const [selected, setSelected] = useState<string | null>(null);
  const [classified, setClassified] = useState<Map<string, CropClassification> | null>(null);
  const [saveOpen, setSaveOpen] = useState(false);

  const crops = useQuery({
    queryKey: morphologyKeys.frameCrops(frameId),
    queryFn: () => fetchFrameCrops(frameId),
    enabled: canAnnotate && frameId !== '',
  });
  const list = useMemo(() => crops.data?.crops ?? [], [crops.data]);
  const cropIds = useMemo(() => list.map((crop) => crop.id), [list]);
  const first = list[0];
  const videoId = search.get('videoId') ?? first?.video_id ?? '';
  const video = useQuery({
    queryKey: ['technical', 'video', videoId],
    queryFn: () => fetchVideo(videoId),
    enabled: canAnnotate && videoId !== '',
  });
  const datasetId = search.get('datasetId') ?? video.data?.datasetId ?? '';
  const { label } = useMorphologyLabel(datasetId, canAnnotate);
  const labelId = label.data?.id ?? '';
  const stored = useQuery({
    queryKey: morphologyKeys.labelItems(labelId, '', 1, 10_000),
    queryFn: () => fetchMorphologyItems(labelId, { query: '', page: 1, limit: 10_000 }),
    enabled: labelId !== '',
  });

  // The label's classifications seed the page once, when both crops and items are in.
  useEffect(() => {
    if (classified !== null || !crops.isSuccess || !stored.isSuccess) return;
    setClassified(initialClassifications(cropIds, stored.data.items));
  }, [classified, crops.isSuccess, stored.isSuccess, stored.data, cropIds]);

  const current = classified ?? new Map<string, CropClassification>();
  const done = classifiedCount(cropIds, current);
  const status = labelingStatus(done, list.length);
  const selectedCrop: Crop | undefined = list.find((crop) => crop.id === selected);

  const save = useMutation({
    mutationFn: () =>
      saveClassifications({ datasetId, labelId }, classificationsPayload(cropIds, current)),
    onSuccess: async (answer) => {
      toast(t(`${k}.saved`, { saved: answer.saved }), 'success');
      await client.invalidateQueries({ queryKey: morphologyKeys.all });
      setTimeout(() => void navigate(REVIEW_PATH), RETURN_DELAY_MS);
    },
    onError: (error) => {
      setSaveOpen(false);
      toast(errorMessage(error, t(`${k}.saveFailed`)), 'error');
    },
  });

  const apply = (crop: Crop, classification: CropClassification) => {
    setClassified((before) => new Map(before ?? []).set(crop.id, classification));
    const next = list.find((other) => other.id !== crop.id && !current.has(other.id));
    setSelected(next?.id ?? null);
  };

  // ← → walk the objects; the panel takes the digits and Enter.
  useShortcutKeys(
    (press) => {
      const action = labelingActionFor(press);
      return action === 'nextObject' || action === 'previousObject' ? action : null;
    },
    (action) => setSelected(stepObject(cropIds, selected, action === 'nextObject' ? 1 : -1)),
  );

  if (!canAnnotate) return <Alert severity="warning">{t(`${k}.noPermission`)}</Alert>;
  if (frameId === '') return <Alert severity="info">{t(`${k}.missingFrame`)}</Alert>;

  return (
    <Box>
      <Stack
        direction="row"
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}
      >
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Button startIcon={<ArrowBackIcon />} component={RouterLink} to={REVIEW_PATH}>
            {t(`${k}.back`)}
          </Button>
          <Typography variant="h4" component="h1">
            {t('technical.morphology.title')}
          </Typography>
        </Stack>
        <Button
          variant="contained"
          disabled={done === 0 || labelId === '' || save.isPending}
          onClick={() => setSaveOpen(true)}
        >
          {t(`${k}.saveAll`)}
        </Button>
      </Stack>

      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="labeling-summary">
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}
        >
          <Box>
            <Typography variant="h6">
              {first === undefined
                ? t(`${k}.frameUnknown`)
                : t(`${k}.frameLine`, { number: first.frame_number })}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {t(`${k}.sourceLine`, {
                video: video.data?.name ?? '–',
                dataset: label.data?.dataset_name ?? '–',
              })}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {label.data == null
                ? t(`${k}.labelPending`)
                : t(`${k}.labelLine`, { name: label.data.name })}
            </Typography>
          </Box>
          <Box sx={{ minWidth: 260 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
              <Typography variant="subtitle1">
                {t(`${k}.progress`, { done, total: list.length })}
              </Typography>
              <Chip
                size="small"
                color={status === 'complete' ? 'success' : 'warning'}
                label={t(`${k}.status.${status}`)}
              />
            </Stack>
            <LinearProgress
              variant="determinate"
              value={list.length === 0 ? 0 : (done / list.length) * 100}
            />
            {status === 'inProgress' && list.length > 0 && (
              <Typography variant="caption" color="textSecondary">
                {t(`${k}.hint`)}
              </Typography>
            )}
          </Box>
        </Stack>
      </Paper>

      {crops.isPending && <LinearProgress />}
      {crops.isError && <Alert severity="error">{t(`${k}.loadFailed`)}</Alert>}
      {crops.isSuccess && list.length === 0 && <Alert severity="info">{t(`${k}.noCrops`)}</Alert>}
      {list.length > 0 && (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 8 }}>
            <Paper variant="outlined" sx={{ p: 1, mb: 2 }}>
              <Typography variant="subtitle2" sx={{ mb: 1 }}>
                {t(`${k}.preview`)}
              </Typography>
              <AuthImage
                path={`/sarm/media/view-frame/${encodeURIComponent(frameId)}`}
                alt={t(`${k}.previewAlt`)}
                height={300}
              />
            </Paper>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {t(`${k}.objects`)}
            </Typography>
            <Grid container spacing={1} data-testid="object-grid">
              {list.map((crop, position) => {
                const entry = current.get(crop.id);
                return (
                  <Grid key={crop.id} size={{ xs: 4, sm: 3, lg: 2 }}>
                    <Card
                      variant="outlined"
                      sx={{
                        borderColor: crop.id === selected ? 'primary.main' : undefined,
                        borderWidth: crop.id === selected ? 2 : 1,
                      }}
                    >
                      <CardActionArea
                        aria-label={t(`${k}.objectLabel`, { number: position + 1 })}
                        onClick={() => setSelected(crop.id)}
                      >
                        <AuthImage
                          path={crop.crop_url.replace(/^\/api/, '')}
                          alt={t(`${k}.cropAlt`)}
                          height={88}
                        />
                        <Box sx={{ p: 0.5 }}>
                          <Typography variant="caption" component="div">
                            {t(`${k}.objectLabel`, { number: position + 1 })}
                          </Typography>
                          <Chip
                            size="small"
                            color={entry === undefined ? 'default' : 'success'}
                            label={
                              entry === undefined
                                ? t(`${k}.unclassified`)
                                : classText(t, entry.className)
                            }
                          />
                        </Box>
                      </CardActionArea>
                    </Card>
                  </Grid>
                );
              })}
            </Grid>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Paper variant="outlined" sx={{ p: 2, position: 'sticky', top: 16 }}>
              {selectedCrop === undefined ? (
                <Typography color="textSecondary">{t(`${k}.pickObject`)}</Typography>
              ) : (
                <Stack spacing={2}>
                  <Typography variant="h6">
                    {t(`${k}.classifyTitle`, {
                      number: list.indexOf(selectedCrop) + 1,
                    })}
                  </Typography>
                  <AuthImage
                    path={selectedCrop.crop_url.replace(/^\/api/, '')}
                    alt={t(`${k}.cropAlt`)}
                    height={160}
                  />
                  <Typography variant="caption" color="textSecondary">
                    {t(`${k}.detectionConfidence`, {
                      value: Math.round(selectedCrop.confidence * 100),
                    })}
                  </Typography>
                  <ClassificationPanel
                    key={selectedCrop.id}
                    initial={current.get(selectedCrop.id)}
                    applyText={t('technical.morphology.panel.apply')}
                    shortcuts
                    onApply={(value) => apply(selectedCrop, value)}
                    onCancel={() => setSelected(null)}
                  />
                </Stack>
              )}
            </Paper>
          </Grid>
        </Grid>
      )}
      <SaveLabelsDialog
        open={saveOpen}
        classified={done}
        total={list.length}
        saving={save.isPending || save.isSuccess}
        onCancel={() => setSaveOpen(false)}
        onSave={() => save.mutate()}
      />
    </Box>
  );
}
