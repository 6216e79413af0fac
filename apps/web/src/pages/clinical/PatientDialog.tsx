import { NAME_MAX, NOTE_MAX, PHONE_MAX, type Patient } from '@sarm/contracts';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { savePatient } from '../../api/businessApi';
import { toPatientInput, type PatientFormError, type PatientFormValues } from './businessLogic';
import { patientFormValues } from './patientsLogic';

const ERROR_KEYS: Record<PatientFormError, 'patients.nameRequired' | 'patients.ageInvalid'> = {
  nameRequired: 'patients.nameRequired',
  ageInvalid: 'patients.ageInvalid',
};

interface PatientDialogProps {
  /** The patient to edit, or null to create one. */
  readonly patient: Patient | null;
  readonly onClose: () => void;
  readonly onSaved: (patient: Patient) => void;
}

/** Create/edit form; mount it only while open so it starts from the patient's values. */
export function PatientDialog({ patient, onClose, onSaved }: PatientDialogProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<PatientFormValues>(() => patientFormValues(patient));
  const [formError, setFormError] = useState<PatientFormError | null>(null);
  const save = useMutation({
    mutationFn: (body: Parameters<typeof savePatient>[1]) => savePatient(patient?.id ?? null, body),
    onSuccess: onSaved,
  });
  const set = (key: keyof PatientFormValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));
  const submit = () => {
    const result = toPatientInput(values);
    if ('error' in result) {
      setFormError(result.error);
      return;
    }
    setFormError(null);
    save.mutate(result.body);
  };
  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t(patient === null ? 'patients.add' : 'patients.edit')}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id="patient-form"
          spacing={2}
          sx={{ pt: 1 }}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          {formError !== null && <Alert severity="error">{t(ERROR_KEYS[formError])}</Alert>}
          {save.isError && <Alert severity="error">{save.error.message}</Alert>}
          <TextField
            label={t('patients.name')}
            value={values.name}
            onChange={set('name')}
            slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
            required
            autoFocus
          />
          <TextField
            label={t('patients.age')}
            value={values.age}
            onChange={set('age')}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField
            label={t('patients.contactNumber')}
            value={values.contactNumber}
            onChange={set('contactNumber')}
            slotProps={{ htmlInput: { maxLength: PHONE_MAX } }}
          />
          <TextField
            label={t('patients.notes')}
            value={values.notes}
            onChange={set('notes')}
            slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
            multiline
            minRows={3}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          {t('patients.cancel')}
        </Button>
        <Button type="submit" form="patient-form" variant="contained" disabled={save.isPending}>
          {t('patients.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
