import { useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  InputAdornment,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NAME_MAX, type CurrentUser } from '@sarm/contracts';
import { updateProfile } from '../../api/authApi';
import { errorMessage } from '../../api/client';
import { useAuth } from '../../auth/authContext';
import { useFeedback } from '../../feedback/feedbackContext';
import { profileFormResult } from './profileForms';

/** Display name (saved on the server) and the e-mail, shown read-only: it is the sign-in identity. */
export function ProfileInformationCard({ user }: { readonly user: CurrentUser }) {
  const { t } = useTranslation();
  const { refreshUser } = useAuth();
  const { addAlert } = useFeedback();
  const [displayName, setDisplayName] = useState(user.displayName);
  const [invalid, setInvalid] = useState(false);
  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: async () => {
      addAlert({ type: 'success', message: t('profile.profileUpdated') });
      await refreshUser();
    },
    onError: (error) =>
      addAlert({
        type: 'error',
        message: t('profile.profileUpdateFailed', {
          message: errorMessage(error, t('common.unknownError')),
        }),
      }),
  });
  const result = profileFormResult(user, displayName);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setInvalid(result.kind === 'invalid');
    if (result.kind === 'save') save.mutate(result.changes);
  };

  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('profile.information')}
        </Typography>
        <Box component="form" noValidate onSubmit={submit}>
          <Stack spacing={2.5}>
            <TextField
              label={t('profile.displayName')}
              value={displayName}
              onChange={(e) => {
                setDisplayName(e.target.value);
                setInvalid(false);
              }}
              required
              fullWidth
              autoComplete="name"
              error={invalid}
              helperText={invalid ? t('profile.displayNameRequired') : undefined}
              slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
            />
            <TextField
              label={t('profile.email')}
              value={user.email}
              fullWidth
              helperText={t('profile.emailReadOnly')}
              slotProps={{
                input: {
                  readOnly: true,
                  endAdornment: (
                    <InputAdornment position="end">
                      <LockOutlined fontSize="small" color="action" />
                    </InputAdornment>
                  ),
                },
              }}
            />
          </Stack>
          <Button
            type="submit"
            variant="contained"
            sx={{ mt: 3 }}
            disabled={save.isPending || result.kind === 'unchanged'}
            startIcon={save.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {t('profile.saveProfile')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
