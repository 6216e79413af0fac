import { List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { NAME_MAX, PHONE_MAX } from '@sarm/contracts';
import type { ProfileForm } from './profileForm';

interface StepProps {
  readonly form: ProfileForm;
  readonly onChange: (field: keyof ProfileForm, value: string) => void;
}

export function BasicInformationStep({ form, onChange }: StepProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <TextField
        label={t('common.fullName')}
        required
        value={form.displayName}
        slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
        onChange={(e) => onChange('displayName', e.target.value)}
        fullWidth
      />
      <TextField
        label={t('wizard.phoneNumber')}
        type="tel"
        value={form.phoneNumber}
        slotProps={{ htmlInput: { maxLength: PHONE_MAX } }}
        onChange={(e) => onChange('phoneNumber', e.target.value)}
        fullWidth
      />
    </Stack>
  );
}

export function ProfessionalDetailsStep({ form, onChange }: StepProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <TextField
        label={t('wizard.jobTitle')}
        required
        value={form.jobTitle}
        slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
        onChange={(e) => onChange('jobTitle', e.target.value)}
        fullWidth
      />
      <TextField
        label={t('wizard.department')}
        value={form.department}
        slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
        onChange={(e) => onChange('department', e.target.value)}
        fullWidth
      />
      <TextField
        label={t('wizard.organization')}
        required
        value={form.organization}
        slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
        onChange={(e) => onChange('organization', e.target.value)}
        fullWidth
      />
    </Stack>
  );
}

export function ConfirmationStep({ form }: { readonly form: ProfileForm }) {
  const { t } = useTranslation();
  const rows = [
    [t('common.fullName'), form.displayName],
    [t('wizard.phoneNumber'), form.phoneNumber],
    [t('wizard.jobTitle'), form.jobTitle],
    [t('wizard.department'), form.department],
    [t('wizard.organization'), form.organization],
  ] as const;
  return (
    <>
      <Typography color="textSecondary">{t('wizard.confirmText')}</Typography>
      <List dense>
        {rows.map(([label, value]) => (
          <ListItem key={label} disableGutters divider>
            <ListItemText
              primary={label}
              secondary={value.trim().length > 0 ? value : t('common.notProvided')}
            />
          </ListItem>
        ))}
      </List>
    </>
  );
}
