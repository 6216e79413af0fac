import { Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import type { Dataset, Model, Video } from '@sarm/contracts';
import { useTranslation } from 'react-i18next';
import { VideoUploadButton } from './VideoUploadButton';

const k = 'technical.prediction.setup';

export interface PredictionForm {
  readonly name: string;
  readonly modelId: string;
  readonly datasetId: string;
  readonly videoId: string;
}

/** Prediction Name, model, dataset, video of the dataset or a new upload, and Run. */
export function PredictionSetupForm({
  form,
  models,
  datasets,
  videos,
  running,
  onChange,
  onRun,
}: {
  readonly form: PredictionForm;
  readonly models: readonly Model[];
  readonly datasets: readonly Dataset[];
  readonly videos: readonly Video[];
  readonly running: boolean;
  readonly onChange: (patch: Partial<PredictionForm>) => void;
  readonly onRun: () => void;
}) {
  const { t } = useTranslation();
  const known = (list: readonly { id: string }[], id: string) =>
    list.some((item) => item.id === id) ? id : '';
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" gutterBottom>
        {t(`${k}.title`)}
      </Typography>
      <Stack spacing={2}>
        <TextField
          label={t(`${k}.name`)}
          value={form.name}
          onChange={(event) => onChange({ name: event.target.value })}
        />
        <TextField
          select
          label={t(`${k}.model`)}
          value={known(models, form.modelId)}
          helperText={models.length === 0 ? t(`${k}.noModels`) : undefined}
          onChange={(event) => onChange({ modelId: event.target.value })}
        >
          {models.map((model) => (
            <MenuItem key={model.id} value={model.id}>
              {t(`${k}.modelOption`, {
                name: model.name,
                type: t(`technical.training.types.${model.type}`),
              })}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t(`${k}.dataset`)}
          value={known(datasets, form.datasetId)}
          onChange={(event) => onChange({ datasetId: event.target.value, videoId: '' })}
        >
          {datasets.map((dataset) => (
            <MenuItem key={dataset.id} value={dataset.id}>
              {dataset.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t(`${k}.video`)}
          value={known(videos, form.videoId)}
          disabled={form.datasetId === ''}
          helperText={form.datasetId !== '' && videos.length === 0 ? t(`${k}.noVideos`) : undefined}
          onChange={(event) => onChange({ videoId: event.target.value })}
        >
          {videos.map((video) => (
            <MenuItem key={video.id} value={video.id}>
              {video.name}
            </MenuItem>
          ))}
        </TextField>
        <VideoUploadButton
          datasetId={form.datasetId}
          knownVideoIds={videos.map((video) => video.id)}
          onUploaded={(videoId) => onChange({ videoId })}
        />
        <Button variant="contained" disabled={running} onClick={onRun}>
          {running ? t(`${k}.starting`) : t(`${k}.run`)}
        </Button>
      </Stack>
    </Paper>
  );
}
