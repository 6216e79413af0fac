import {
  Button,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { deploymentKindOf, type Model } from '@sarm/contracts';
import { useTranslation } from 'react-i18next';
import { formatMetric, modelStatusColor } from './trainingLogic';
import { validationF1Cell } from './validationLogic';

const k = 'technical.training.models';

export interface ModelRowActions {
  readonly onView: (model: Model) => void;
  readonly onExport: (model: Model) => void;
  /** Absent without deploy_models. */
  readonly onDeploy?: (model: Model) => void;
  readonly onDelete: (model: Model) => void;
}

const COLUMNS = [
  'name',
  'type',
  'dataset',
  'status',
  'metrics',
  'f1',
  'trainedAt',
  'actions',
] as const;

/** The validation F1 of a detector trained here, or why there is none. */
function F1Cell({ model }: { readonly model: Model }) {
  const { t } = useTranslation();
  const cell = validationF1Cell(model);
  switch (cell.kind) {
    case 'value':
      return <>{cell.text}</>;
    case 'notMeasured':
      return (
        <Typography variant="caption" color="textSecondary">
          {t(`${k}.notMeasured`)}
        </Typography>
      );
    case 'none':
      return <>—</>;
  }
}

/**
 * The model registry: name, type, dataset, status, final metrics, validation F1 (detectors
 * trained here), trained at and actions.
 */
export function ModelsTable({
  models,
  exportingId,
  actions,
}: {
  readonly models: readonly Model[];
  readonly exportingId: string | null;
  readonly actions: ModelRowActions;
}) {
  const { t } = useTranslation();
  const { onDeploy } = actions;
  return (
    <TableContainer>
      <Table size="small">
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column}>{t(`${k}.columns.${column}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {models.map((model) => (
            <TableRow key={model.id} hover>
              <TableCell>
                <Typography variant="body2">{model.name}</Typography>
                {model.source === 'imported' && (
                  <Chip size="small" variant="outlined" label={t(`${k}.importedChip`)} />
                )}
                {model.deployed_project_ids.length > 0 && (
                  <Chip size="small" color="primary" label={t(`${k}.deployedAs.${model.type}`)} />
                )}
              </TableCell>
              <TableCell>{t(`technical.training.types.${model.type}`)}</TableCell>
              <TableCell>{model.dataset_name ?? '—'}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={modelStatusColor(model.status)}
                  label={t(`technical.training.statuses.${model.status}`)}
                />
              </TableCell>
              <TableCell>
                {model.metrics === null
                  ? '—'
                  : t(`${k}.metricsValue`, {
                      loss: formatMetric(model.metrics.final_loss) ?? '—',
                      accuracy: formatMetric(model.metrics.final_accuracy) ?? '—',
                    })}
              </TableCell>
              <TableCell>
                <F1Cell model={model} />
              </TableCell>
              <TableCell>
                {model.trained_at === null ? '—' : new Date(model.trained_at).toLocaleString()}
              </TableCell>
              <TableCell>
                <Stack direction="row" spacing={0.5}>
                  <Button size="small" onClick={() => actions.onView(model)}>
                    {t(`${k}.view`)}
                  </Button>
                  <Button
                    size="small"
                    disabled={exportingId === model.id || model.status !== 'trained'}
                    onClick={() => actions.onExport(model)}
                  >
                    {t(`${k}.export`)}
                  </Button>
                  {onDeploy !== undefined && (
                    <Button
                      size="small"
                      disabled={model.status !== 'trained'}
                      onClick={() => onDeploy(model)}
                    >
                      {deploymentKindOf(model.type) === 'morphology'
                        ? t('technical.training.deploy.morphology.deploy')
                        : t(`${k}.deploy`)}
                    </Button>
                  )}
                  <Button
                    size="small"
                    color="error"
                    disabled={model.status === 'training'}
                    onClick={() => actions.onDelete(model)}
                  >
                    {t(`${k}.delete`)}
                  </Button>
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
