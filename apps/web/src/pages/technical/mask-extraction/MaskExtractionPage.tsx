import {
  Alert,
  Box,
  Button,
  Grid,
  Paper,
  Stack,
  Step,
  StepButton,
  Stepper,
  Typography,
} from '@mui/material';
import type { Crop, MaskPoint, MaskResult, MorphologyClass } from '@sarm/contracts';
import { defaultDataLabelName } from '@sarm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { clinicalKeys, fetchDataset, fetchVideo } from '../../../api/clinicalApi';
import { errorMessage } from '../../../api/client';
import {
  MASK_CROPS_PER_PAGE,
  addMaskToLabel,
  createDataLabel,
  fetchDataLabel,
  fetchMorphologyLabelsOf,
  fetchSegmentationModels,
  fetchVideoCrops,
  generateMask,
  maskExtractionKeys,
  segmentationKeys,
} from '../../../api/technical/maskExtractionApi';
import { useAuth } from '../../../auth/authContext';
import { useToast } from '../../../feedback/feedbackContext';
import { useCan } from '../../admin/common/useCan';
import { ClinicalBreadcrumbs } from '../../clinical/ClinicalBreadcrumbs';
import { CropGrid } from './CropGrid';
import { ExportStep } from './ExportStep';
import { MaskCanvasPanel } from './MaskCanvasPanel';
import { MaskSettingsBar } from './MaskSettingsBar';
import {
  chooseLabel,
  initialMaskModel,
  missingIdKey,
  pageCount,
  suggestedLabelName,
} from './maskExtractionLogic';
import { NewLabelDialog } from './NewLabelDialog';

const k = 'technical.maskExtraction';

/** Without videoId or datasetId in the address: what is missing, and the way to the datasets. */
function MissingIds({ missing }: { readonly missing: 'videoRequired' | 'datasetRequired' }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 640 }}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
          {t(`${k}.${missing}`)}
        </Alert>
        <Typography>{t(`${k}.provideBoth`)}</Typography>
        <Button variant="contained" component={RouterLink} to="/finetune/datasets">
          {t(`${k}.goToDatasets`)}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * Mask Extraction (spec 2 §2.3): step 1 defines masks of a video's crops with foreground and
 * background points and adds them, with a class, to a morphology data label of the dataset;
 * step 2 exports that label for morphology analysis.
 */
export function MaskExtractionPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const { user } = useAuth();
  const allowed = useCan(['annotate_detection']);
  const [search] = useSearchParams();
  const videoId = search.get('videoId') ?? '';
  const datasetId = search.get('datasetId') ?? '';
  const missing = missingIdKey(videoId, datasetId);
  const ready = allowed && missing === null;

  const [step, setStep] = useState<0 | 1>(0);
  const [page, setPage] = useState(1);
  const [crop, setCrop] = useState<Crop | null>(null);
  const [mode, setMode] = useState<0 | 1>(1);
  const [points, setPoints] = useState<MaskPoint[]>([]);
  const [result, setResult] = useState<MaskResult | null>(null);
  const [morphologyClass, setMorphologyClass] = useState<MorphologyClass>('normal');
  const [chosenModel, setChosenModel] = useState<string | null>(null);
  const [chosenLabel, setChosenLabel] = useState<string | null>(null);
  const [creatingLabel, setCreatingLabel] = useState(false);

  const crops = useQuery({
    queryKey: maskExtractionKeys.crops(videoId, page),
    queryFn: () => fetchVideoCrops(videoId, page),
    enabled: ready,
  });
  const models = useQuery({
    queryKey: segmentationKeys.models,
    queryFn: fetchSegmentationModels,
    enabled: ready,
  });
  const labels = useQuery({
    queryKey: maskExtractionKeys.labels(datasetId),
    queryFn: () => fetchMorphologyLabelsOf(datasetId),
    enabled: ready,
  });
  const dataset = useQuery({
    queryKey: clinicalKeys.dataset(datasetId),
    queryFn: () => fetchDataset(datasetId),
    enabled: ready,
  });
  const video = useQuery({
    queryKey: clinicalKeys.video(videoId),
    queryFn: () => fetchVideo(videoId),
    enabled: ready,
  });
  const labelList = labels.data?.data_labels ?? [];
  const conventional = user === null ? '' : defaultDataLabelName(user.id, datasetId, 'morphology');
  const labelId = chooseLabel(labelList, chosenLabel, conventional);
  const label = labelList.find((item) => item.id === labelId) ?? null;
  const labelItems = useQuery({
    queryKey: maskExtractionKeys.label(labelId ?? ''),
    queryFn: () => fetchDataLabel(labelId ?? ''),
    enabled: ready && labelId !== null,
  });
  const inLabel = new Set(labelItems.data?.detection_ids ?? []);
  const modelList = models.data?.models ?? [];
  const modelId =
    chosenModel !== null && modelList.some((model) => model.id === chosenModel)
      ? chosenModel
      : initialMaskModel(modelList);

  const refreshLabel = async () => {
    await client.invalidateQueries({ queryKey: maskExtractionKeys.labels(datasetId) });
    await client.invalidateQueries({ queryKey: maskExtractionKeys.label(labelId ?? '') });
  };

  const choose = (next: Crop | null) => {
    setCrop(next);
    setPoints([]);
    setResult(null);
  };

  const generate = useMutation({
    mutationFn: (target: Crop) => generateMask(target.id, points, modelId ?? ''),
    onSuccess: (answer) => {
      setResult(answer);
      toast(t(`${k}.generated`, { confidence: Math.round(answer.confidence * 100) }), 'success');
    },
    onError: (error) => {
      const reason = errorMessage(error, '');
      toast(
        reason === '' ? t(`${k}.generateFailed`) : t(`${k}.generateFailedReason`, { reason }),
        'error',
      );
    },
  });
  const create = useMutation({
    mutationFn: (body: { name: string; description: string }) => {
      if (user === null) throw new Error(t(`${k}.labelCreateFailed`));
      return createDataLabel({
        ...body,
        dataset_id: datasetId,
        user_id: user.id,
        label_type: 'morphology',
      });
    },
    onSuccess: async (created) => {
      setCreatingLabel(false);
      setChosenLabel(created.id);
      toast(t(`${k}.labelCreated`), 'success');
      await client.invalidateQueries({ queryKey: maskExtractionKeys.labels(datasetId) });
    },
    onError: () => toast(t(`${k}.labelCreateFailed`), 'error'),
  });
  const add = useMutation({
    mutationFn: (target: { crop: Crop; labelId: string }) =>
      addMaskToLabel(
        {
          datasetId,
          labelId: target.labelId,
          videoId: target.crop.video_id,
          cropId: target.crop.id,
        },
        morphologyClass,
        points,
      ),
    onSuccess: async () => {
      toast(t(`${k}.added`), 'success');
      await refreshLabel();
    },
    onError: () => toast(t(`${k}.addFailed`), 'error'),
  });

  const runGenerate = () => {
    if (crop === null || !points.some((point) => point.label === 1))
      return toast(t(`${k}.selectFirst`), 'warning');
    generate.mutate(crop);
  };
  const runAdd = () => {
    if (crop === null || result === null || labelId === null)
      return toast(t(`${k}.saveFirst`), 'warning');
    add.mutate({ crop, labelId });
  };

  const crumbs = (
    <ClinicalBreadcrumbs
      crumbs={[
        { label: t(`${k}.crumbTechnical`), to: '/finetune/dashboard' },
        { label: t(`${k}.crumbDatasets`), to: '/finetune/datasets' },
        { label: t(`${k}.title`) },
      ]}
    />
  );
  const heading = (
    <Typography variant="h4" component="h1">
      {t(`${k}.title`)}
    </Typography>
  );
  if (!allowed)
    return (
      <Box>
        {crumbs}
        {heading}
        <Alert severity="warning" sx={{ mt: 2 }}>
          {t(`${k}.noPermission`)}
        </Alert>
      </Box>
    );
  if (missing !== null)
    return (
      <Box>
        {crumbs}
        <Box sx={{ mb: 2 }}>{heading}</Box>
        <MissingIds missing={missing} />
      </Box>
    );

  return (
    <Box>
      {crumbs}
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'flex-end', mb: 2 }}
      >
        <Box>
          {heading}
          <Typography variant="body2" color="textSecondary">
            {t(`${k}.subtitle`, {
              dataset: dataset.data?.name ?? datasetId,
              video: video.data?.name ?? videoId,
            })}
          </Typography>
        </Box>
        {step === 0 ? (
          <Button variant="contained" onClick={() => setStep(1)}>
            {t(`${k}.next`)}
          </Button>
        ) : (
          <Button onClick={() => setStep(0)}>{t(`${k}.back`)}</Button>
        )}
      </Stack>
      <Stepper nonLinear activeStep={step} sx={{ mb: 3 }}>
        <Step completed={step === 1}>
          <StepButton onClick={() => setStep(0)}>{t(`${k}.steps.define`)}</StepButton>
        </Step>
        <Step>
          <StepButton onClick={() => setStep(1)}>{t(`${k}.steps.export`)}</StepButton>
        </Step>
      </Stepper>
      {step === 1 ? (
        <ExportStep datasetId={datasetId} label={label} />
      ) : (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 4 }}>
            <CropGrid
              crops={crops.data?.crops ?? []}
              total={crops.data?.total ?? 0}
              loading={crops.isPending}
              failed={crops.isError}
              page={page}
              pages={pageCount(crops.data?.total ?? 0, MASK_CROPS_PER_PAGE)}
              selectedId={crop?.id ?? null}
              inLabel={inLabel}
              onPage={(value) => {
                setPage(value);
                choose(null);
              }}
              onChoose={choose}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <Stack spacing={2}>
              <MaskSettingsBar
                models={modelList}
                modelId={modelId}
                labels={labelList}
                labelId={labelId}
                labelsLoaded={labels.isSuccess}
                onModel={(id) => {
                  setChosenModel(id);
                  setResult(null);
                }}
                onLabel={setChosenLabel}
                onNewLabel={() => setCreatingLabel(true)}
              />
              {crop === null ? (
                <Alert severity="info">{t(`${k}.pickCrop`)}</Alert>
              ) : (
                <MaskCanvasPanel
                  crop={crop}
                  points={points}
                  mode={mode}
                  result={result}
                  morphologyClass={morphologyClass}
                  generating={generate.isPending}
                  adding={add.isPending}
                  canAdd={result !== null && labelId !== null}
                  onMode={setMode}
                  onAddPoint={(point) => {
                    setPoints((current) => [...current, point]);
                    setResult(null);
                  }}
                  onUndo={() => {
                    setPoints((current) => current.slice(0, -1));
                    setResult(null);
                  }}
                  onClear={() => {
                    setPoints([]);
                    setResult(null);
                  }}
                  onGenerate={runGenerate}
                  onClass={setMorphologyClass}
                  onAdd={runAdd}
                />
              )}
            </Stack>
          </Grid>
        </Grid>
      )}
      {creatingLabel && (
        <NewLabelDialog
          open
          suggestedName={suggestedLabelName(user?.id ?? '', datasetId, labelList)}
          creating={create.isPending}
          onCancel={() => setCreatingLabel(false)}
          onCreate={(body) => create.mutate(body)}
        />
      )}
    </Box>
  );
}
