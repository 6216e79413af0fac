import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  CircularProgress,
  Divider,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { useAuth } from '../../auth/authContext';
import { AuthCard } from './AuthCard';
import { GoogleButton } from './GoogleButton';
import { PasswordField } from './PasswordField';
import { usePasswordPolicy } from './usePasswordPolicy';
import { validateRegistration, type RegisterForm } from './validation';
import { validationMessage } from './validationMessage';

const EMPTY_FORM: RegisterForm = { name: '', email: '', password: '', confirmPassword: '' };

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { register } = useAuth();
  const policy = usePasswordPolicy();
  const [form, setForm] = useState<RegisterForm>(EMPTY_FORM);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);

  const update = (field: keyof RegisterForm) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateRegistration(form, policy.minLength);
    if (invalid !== null) {
      setError(validationMessage(t, invalid));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await register({
        displayName: form.name.trim(),
        email: form.email.trim(),
        password: form.password,
      });
      void navigate('/login', { replace: true, state: { notice: 'registered' } });
    } catch (caught) {
      setBusy(false);
      setError(errorMessage(caught, t('register.failed')));
    }
  };

  return (
    <AuthCard title={t('register.title')} subtitle={t('register.subtitle')}>
      <Stack spacing={2} component="form" onSubmit={(e) => void onSubmit(e)} noValidate>
        {error !== null && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        {info !== null && <Alert severity="info">{info}</Alert>}
        {!policy.allowRegistration && <Alert severity="warning">{t('register.disabled')}</Alert>}
        <TextField
          label={t('common.fullName')}
          name="name"
          autoComplete="name"
          value={form.name}
          onChange={update('name')}
          fullWidth
          autoFocus
        />
        <TextField
          label={t('common.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={update('email')}
          fullWidth
        />
        <PasswordField
          label={t('common.password')}
          name="password"
          autoComplete="new-password"
          value={form.password}
          onChange={update('password')}
          fullWidth
        />
        <PasswordField
          label={t('common.confirmPassword')}
          name="confirmPassword"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={update('confirmPassword')}
          fullWidth
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={busy || !policy.allowRegistration}
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {t('register.submit')}
        </Button>
        <Divider>{t('common.or')}</Divider>
        <GoogleButton
          label={t('register.google')}
          onClick={() => setInfo(t('register.googleUnavailable'))}
        />
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {t('register.haveAccount')}{' '}
          <Link component={RouterLink} to="/login">
            {t('register.login')}
          </Link>
        </Typography>
      </Stack>
    </AuthCard>
  );
}
