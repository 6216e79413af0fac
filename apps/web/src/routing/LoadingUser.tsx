import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/authContext';

/** Shown while a stored token waits for its user (spec 3 §2), or when loading it failed. */
export function LoadingUser() {
  const { t } = useTranslation();
  const { userError, refreshUser } = useAuth();
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3 }}>
      <Box sx={{ textAlign: 'center' }}>
        {userError === null ? (
          <>
            <CircularProgress />
            <Typography sx={{ mt: 2 }}>{t('loadingUser')}</Typography>
          </>
        ) : (
          <>
            <Typography color="error" sx={{ mb: 2 }}>
              {t('errors.loadUser', { message: userError.message })}
            </Typography>
            <Button variant="contained" onClick={() => void refreshUser()}>
              {t('common.retry')}
            </Button>
          </>
        )}
      </Box>
    </Box>
  );
}
