import { Alert, Box, Button, Chip, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import type { ModelType, TrainingStatus } from '@sarm/contracts';
import { useTranslation } from 'react-i18next';
import { evaluationToShow } from './evaluationLogic';
import { ModelEvaluationView } from './ModelEvaluationView';
import { TrainingCurves } from './TrainingCurves';
import { TrainingLogBox } from './TrainingLogBox';
import { formatDuration, modelStatusColor, progressPercent } from './trainingLogic';

const k = 'technical.training';

/**
 * Progress, epochs, time remaining, logs and curves of the run, with Stop and Save (and Retry
 * beside the cause when it failed); a morphology
 * run that ended trained adds its validation scores per class.
 */
export function TrainingProgressPanel({
  status,
  modelType,
  logs,
  stopping,
  saving,
  retrying,
  onStop,
  onSave,
  onRetry,
}: {
  readonly status: TrainingStatus | undefined;
  /** The run's model type, `null` until it is known. */
  readonly modelType: ModelType | null;
  readonly logs: readonly string[];
  readonly stopping: boolean;
  readonly saving: boolean;
  readonly retrying: boolean;
  readonly onStop: () => void;
  readonly onSave: () => void;
  /** Trains a failed run again (from its last saved epoch when there is one). */
  readonly onRetry: () => void;
}) {
  const { t } = useTranslation();
  const training = status?.status === 'training';
  const remaining = formatDuration(status?.estimated_time_remaining ?? null);
  const percent = progressPercent(status?.progress ?? 0);
  const evaluation = evaluationToShow(status);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="h6" sx={{ flexGrow: 1 }}>
            {t(`${k}.progress`)}
          </Typography>
          {status !== undefined && (
            <Chip
              size="small"
              color={modelStatusColor(status.status)}
              label={t(`${k}.statuses.${status.status}`)}
            />
          )}
        </Stack>
        {status === undefined ? (
          <Typography color="textSecondary">{t(`${k}.noRun`)}</Typography>
        ) : (
          <Box>
            <LinearProgress
              variant="determinate"
              value={percent}
              sx={{ height: 10, borderRadius: 1 }}
            />
            <Stack direction="row" spacing={3} sx={{ mt: 1, flexWrap: 'wrap' }}>
              <Typography variant="body2">
                {t(`${k}.percent`, { value: percent.toFixed(1) })}
              </Typography>
              <Typography variant="body2">
                {t(`${k}.epochOf`, { current: status.current_epoch, total: status.total_epochs })}
              </Typography>
              {training && (
                <Typography variant="body2">
                  {t(`${k}.remaining`, { time: remaining ?? t(`${k}.estimating`) })}
                </Typography>
              )}
              {status.best_epoch !== null && (
                <Typography variant="body2">
                  {t(`${k}.bestEpoch`, { epoch: status.best_epoch })}
                </Typography>
              )}
              {status.samples !== null && (
                <Typography variant="body2">
                  {t(`${k}.samples`, {
                    training: status.samples.training,
                    validation: status.samples.validation,
                  })}
                </Typography>
              )}
            </Stack>
            {status.stop_requested && training && (
              <Alert severity="info" sx={{ mt: 1 }}>
                {t(`${k}.stopRequested`)}
              </Alert>
            )}
            {status.error !== null && (
              <Alert
                severity="error"
                sx={{ mt: 1 }}
                action={
                  status.status === 'failed' && (
                    <Button color="inherit" size="small" disabled={retrying} onClick={onRetry}>
                      {t(`${k}.retry`)}
                    </Button>
                  )
                }
              >
                {status.error}
                {status.status === 'failed' && (
                  <Typography variant="body2">
                    {status.retry_from_epoch == null
                      ? t(`${k}.retryRestarts`)
                      : t(`${k}.retryResumes`, { epoch: status.retry_from_epoch })}
                  </Typography>
                )}
              </Alert>
            )}
          </Box>
        )}
        <TrainingLogBox lines={logs} />
        {status !== undefined && <TrainingCurves curves={status.metrics} modelType={modelType} />}
        {evaluation !== null && <ModelEvaluationView evaluation={evaluation} />}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button
            color="error"
            variant="outlined"
            disabled={!training || stopping || status.stop_requested}
            onClick={onStop}
          >
            {t(`${k}.stop`)}
          </Button>
          <Button variant="contained" disabled={training || saving} onClick={onSave}>
            {saving ? t(`${k}.saving`) : t(`${k}.save`)}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
