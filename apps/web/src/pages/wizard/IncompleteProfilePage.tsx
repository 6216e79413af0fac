import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Link,
  Paper,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { updateProfile } from '../../api/authApi';
import { errorMessage } from '../../api/client';
import { useAuth } from '../../auth/authContext';
import { BrandMark } from '../../layout/BrandMark';
import {
  PROFILE_WIZARD_STEPS,
  completeProfileRequest,
  profileFormFrom,
  type ProfileForm,
} from './profileForm';
import { BasicInformationStep, ConfirmationStep, ProfessionalDetailsStep } from './WizardSteps';

/** Complete Your Profile: three steps, then the profile is saved and the user goes to /dashboard. */
export function IncompleteProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, token, logout, refreshUser } = useAuth();
  const [step, setStep] = useState(0);
  // Starts from what the server knows; the user may still be loading, so fields fill in once.
  const [edits, setEdits] = useState<Partial<ProfileForm>>({});
  const form: ProfileForm = { ...profileFormFrom(user), ...edits };
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const last = PROFILE_WIZARD_STEPS.length - 1;

  const onChange = (field: keyof ProfileForm, value: string) =>
    setEdits((current) => ({ ...current, [field]: value }));

  const complete = async () => {
    if (token === null) {
      void navigate('/login');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await updateProfile(completeProfileRequest(form));
      await refreshUser();
      void navigate('/dashboard', { replace: true });
    } catch (caught) {
      setBusy(false);
      setError(t('wizard.failed', { message: errorMessage(caught, t('common.unknownError')) }));
    }
  };

  const signOut = async () => {
    await logout();
    void navigate('/login', { replace: true });
  };

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        bgcolor: 'background.default',
      }}
    >
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 640, p: { xs: 3, sm: 4 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, mb: 1 }}>
          <BrandMark size={36} />
          <Typography variant="h5" component="h1">
            {t('wizard.title')}
          </Typography>
        </Stack>
        <Typography color="textSecondary" sx={{ mb: 3 }}>
          {t('wizard.subtitle')}
        </Typography>
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 4 }}>
          {PROFILE_WIZARD_STEPS.map((key) => (
            <Step key={key}>
              <StepLabel>{t(key)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {error !== null && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {step === 0 && <BasicInformationStep form={form} onChange={onChange} />}
        {step === 1 && <ProfessionalDetailsStep form={form} onChange={onChange} />}
        {step === 2 && <ConfirmationStep form={form} />}
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'center', mt: 4 }}
        >
          <Link component="button" type="button" onClick={() => void signOut()} variant="body2">
            {t('wizard.logout')}
          </Link>
          <Stack direction="row" spacing={1}>
            <Button disabled={step === 0 || busy} onClick={() => setStep((s) => s - 1)}>
              {t('common.back')}
            </Button>
            {step < last ? (
              <Button variant="contained" onClick={() => setStep((s) => s + 1)}>
                {t('common.continue')}
              </Button>
            ) : (
              <Button
                variant="contained"
                disabled={busy}
                onClick={() => void complete()}
                startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
              >
                {t('wizard.complete')}
              </Button>
            )}
          </Stack>
        </Stack>
      </Paper>
    </Box>
  );
}
