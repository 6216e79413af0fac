import { Alert, Box, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import type { Prediction } from '@sarm/contracts';
import { useTranslation } from 'react-i18next';
import { progressPercent } from '../training/trainingLogic';
import { ComparisonLegend } from './ComparisonLegend';
import { PredictionActions } from './PredictionActions';
import { PredictionComparisonView } from './PredictionComparisonView';
import { PredictionFrames } from './PredictionFrames';
import { PredictionSummary } from './PredictionSummary';
import { isPredictionActive, predictionStatusColor } from './predictionLogic';

const k = 'technical.prediction';

/** A prediction as it stands: its progress while it runs, its failure, or its results. */
export function PredictionResults({ prediction }: { readonly prediction: Prediction }) {
  const { t } = useTranslation();
  const percent = progressPercent(prediction.progress);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="h6" sx={{ flexGrow: 1 }}>
          {prediction.name}
        </Typography>
        <Chip
          size="small"
          color={predictionStatusColor(prediction.status)}
          label={t(`${k}.statuses.${prediction.status}`)}
        />
      </Stack>
      <Typography variant="body2" color="textSecondary">
        {t(`${k}.modelOnVideo`, { model: prediction.model_name, video: prediction.video_name })}
      </Typography>
      {isPredictionActive(prediction.status) && (
        <Box>
          <LinearProgress
            variant="determinate"
            value={percent}
            sx={{ height: 10, borderRadius: 1 }}
          />
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t(`${k}.progress`, { value: Math.round(percent) })}
            {prediction.message === null ? '' : ` · ${prediction.message}`}
          </Typography>
        </Box>
      )}
      {prediction.status === 'failed' && (
        <Alert severity="error">
          {t(`${k}.failed`, { error: prediction.error ?? t(`${k}.unknownError`) })}
        </Alert>
      )}
      {prediction.status === 'completed' && (
        <>
          <Typography variant="subtitle1">{t(`${k}.summary`)}</Typography>
          {prediction.metrics === null ? (
            <Typography color="textSecondary">{t(`${k}.noMetrics`)}</Typography>
          ) : (
            <PredictionSummary modelType={prediction.model_type} metrics={prediction.metrics} />
          )}
          {prediction.comparison != null && (
            <PredictionComparisonView comparison={prediction.comparison} />
          )}
          <PredictionActions prediction={prediction} />
          <Typography variant="subtitle1">{t(`${k}.frames.title`)}</Typography>
          {prediction.comparison != null && <ComparisonLegend />}
          <PredictionFrames frames={prediction.frames} />
        </>
      )}
    </Stack>
  );
}
