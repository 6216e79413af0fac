import { Grid, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import {
  HYPERPARAMETER_BOUNDS,
  HYPERPARAMETER_NAMES,
  parseHyperparameter,
  type ConfigDraft,
  type HyperparameterName,
} from './trainingLogic';

const k = 'technical.training';

/** Epochs, batch size, learning rate and validation split within the spec's bounds and steps. */
export function HyperparameterFields({
  value,
  disabled,
  onChange,
}: {
  readonly value: ConfigDraft;
  readonly disabled: boolean;
  readonly onChange: (name: HyperparameterName, text: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Grid container spacing={2}>
      {HYPERPARAMETER_NAMES.map((name) => {
        const bounds = HYPERPARAMETER_BOUNDS[name];
        const invalid = parseHyperparameter(name, value[name]) === null;
        return (
          <Grid key={name} size={{ xs: 12, sm: 6 }}>
            <TextField
              fullWidth
              type="number"
              label={t(`${k}.fields.${name}`)}
              value={value[name]}
              disabled={disabled}
              error={invalid}
              helperText={t(`${k}.range`, { min: bounds.min, max: bounds.max })}
              onChange={(event) => onChange(name, event.target.value)}
              slotProps={{ htmlInput: { min: bounds.min, max: bounds.max, step: bounds.step } }}
            />
          </Grid>
        );
      })}
    </Grid>
  );
}
