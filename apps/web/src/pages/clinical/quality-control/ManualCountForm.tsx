import {
  MANUAL_CONCENTRATION_MAX,
  MANUAL_COUNT_METHODS,
  NAME_MAX,
  NOTE_MAX,
  type Dataset,
  type ManualCountMethod,
} from '@sarm/contracts';
import { Alert, Button, Grid, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recordManualCount } from '../../../api/qualityControlApi';
import {
  EMPTY_MANUAL_COUNT_FORM,
  manualCountBody,
  type ManualCountForm as FormValues,
  type ManualCountFormError,
} from './qualityControlLogic';

const ERROR_KEYS = {
  sample: 'qc.form.errors.sample',
  countedBy: 'qc.form.errors.countedBy',
  noFigure: 'qc.form.errors.noFigure',
  notANumber: 'qc.form.errors.notANumber',
  percentRange: 'qc.form.errors.percentRange',
  concentrationRange: 'qc.form.errors.concentrationRange',
  progressiveAboveTotal: 'qc.form.errors.progressiveAboveTotal',
} as const satisfies Record<ManualCountFormError, string>;

const METHOD_KEYS = {
  neubauer: 'qc.methods.neubauer',
  makler: 'qc.methods.makler',
  other: 'qc.methods.other',
} as const satisfies Record<ManualCountMethod, string>;
export { METHOD_KEYS };

/** Form that records a manual count of one of the project's samples. */
export function ManualCountForm({
  datasets,
  onRecorded,
}: {
  datasets: readonly Dataset[];
  onRecorded: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<FormValues>(EMPTY_MANUAL_COUNT_FORM);
  const [formError, setFormError] = useState<ManualCountFormError | null>(null);
  const save = useMutation({
    mutationFn: recordManualCount,
    onSuccess: () => {
      setValues((current) => ({ ...EMPTY_MANUAL_COUNT_FORM, countedBy: current.countedBy }));
      onRecorded();
    },
  });
  const set = (key: keyof FormValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));
  const submit = () => {
    const result = manualCountBody(values, MANUAL_CONCENTRATION_MAX);
    if (!result.ok) {
      setFormError(result.error);
      return;
    }
    setFormError(null);
    save.mutate(result.body);
  };
  return (
    <Paper
      component="form"
      sx={{ p: 2 }}
      noValidate
      data-testid="manual-count-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {t('qc.form.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('qc.form.help')}
      </Typography>
      {formError !== null && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t(ERROR_KEYS[formError], { max: MANUAL_CONCENTRATION_MAX })}
        </Alert>
      )}
      {save.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {save.error.message}
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            select
            fullWidth
            required
            label={t('qc.form.sample')}
            value={values.datasetId}
            onChange={set('datasetId')}
          >
            {datasets.map((dataset) => (
              <MenuItem key={dataset.id} value={dataset.id}>
                {dataset.name}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 4, md: 2 }}>
          <TextField
            fullWidth
            label={t('qc.form.concentration')}
            value={values.concentration}
            onChange={set('concentration')}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4, md: 2 }}>
          <TextField
            fullWidth
            label={t('qc.form.progressive')}
            value={values.progressive}
            onChange={set('progressive')}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4, md: 2 }}>
          <TextField
            fullWidth
            label={t('qc.form.totalMotility')}
            value={values.totalMotility}
            onChange={set('totalMotility')}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 2 }}>
          <TextField
            select
            fullWidth
            label={t('qc.form.method')}
            value={values.method}
            onChange={set('method')}
          >
            {MANUAL_COUNT_METHODS.map((method) => (
              <MenuItem key={method} value={method}>
                {t(METHOD_KEYS[method])}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <TextField
            fullWidth
            required
            label={t('qc.form.countedBy')}
            value={values.countedBy}
            onChange={set('countedBy')}
            slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <TextField
            fullWidth
            label={t('qc.form.notes')}
            value={values.notes}
            onChange={set('notes')}
            slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
          />
        </Grid>
      </Grid>
      <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={save.isPending}>
        {t('qc.form.submit')}
      </Button>
    </Paper>
  );
}
