import { useState, type FormEvent } from 'react';
import { Alert, Button, CircularProgress, Link, Stack, TextField } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { requestPasswordReset } from '../../api/authApi';
import { AuthCard } from './AuthCard';
import { validationMessage } from './validationMessage';
import { forgotPasswordErrorKey } from './forgotPasswordError';
import { validateForgotPassword } from './validation';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateForgotPassword(email);
    if (invalid !== null) {
      setError(validationMessage(t, invalid));
      return;
    }
    setError(null);
    setSent(false);
    setBusy(true);
    try {
      await requestPasswordReset(email.trim());
      setSent(true);
    } catch (caught) {
      setError(t(forgotPasswordErrorKey(caught)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      <Stack spacing={2} component="form" onSubmit={(e) => void onSubmit(e)} noValidate>
        {error !== null && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        {sent && <Alert severity="success">{t('forgot.success')}</Alert>}
        <TextField
          label={t('common.email')}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          fullWidth
          autoFocus
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {t('forgot.submit')}
        </Button>
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <Link component={RouterLink} to="/login" variant="body2">
            {t('forgot.backToLogin')}
          </Link>
          <Link component={RouterLink} to="/register" variant="body2">
            {t('forgot.register')}
          </Link>
        </Stack>
      </Stack>
    </AuthCard>
  );
}
