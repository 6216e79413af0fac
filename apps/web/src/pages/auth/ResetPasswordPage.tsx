import { useState, type FormEvent } from 'react';
import { Alert, Button, CircularProgress, Link, Stack } from '@mui/material';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { resetPassword } from '../../api/authApi';
import { errorMessage } from '../../api/client';
import { AuthCard } from './AuthCard';
import { PasswordField } from './PasswordField';
import { usePasswordPolicy } from './usePasswordPolicy';
import { validatePasswordReset } from './validation';
import { validationMessage } from './validationMessage';

/** Target of the e-mailed reset link: /reset-password?token=... */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { minLength } = usePasswordPolicy();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validatePasswordReset(password, confirmation, minLength);
    if (invalid !== null) {
      setError(validationMessage(t, invalid));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await resetPassword(token, password);
      void navigate('/login', { replace: true, state: { notice: 'passwordReset' } });
    } catch (caught) {
      setBusy(false);
      setError(errorMessage(caught, t('reset.failed')));
    }
  };

  if (token.length === 0) {
    return (
      <AuthCard title={t('reset.title')}>
        <Stack spacing={2}>
          <Alert severity="error">{t('reset.missingToken')}</Alert>
          <Button component={RouterLink} to="/forgot-password" variant="contained">
            {t('reset.requestNew')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <Stack spacing={2} component="form" onSubmit={(e) => void onSubmit(e)} noValidate>
        {error !== null && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <PasswordField
          label={t('reset.newPassword')}
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          fullWidth
          autoFocus
        />
        <PasswordField
          label={t('common.confirmPassword')}
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
          fullWidth
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {t('reset.submit')}
        </Button>
        <Link component={RouterLink} to="/login" variant="body2" sx={{ textAlign: 'center' }}>
          {t('forgot.backToLogin')}
        </Link>
      </Stack>
    </AuthCard>
  );
}
