import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Divider,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiRequestError, errorMessage } from '../../api/client';
import { useAuth } from '../../auth/authContext';
import { WORKFLOW_DASHBOARD } from '../../routing/workflow';
import { AuthCard } from './AuthCard';
import { AuthTextField } from './AuthTextField';
import { validationMessage } from './validationMessage';
import { GoogleButton } from './GoogleButton';
import { readLoginNotice, readReturnPath } from './locationState';
import { PasswordField } from './PasswordField';
import { MIN_LOGIN_BUSY_MS, validateLogin, withMinimumDuration } from './validation';

/**
 * The three sign-in buttons share one form: Sign In returns to where the user was going (or
 * /dashboard); Login SARM and Login Finetune sign in first, then open /sarm or /finetune/dashboard.
 */
type LoginTarget = 'default' | 'sarm' | 'finetune';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const { authenticate, startSession } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<LoginTarget | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const notice = readLoginNotice(location.state);

  const targetPath = (target: LoginTarget): string => {
    switch (target) {
      case 'sarm':
        return '/sarm';
      case 'finetune':
        return WORKFLOW_DASHBOARD.technical;
      case 'default':
        return readReturnPath(location.state) ?? '/dashboard';
    }
  };

  const signIn = async (target: LoginTarget) => {
    const invalid = validateLogin(email, password);
    if (invalid !== null) {
      setError(validationMessage(t, invalid));
      return;
    }
    setError(null);
    setInfo(null);
    setBusy(target);
    try {
      const answer = await withMinimumDuration(
        authenticate(email.trim(), password),
        MIN_LOGIN_BUSY_MS,
      );
      // The signed-out route guard now sends the user to this path.
      startSession(answer, targetPath(target));
    } catch (caught) {
      setBusy(null);
      if (caught instanceof ApiRequestError && caught.code === 'ACCOUNT_INACTIVE') {
        void navigate('/account-inactive');
        return;
      }
      setError(errorMessage(caught, t('login.failed')));
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void signIn('default');
  };

  const spinner = (target: LoginTarget) =>
    busy === target ? <CircularProgress size={18} color="inherit" /> : undefined;

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <Stack spacing={2} component="form" onSubmit={onSubmit} noValidate>
        {params.get('expired') === 'true' && <Alert severity="warning">{t('login.expired')}</Alert>}
        {notice !== null && (
          <Alert severity="success">
            {t(notice === 'registered' ? 'login.registered' : 'login.passwordReset')}
          </Alert>
        )}
        {error !== null && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        {info !== null && <Alert severity="info">{info}</Alert>}
        <AuthTextField
          label={t('common.email')}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          fullWidth
          autoFocus
        />
        <PasswordField
          label={t('common.password')}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          fullWidth
        />
        <Box sx={{ textAlign: 'right', mt: '4px !important' }}>
          <Link component={RouterLink} to="/forgot-password" variant="body2">
            {t('login.forgotPassword')}
          </Link>
        </Box>
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={busy !== null}
          startIcon={spinner('default')}
        >
          {t('login.submit')}
        </Button>
        <Stack direction="row" spacing={1}>
          <Button
            fullWidth
            variant="outlined"
            disabled={busy !== null}
            startIcon={spinner('sarm')}
            onClick={() => void signIn('sarm')}
          >
            {t('login.loginSarm')}
          </Button>
          <Button
            fullWidth
            variant="outlined"
            disabled={busy !== null}
            startIcon={spinner('finetune')}
            onClick={() => void signIn('finetune')}
          >
            {t('login.loginFinetune')}
          </Button>
        </Stack>
        <Divider>{t('common.or')}</Divider>
        <GoogleButton
          label={t('login.google')}
          onClick={() => setInfo(t('login.googleUnavailable'))}
        />
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {t('login.noAccount')}{' '}
          <Link component={RouterLink} to="/register">
            {t('login.register')}
          </Link>
        </Typography>
      </Stack>
    </AuthCard>
  );
}
