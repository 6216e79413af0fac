import { useState, type FormEvent } from 'react';
import { Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { changePassword } from '../../api/authApi';
import { errorMessage } from '../../api/client';
import { useFeedback } from '../../feedback/feedbackContext';
import { PasswordField } from '../auth/PasswordField';
import { usePasswordPolicy } from '../auth/usePasswordPolicy';
import {
  EMPTY_PASSWORD_CHANGE,
  validatePasswordChange,
  type PasswordChangeError,
  type PasswordChangeForm,
} from './profileForms';

/** Current, new and confirmed password; the server checks the current one. */
export function ChangePasswordCard({ email }: { readonly email: string }) {
  const { t } = useTranslation();
  const { addAlert } = useFeedback();
  const { minLength } = usePasswordPolicy();
  const [form, setForm] = useState<PasswordChangeForm>(EMPTY_PASSWORD_CHANGE);
  const [error, setError] = useState<PasswordChangeError | null>(null);
  const save = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      setForm(EMPTY_PASSWORD_CHANGE);
      addAlert({ type: 'success', message: t('profile.passwordUpdated') });
    },
    onError: (caught) =>
      addAlert({
        type: 'error',
        message: t('profile.passwordUpdateFailed', {
          message: errorMessage(caught, t('common.unknownError')),
        }),
      }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = validatePasswordChange(form, minLength);
    setError(invalid);
    if (invalid === null)
      save.mutate({ oldPassword: form.currentPassword, newPassword: form.newPassword });
  };

  const field = (name: keyof PasswordChangeForm, label: string, autoComplete: string) => {
    const own = error?.field === name ? error : null;
    return (
      <PasswordField
        label={label}
        value={form[name]}
        onChange={(e) => {
          setForm((current) => ({ ...current, [name]: e.target.value }));
          if (own !== null) setError(null);
        }}
        required
        fullWidth
        autoComplete={autoComplete}
        error={own !== null}
        helperText={
          own === null
            ? name === 'newPassword'
              ? t('profile.passwordHint', { min: minLength })
              : undefined
            : own.key === 'profile.passwordTooShort'
              ? t(own.key, own.values)
              : t(own.key)
        }
      />
    );
  };

  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('profile.changePassword')}
        </Typography>
        <Box component="form" noValidate onSubmit={submit} aria-label={t('profile.changePassword')}>
          {/* Lets password managers file the new password under the right account. */}
          <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
          <Stack spacing={2.5}>
            {field('currentPassword', t('profile.currentPassword'), 'current-password')}
            {field('newPassword', t('profile.newPassword'), 'new-password')}
            {field('confirmPassword', t('profile.confirmNewPassword'), 'new-password')}
          </Stack>
          <Button
            type="submit"
            variant="contained"
            sx={{ mt: 3 }}
            disabled={save.isPending}
            startIcon={save.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {t('profile.updatePassword')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
