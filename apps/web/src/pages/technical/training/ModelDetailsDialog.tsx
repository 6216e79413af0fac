import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  Stack,
  Typography,
} from '@mui/material';
import type { Model, ModelConfig, ModelMetrics } from '@sarm/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchTrainingStatus, modelKeys } from '../../../api/technical/modelsApi';
import { evaluationToShow } from './evaluationLogic';
import { ModelEvaluationView } from './ModelEvaluationView';
import { ModelValidationView } from './ModelValidationView';
import { TrainingCurves } from './TrainingCurves';
import { formatMetric, HYPERPARAMETER_NAMES, modelStatusColor } from './trainingLogic';

const k = 'technical.training.details';
const METRICS: readonly (keyof ModelMetrics)[] = [
  'final_loss',
  'final_accuracy',
  'final_val_loss',
  'final_val_accuracy',
];

function Fact({ label, value }: { readonly label: string; readonly value: string }) {
  return (
    <Grid size={{ xs: 6, sm: 3 }}>
      <Typography variant="caption" color="textSecondary">
        {label}
      </Typography>
      <Typography variant="body2">{value}</Typography>
    </Grid>
  );
}

/**
 * A model's configuration, metrics, curves, validation by class (morphology), why it failed or
 * that it was stopped, and the projects it is deployed in.
 */
export function ModelDetailsDialog({
  model,
  projectNames,
  onOpenRun,
  onClose,
}: {
  readonly model: Model;
  readonly projectNames: ReadonlyMap<string, string>;
  readonly onOpenRun: (id: string) => void;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const run = useQuery({
    queryKey: modelKeys.trainingStatus(model.id),
    queryFn: () => fetchTrainingStatus(model.id),
    enabled: model.source === 'trained' && model.status !== 'created',
  });
  const config: ModelConfig = model.config;
  const curves = run.data?.metrics;
  // The model's own status decides: a status fetched before a retrain must not show old scores.
  const evaluation = model.status === 'trained' ? evaluationToShow(run.data) : null;
  const failure = model.error ?? run.data?.error ?? null;
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{t(`${k}.title`, { name: model.name })}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1}>
            <Chip
              size="small"
              color={modelStatusColor(model.status)}
              label={t(`technical.training.statuses.${model.status}`)}
            />
            <Chip size="small" label={t(`technical.training.types.${model.type}`)} />
            <Chip size="small" variant="outlined" label={t(`${k}.sources.${model.source}`)} />
          </Stack>
          {model.status === 'failed' && (
            <Alert severity="error">
              {failure === null ? t(`${k}.failedNoReason`) : t(`${k}.failed`, { error: failure })}
            </Alert>
          )}
          {model.status === 'stopped' && <Alert severity="warning">{t(`${k}.stopped`)}</Alert>}
          <Typography variant="subtitle2">{t(`${k}.configuration`)}</Typography>
          <Grid container spacing={1}>
            {HYPERPARAMETER_NAMES.map((name) => (
              <Fact
                key={name}
                label={t(`technical.training.fields.${name}`)}
                value={String(config[name])}
              />
            ))}
            <Fact
              label={t('technical.training.fields.dataset')}
              value={model.dataset_name ?? '—'}
            />
            <Fact
              label={t(`${k}.trainedAt`)}
              value={model.trained_at === null ? '—' : new Date(model.trained_at).toLocaleString()}
            />
          </Grid>
          <Typography variant="subtitle2">{t(`${k}.metrics`)}</Typography>
          {model.metrics === null ? (
            <Typography variant="body2" color="textSecondary">
              {t(`${k}.noMetrics`)}
            </Typography>
          ) : (
            <Grid container spacing={1}>
              {METRICS.map((name) => (
                <Fact
                  key={name}
                  label={t(`${k}.metricNames.${name}`)}
                  value={formatMetric(model.metrics?.[name]) ?? '—'}
                />
              ))}
            </Grid>
          )}
          <ModelValidationView model={model} />
          {curves !== undefined && curves.loss.length > 0 && (
            <TrainingCurves curves={curves} modelType={model.type} />
          )}
          {evaluation !== null && <ModelEvaluationView evaluation={evaluation} />}
          {model.notes.trim() !== '' && (
            <>
              <Typography variant="subtitle2">{t('technical.training.fields.notes')}</Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                {model.notes}
              </Typography>
            </>
          )}
          <Typography variant="subtitle2">
            {model.type === 'morphology' ? t(`${k}.deployedInMorphology`) : t(`${k}.deployedIn`)}
          </Typography>
          {model.deployed_project_ids.length === 0 ? (
            <Typography variant="body2" color="textSecondary">
              {t(`${k}.notDeployed`)}
            </Typography>
          ) : (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
              {model.deployed_project_ids.map((id) => (
                <Chip key={id} size="small" color="primary" label={projectNames.get(id) ?? id} />
              ))}
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {model.source === 'trained' && (
          <Button onClick={() => onOpenRun(model.id)}>{t(`${k}.openRun`)}</Button>
        )}
        <Button variant="contained" onClick={onClose}>
          {t(`${k}.close`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
