import { Grid, Paper, Typography } from '@mui/material';
import type { Prediction, PredictionMetrics } from '@sarm/contracts';
import { useTranslation } from 'react-i18next';
import { summaryRows } from './predictionLogic';

const k = 'technical.prediction';

/** The results summary: detection figures or morphology shares, by the model's type. */
export function PredictionSummary({
  modelType,
  metrics,
}: {
  readonly modelType: Prediction['model_type'];
  readonly metrics: PredictionMetrics;
}) {
  const { t } = useTranslation();
  return (
    <Grid container spacing={1.5}>
      {summaryRows(modelType, metrics).map((row) => (
        <Grid key={row.key} size={{ xs: 6, sm: 4, md: 3 }}>
          <Paper variant="outlined" sx={{ p: 1.5, height: '100%' }}>
            <Typography variant="caption" color="textSecondary">
              {t(`${k}.metrics.${row.key}`)}
            </Typography>
            <Typography variant="h6" color="primary">
              {row.value ?? '—'}
            </Typography>
          </Paper>
        </Grid>
      ))}
    </Grid>
  );
}
