import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  Chip,
  Grid,
  LinearProgress,
  MenuItem,
  Pagination,
  Paper,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import {
  BUILTIN_SEGMENTER_ID,
  maskConfidenceBand,
  type Crop,
  type MaskPoint,
  type MaskResult,
  type MorphologyClass,
} from '@sarm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { fetchVideo } from '../../../api/clinicalApi';
import { errorMessage } from '../../../api/client';
import { annotationKeys } from '../../../api/technical/annotationApi';
import {
  addMaskToLabel,
  autoSuggestPoints,
  fetchCrops,
  fetchSegmentationModels,
  generateMask,
  segmentationKeys,
} from '../../../api/technical/segmentationApi';
import { useToast } from '../../../feedback/feedbackContext';
import { useCan } from '../../admin/common/useCan';
import { AuthImage } from '../../clinical/AuthImage';
import { ShortcutsDialog } from '../annotation/ShortcutsDialog';
import { useShortcutKeys } from '../annotation/useShortcutKeys';
import { CropPromptView } from './CropPromptView';
import { useMorphologyLabel } from '../morphology/useMorphologyLabel';
import {
  SEGMENTATION_SHORTCUTS,
  segmentationActionFor,
  stepCrop,
  type SegmentationAction,
} from './segmentationLogic';
import { MorphologyClassSelect } from './MorphologyClassSelect';

const k = 'technical.segmentation';

/**
 * Segmentation morphology annotation tool (spec 2 §2.3): the crops of a frame (or a video), 24 a
 * page; foreground and background points on the chosen crop give a mask from the segmenter; the
 * mask goes with its class into the user's morphology data label of the dataset, created once
 * when missing. Every action has its key (F B A Z R G S ← → ?).
 */
export function SegmentationToolPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const canAnnotate = useCan(['annotate_morphology']);
  const [search] = useSearchParams();
  const frameId = search.get('frameId') ?? '';
  const queryVideoId = search.get('videoId') ?? '';
  const queryDatasetId = search.get('datasetId') ?? '';
  const [page, setPage] = useState(1);
  const [index, setIndex] = useState<number | null>(null);
  const [mode, setMode] = useState<0 | 1>(1);
  const [points, setPoints] = useState<MaskPoint[]>([]);
  const [result, setResult] = useState<MaskResult | null>(null);
  const [morphologyClass, setMorphologyClass] = useState<MorphologyClass>('normal');
  const [modelId, setModelId] = useState<string>(BUILTIN_SEGMENTER_ID);
  const [helpOpen, setHelpOpen] = useState(false);

  const scope = { frameId, videoId: queryVideoId };
  const hasScope = frameId !== '' || queryVideoId !== '';
  const crops = useQuery({
    queryKey: segmentationKeys.crops(scope, page),
    queryFn: () => fetchCrops(scope, page),
    enabled: canAnnotate && hasScope,
  });
  const list = crops.data?.crops ?? [];
  const crop: Crop | null = index === null ? null : (list[index] ?? null);
  const videoId = queryVideoId !== '' ? queryVideoId : (list[0]?.video_id ?? '');
  const video = useQuery({
    queryKey: ['technical', 'video', videoId],
    queryFn: () => fetchVideo(videoId),
    enabled: canAnnotate && queryDatasetId === '' && videoId !== '',
  });
  const datasetId = queryDatasetId !== '' ? queryDatasetId : (video.data?.datasetId ?? '');
  const { label, labelName } = useMorphologyLabel(datasetId, canAnnotate);
  const models = useQuery({
    queryKey: segmentationKeys.models,
    queryFn: fetchSegmentationModels,
    enabled: canAnnotate,
  });
  const added = new Set(label.data?.detection_ids ?? []);

  const choose = (next: number | null) => {
    setIndex(next);
    setPoints([]);
    setResult(null);
  };

  const suggest = useMutation({
    mutationFn: (target: Crop) => autoSuggestPoints(target.id),
    onSuccess: (answer) => {
      setPoints(answer.points);
      setResult(null);
      toast(t(`${k}.suggested`, { count: answer.points.length }), 'success');
    },
    onError: (error) =>
      toast(t(`${k}.suggestFailed`, { reason: errorMessage(error, '') }), 'error'),
  });
  const generate = useMutation({
    mutationFn: (target: Crop) => generateMask(target.id, points, modelId),
    onSuccess: (answer) => {
      setResult(answer);
      toast(t(`${k}.generated`, { confidence: Math.round(answer.confidence * 100) }), 'success');
    },
    onError: (error) =>
      toast(t(`${k}.generateFailed`, { reason: errorMessage(error, '') }), 'error'),
  });
  const save = useMutation({
    mutationFn: async (target: Crop) => {
      if (label.data == null) throw new Error(t(`${k}.noLabel`));
      return addMaskToLabel(
        { datasetId, labelId: label.data.id, videoId: target.video_id, cropId: target.id },
        morphologyClass,
        points,
      );
    },
    onSuccess: async () => {
      toast(t(`${k}.added`), 'success');
      await client.invalidateQueries({ queryKey: annotationKeys.label(labelName) });
    },
    onError: () => toast(t(`${k}.addFailed`), 'error'),
  });

  function run(action: SegmentationAction) {
    const busy = suggest.isPending || generate.isPending || save.isPending;
    if (typeof action === 'object') return setMorphologyClass(action.chooseClass);
    switch (action) {
      case 'foreground':
        return setMode(1);
      case 'background':
        return setMode(0);
      case 'undo':
        setResult(null);
        return setPoints((current) => current.slice(0, -1));
      case 'reset':
        setResult(null);
        return setPoints([]);
      case 'previousCrop':
        return choose(stepCrop(index, -1, list.length));
      case 'nextCrop':
        return choose(stepCrop(index, 1, list.length));
      case 'help':
        return setHelpOpen(true);
      case 'autoSuggest':
        if (crop === null) return toast(t(`${k}.selectFirst`), 'warning');
        if (!busy) suggest.mutate(crop);
        return;
      case 'generate':
        if (crop === null || !points.some((point) => point.label === 1))
          return toast(t(`${k}.selectFirst`), 'warning');
        if (!busy) generate.mutate(crop);
        return;
      case 'save':
        if (crop === null || result === null || label.data == null)
          return toast(t(`${k}.saveFirst`), 'warning');
        if (!busy) save.mutate(crop);
        return;
    }
  }
  useShortcutKeys(segmentationActionFor, run);

  if (!canAnnotate) return <Alert severity="warning">{t(`${k}.noPermission`)}</Alert>;
  if (!hasScope) return <Alert severity="info">{t(`${k}.missingScope`)}</Alert>;

  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Box>
          <Typography variant="h4" component="h1">
            {t(`${k}.title`)}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {label.data == null
              ? t(`${k}.labelPending`)
              : t(`${k}.labelLine`, { name: label.data.name, count: label.data.item_count })}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1}>
          {frameId !== '' && (
            <Button
              component={RouterLink}
              to={`/finetune/morphology-labeling?${search.toString()}`}
            >
              {t('technical.morphology.classifyMorphology')}
            </Button>
          )}
          <Button onClick={() => setHelpOpen(true)}>{t(`${k}.shortcuts`)}</Button>
        </Stack>
      </Stack>
      {crops.isPending && <LinearProgress />}
      {crops.isError && <Alert severity="error">{t(`${k}.loadFailed`)}</Alert>}
      {crops.isSuccess && list.length === 0 && (
        <Alert severity="info">{frameId !== '' ? t(`${k}.noCropsFrame`) : t(`${k}.noCrops`)}</Alert>
      )}
      {list.length > 0 && (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Grid container spacing={1} data-testid="crop-grid">
              {list.map((item, position) => (
                <Grid key={item.id} size={{ xs: 4 }}>
                  <Card
                    variant="outlined"
                    sx={{ borderColor: position === index ? 'primary.main' : undefined }}
                  >
                    <CardActionArea
                      aria-label={t(`${k}.cropLabel`, { number: position + 1 })}
                      onClick={() => choose(position)}
                    >
                      <AuthImage
                        path={item.crop_url.replace(/^\/api/, '')}
                        alt={t(`${k}.cropAlt`)}
                        height={72}
                      />
                      <Chip
                        size="small"
                        sx={{ m: 0.5 }}
                        color={added.has(item.id) ? 'success' : 'default'}
                        label={added.has(item.id) ? t(`${k}.addedChip`) : t(`${k}.notAddedChip`)}
                      />
                    </CardActionArea>
                  </Card>
                </Grid>
              ))}
            </Grid>
            {(crops.data?.total ?? 0) > list.length && (
              <Pagination
                sx={{ mt: 1 }}
                page={page}
                count={Math.ceil((crops.data?.total ?? 0) / 24)}
                onChange={(_, value) => {
                  setPage(value);
                  choose(null);
                }}
              />
            )}
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            {crop === null ? (
              <Alert severity="info">{t(`${k}.pickCrop`)}</Alert>
            ) : (
              <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2}>
                <CropPromptView
                  key={crop.id}
                  cropUrl={crop.crop_url}
                  maskUrl={result?.mask_url ?? null}
                  crop={crop}
                  points={points}
                  mode={mode}
                  onAddPoint={(point) => {
                    setPoints((current) => [...current, point]);
                    setResult(null);
                  }}
                />
                <Paper variant="outlined" sx={{ p: 2, flexGrow: 1, minWidth: 260 }}>
                  <Stack spacing={1.5}>
                    <ToggleButtonGroup
                      exclusive
                      size="small"
                      value={mode}
                      onChange={(_, value: 0 | 1 | null) => value !== null && setMode(value)}
                    >
                      <ToggleButton value={1}>{t(`${k}.foreground`)}</ToggleButton>
                      <ToggleButton value={0}>{t(`${k}.background`)}</ToggleButton>
                    </ToggleButtonGroup>
                    <Typography variant="body2">
                      {t(`${k}.pointCount`, {
                        foreground: points.filter((point) => point.label === 1).length,
                        background: points.filter((point) => point.label === 0).length,
                      })}
                    </Typography>
                    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                      <Button size="small" onClick={() => run('undo')}>
                        {t(`${k}.undo`)}
                      </Button>
                      <Button size="small" onClick={() => run('reset')}>
                        {t(`${k}.reset`)}
                      </Button>
                      <Button
                        size="small"
                        disabled={suggest.isPending}
                        onClick={() => run('autoSuggest')}
                      >
                        {t(`${k}.autoSuggest`)}
                      </Button>
                    </Stack>
                    <TextField
                      select
                      size="small"
                      label={t(`${k}.model`)}
                      value={modelId}
                      onChange={(event) => setModelId(event.target.value)}
                    >
                      {(models.data?.models ?? []).map((model) => (
                        <MenuItem key={model.id} value={model.id}>
                          {model.name}
                        </MenuItem>
                      ))}
                      {models.data === undefined && (
                        <MenuItem value={BUILTIN_SEGMENTER_ID}>{BUILTIN_SEGMENTER_ID}</MenuItem>
                      )}
                    </TextField>
                    <Button
                      variant="contained"
                      disabled={generate.isPending}
                      onClick={() => run('generate')}
                    >
                      {generate.isPending ? t(`${k}.generating`) : t(`${k}.generate`)}
                    </Button>
                    {result !== null && (
                      <Box data-testid="mask-result">
                        <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
                          <Chip
                            size="small"
                            label={t(`${k}.confidence`, {
                              value: Math.round(result.confidence * 100),
                              band: t(`${k}.bands.${maskConfidenceBand(result.confidence)}`),
                            })}
                          />
                          <Chip
                            size="small"
                            color={result.quality === 'Good' ? 'success' : 'warning'}
                            label={t(`${k}.quality.${result.quality}`)}
                          />
                        </Stack>
                        <Typography variant="caption" color="textSecondary" component="div">
                          {t(`${k}.morphometry`, {
                            length: result.morphometry.length_um.toFixed(1),
                            width: result.morphometry.width_um.toFixed(1),
                            area: result.morphometry.area_um2.toFixed(1),
                            ellipticity: result.morphometry.ellipticity.toFixed(2),
                          })}
                        </Typography>
                      </Box>
                    )}
                    <MorphologyClassSelect
                      label={t(`${k}.class`)}
                      value={morphologyClass}
                      onChange={setMorphologyClass}
                    />
                    <Button
                      variant="outlined"
                      disabled={save.isPending || result === null || label.data == null}
                      onClick={() => run('save')}
                    >
                      {added.has(crop.id) ? t(`${k}.reAdd`) : t(`${k}.add`)}
                    </Button>
                  </Stack>
                </Paper>
              </Stack>
            )}
          </Grid>
        </Grid>
      )}
      <ShortcutsDialog
        open={helpOpen}
        onClose={() => setHelpOpen(false)}
        title={t(`${k}.shortcutsTitle`)}
        shortcuts={SEGMENTATION_SHORTCUTS.map((s) => ({
          keys: s.keys,
          text: t(`${k}.actions.${s.action}`),
        }))}
        closeText={t(`${k}.close`)}
      />
    </Box>
  );
}
