import { Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import type { Prediction } from '@sarm/contracts';
import { useTranslation } from 'react-i18next';
import { keyMetric, predictionStatusColor } from './predictionLogic';

const k = 'technical.prediction';

/** A saved prediction: name, model, video, status, date, key metric, View Details and Delete. */
export function PredictionCard({
  prediction,
  onView,
  onDelete,
}: {
  readonly prediction: Prediction;
  readonly onView: () => void;
  readonly onDelete: () => void;
}) {
  const { t } = useTranslation();
  const metric = keyMetric(prediction);
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" sx={{ flexGrow: 1, wordBreak: 'break-word' }}>
            {prediction.name}
          </Typography>
          <Chip
            size="small"
            color={predictionStatusColor(prediction.status)}
            label={t(`${k}.statuses.${prediction.status}`)}
          />
        </Stack>
        <Typography variant="body2">
          {t(`${k}.saved.model`, { name: prediction.model_name })}
        </Typography>
        <Typography variant="body2">
          {t(`${k}.saved.video`, { name: prediction.video_name })}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {t(`${k}.saved.date`, { date: new Date(prediction.created_at).toLocaleString() })}
        </Typography>
        {metric !== null && (
          <Typography variant="body2" color="primary" sx={{ mt: 1 }}>
            {t(`${k}.saved.keyMetric`, {
              label: t(`${k}.metrics.${metric.key}`),
              value: metric.value ?? '—',
            })}
          </Typography>
        )}
      </CardContent>
      <CardActions>
        <Button size="small" onClick={onView}>
          {t(`${k}.saved.view`)}
        </Button>
        <Button size="small" color="error" onClick={onDelete}>
          {t(`${k}.saved.delete`)}
        </Button>
      </CardActions>
    </Card>
  );
}
