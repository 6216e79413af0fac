import { Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { MODEL_TYPES, type DataLabel, type Dataset, type ModelType } from '@sarm/contracts';
import { useTranslation } from 'react-i18next';
import { HyperparameterFields } from './HyperparameterFields';
import type { TrainingForm } from './trainingLogic';

const k = 'technical.training';

/** Model name, type, dataset, data label, notes and hyperparameters, with Start Training. */
export function TrainingConfigForm({
  form,
  datasets,
  labels,
  locked,
  starting,
  onChange,
  onStart,
}: {
  readonly form: TrainingForm;
  readonly datasets: readonly Dataset[];
  readonly labels: readonly DataLabel[];
  /** While a run trains, its configuration cannot change. */
  readonly locked: boolean;
  readonly starting: boolean;
  readonly onChange: (patch: Partial<TrainingForm>) => void;
  readonly onStart: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" gutterBottom>
        {t(`${k}.configuration`)}
      </Typography>
      <Stack spacing={2}>
        <TextField
          label={t(`${k}.fields.name`)}
          value={form.name}
          disabled={locked}
          onChange={(event) => onChange({ name: event.target.value })}
        />
        <TextField
          select
          label={t(`${k}.fields.type`)}
          value={form.type}
          disabled={locked}
          onChange={(event) => {
            const type = MODEL_TYPES.find((item) => item === event.target.value) ?? 'detection';
            onChange({ type, datasetId: '', dataLabelId: '' });
          }}
        >
          {MODEL_TYPES.map((type: ModelType) => (
            <MenuItem key={type} value={type}>
              {t(`${k}.types.${type}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t(`${k}.fields.dataset`)}
          value={datasets.some((item) => item.id === form.datasetId) ? form.datasetId : ''}
          disabled={locked}
          helperText={datasets.length === 0 ? t(`${k}.noDatasets`) : undefined}
          onChange={(event) => onChange({ datasetId: event.target.value, dataLabelId: '' })}
        >
          {datasets.map((dataset) => (
            <MenuItem key={dataset.id} value={dataset.id}>
              {t(`${k}.datasetOption`, {
                name: dataset.name,
                type: t(`${k}.datasetTypes.${dataset.type}`),
              })}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t(`${k}.fields.dataLabel`)}
          value={labels.some((item) => item.id === form.dataLabelId) ? form.dataLabelId : ''}
          disabled={locked || form.datasetId === ''}
          onChange={(event) => onChange({ dataLabelId: event.target.value })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t(`${k}.allLabels`)}</MenuItem>
          {labels.map((label) => (
            <MenuItem key={label.id} value={label.id}>
              {t(`${k}.labelOption`, { name: label.name, items: label.item_count })}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          multiline
          minRows={2}
          label={t(`${k}.fields.notes`)}
          value={form.notes}
          onChange={(event) => onChange({ notes: event.target.value })}
        />
        <HyperparameterFields
          value={form.config}
          disabled={locked}
          onChange={(name, text) => onChange({ config: { ...form.config, [name]: text } })}
        />
        <Button variant="contained" disabled={locked || starting} onClick={onStart}>
          {starting ? t(`${k}.starting`) : t(`${k}.start`)}
        </Button>
      </Stack>
    </Paper>
  );
}
