import { Grid, Paper, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clinicalKeys, fetchAllDatasets, fetchDatasetVideos } from '../../../api/clinicalApi';
import { errorMessage } from '../../../api/client';
import { fetchModels, modelKeys } from '../../../api/technical/modelsApi';
import { createPrediction, predictionKeys } from '../../../api/technical/predictionsApi';
import { useToast } from '../../../feedback/feedbackContext';
import { PredictionSetupForm, type PredictionForm } from './PredictionSetupForm';
import { PredictionView } from './PredictionView';
import { validatePredictionForm } from './predictionLogic';

const k = 'technical.prediction';
const TRAINED = { status: 'trained' } as const;

/** Run Prediction: the setup form, then the run's real progress and results. */
export function RunPredictionTab() {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const [form, setForm] = useState<PredictionForm>({
    name: '',
    modelId: '',
    datasetId: '',
    videoId: '',
  });
  const [activeId, setActiveId] = useState<string | null>(null);
  const models = useQuery({
    queryKey: modelKeys.list(TRAINED),
    queryFn: () => fetchModels(TRAINED),
  });
  const datasets = useQuery({ queryKey: clinicalKeys.allDatasets, queryFn: fetchAllDatasets });
  const videos = useQuery({
    queryKey: clinicalKeys.videos(form.datasetId),
    queryFn: () => fetchDatasetVideos(form.datasetId),
    enabled: form.datasetId !== '',
  });

  const start = useMutation({
    mutationFn: () =>
      createPrediction({ model_id: form.modelId, video_id: form.videoId, name: form.name.trim() }),
    onSuccess: async (prediction) => {
      client.setQueryData(predictionKeys.one(prediction.id), prediction);
      setActiveId(prediction.id);
      await client.invalidateQueries({ queryKey: predictionKeys.list });
    },
    onError: (error) =>
      toast(t(`${k}.errorStarting`, { message: errorMessage(error, t('errors.fetch')) }), 'error'),
  });
  const run = () => {
    const problem = validatePredictionForm(form);
    if (problem !== null) return toast(t(`${k}.validation.${problem}`), 'warning');
    start.mutate();
  };

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 4 }}>
        <PredictionSetupForm
          form={form}
          models={models.data?.models ?? []}
          datasets={datasets.data?.datasets ?? []}
          videos={form.datasetId === '' ? [] : (videos.data ?? [])}
          running={start.isPending}
          onChange={(patch) => setForm((current) => ({ ...current, ...patch }))}
          onRun={run}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 8 }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          {activeId === null ? (
            <Typography color="textSecondary">{t(`${k}.noRun`)}</Typography>
          ) : (
            <PredictionView id={activeId} />
          )}
        </Paper>
      </Grid>
    </Grid>
  );
}
