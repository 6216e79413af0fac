import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  TextField,
} from '@mui/material';
import { NAME_MAX, SHORT_TEXT_MAX, type CalibrationProfile } from '@sarm/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveCalibrationProfile } from '../../api/calibrationApi';
import { errorMessage } from '../../api/client';
import {
  calibrationForm,
  calibrationInput,
  type CalibrationForm,
  type CalibrationFormField,
} from './calibrationLogic';
import { MicrometerHelper } from './MicrometerHelper';

/** Create or edit a calibration profile; mount it only while open. */
export function CalibrationProfileDialog({
  profile,
  onClose,
  onSaved,
}: {
  readonly profile: CalibrationProfile | null;
  readonly onClose: () => void;
  readonly onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<CalibrationForm>(() => calibrationForm(profile));
  const [errors, setErrors] = useState<Partial<Record<CalibrationFormField, string>>>({});
  const save = useMutation({
    mutationFn: (input: Parameters<typeof saveCalibrationProfile>[1]) =>
      saveCalibrationProfile(profile?.id ?? null, input),
    onSuccess: onSaved,
  });
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
  function submit() {
    const checked = calibrationInput(form);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    save.mutate(checked.input);
  }
  return (
    <Dialog open fullWidth maxWidth="sm" onClose={save.isPending ? undefined : onClose}>
      <DialogTitle>
        {profile === null ? t('calibration.newTitle') : t('calibration.editTitle')}
      </DialogTitle>
      <DialogContent dividers>
        {save.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(save.error, t('clinical.unknownError'))}
          </Alert>
        )}
        <Grid container spacing={2}>
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          {t('clinical.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          {t('calibration.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
