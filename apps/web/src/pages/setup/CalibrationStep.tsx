import { Alert, Grid, TextField, Typography } from '@mui/material';
import { NAME_MAX, SHORT_TEXT_MAX, type CalibrationProfile } from '@sarm/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { calibrationKeys, saveCalibrationProfile } from '../../api/calibrationApi';
import { errorMessage } from '../../api/client';
import { useCan } from '../admin/common/useCan';
import {
  calibrationForm,
  calibrationInput,
  type CalibrationForm,
  type CalibrationFormField,
} from '../settings/calibrationLogic';
import { MicrometerHelper } from '../settings/MicrometerHelper';
import { calibrationDefaults } from './setupSteps';
import { StepActions } from './StepActions';

/**
 * Step 3: a microscope calibration profile through the calibration API, the same fields and
 * checks as the profile dialog of the settings page, filled with common defaults.
 */
export function CalibrationStep(props: {
  readonly created: CalibrationProfile | null;
  readonly onSaved: (profile: CalibrationProfile) => void;
  readonly onSkip: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const allowed = useCan(['manage_calibration']);
  const [form, setForm] = useState<CalibrationForm>(() =>
    props.created === null
      ? calibrationDefaults({
          name: t('setup.calibration.defaultName'),
          objective: t('setup.calibration.defaultObjective'),
          chamberName: t('setup.calibration.defaultChamber'),
        })
      : calibrationForm(props.created),
  );
  const [errors, setErrors] = useState<Partial<Record<CalibrationFormField, string>>>({});
  const save = useMutation({
    mutationFn: (input: Parameters<typeof saveCalibrationProfile>[1]) =>
      saveCalibrationProfile(props.created?.id ?? null, input),
    onSuccess: async (profile) => {
      await client.invalidateQueries({ queryKey: calibrationKeys.profiles });
      props.onSaved(profile);
    },
  });

  if (!allowed)
    return (
      <>
        <Alert severity="info">{t('setup.calibration.noPermission')}</Alert>
        <StepActions busy={false} onSkip={props.onSkip} />
      </>
    );
  const submit = () => {
    const checked = calibrationInput(form);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    save.mutate(checked.input);
  };
  const field = (name: CalibrationFormField, label: string, max?: number, numeric = false) => (
    <Grid size={{ xs: 12, sm: 6 }}>
      <TextField
        fullWidth
        size="small"
        label={label}
        type={numeric ? 'number' : 'text'}
        value={form[name]}
        error={errors[name] !== undefined}
        helperText={errors[name]}
        disabled={save.isPending}
        onChange={(event) => setForm((current) => ({ ...current, [name]: event.target.value }))}
        slotProps={{ htmlInput: { maxLength: max, step: 'any' } }}
      />
    </Grid>
  );
  return (
    <>
      <Typography color="textSecondary" sx={{ mb: 2 }}>
        {t('setup.calibration.intro')}
      </Typography>
      <Grid container spacing={2} sx={{ maxWidth: 720 }}>
        {field('name', t('calibration.name'), NAME_MAX)}
        {field('objective', t('calibration.objective'), SHORT_TEXT_MAX)}
        {field('umPerPixel', t('calibration.umPerPixel'), undefined, true)}
        {field('frameRateFps', t('calibration.frameRate'), undefined, true)}
        {field('chamberName', t('calibration.chamberName'), NAME_MAX)}
        {field('chamberDepthUm', t('calibration.chamberDepth'), undefined, true)}
        <Grid size={12}>
          <MicrometerHelper
            onScale={(scale) => setForm((current) => ({ ...current, umPerPixel: String(scale) }))}
          />
        </Grid>
      </Grid>
      {save.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(save.error, t('setup.saveFailed'))}
        </Alert>
      )}
      <StepActions busy={save.isPending} onSave={submit} onSkip={props.onSkip} />
    </>
  );
}
