import { Grid, Typography } from '@mui/material';
import type { TrainingCurves as Curves, ModelType } from '@sarm/contracts';
import { useTranslation } from 'react-i18next';
import { LineChart } from './LineChart';

const k = 'technical.training';
const TRAIN_COLOR = '#0077B6';
const VALIDATION_COLOR = '#F4A261';

/**
 * Loss and val_loss, accuracy and val_accuracy per epoch, side by side. A detector's accuracy is
 * its detection F1, which the caption says once the model's type is known.
 */
export function TrainingCurves({
  curves,
  modelType,
}: {
  readonly curves: Curves;
  readonly modelType: ModelType | null;
}) {
  const { t } = useTranslation();
  const chart = (
    title: string,
    train: readonly number[],
    validation: readonly (number | null)[],
    names: [string, string],
  ) => (
    <LineChart
      title={title}
      empty={t(`${k}.noEpochsYet`)}
      xLabel={t(`${k}.epochAxis`)}
      series={[
        { label: names[0], values: train, color: TRAIN_COLOR },
        { label: names[1], values: validation, color: VALIDATION_COLOR, dashed: true },
      ]}
    />
  );
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        {chart(t(`${k}.lossChart`), curves.loss, curves.val_loss, [
          t(`${k}.seriesLoss`),
          t(`${k}.seriesValLoss`),
        ])}
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        {chart(t(`${k}.accuracyChart`), curves.accuracy, curves.val_accuracy, [
          t(`${k}.seriesAccuracy`),
          t(`${k}.seriesValAccuracy`),
        ])}
        {modelType === 'detection' && (
          <Typography variant="caption" color="textSecondary" component="p">
            {t(`${k}.detectorAccuracyCaption`)}
          </Typography>
        )}
      </Grid>
    </Grid>
  );
}
