import { Alert, AlertTitle, Box, Button, Typography } from '@mui/material';
import PersonOff from '@mui/icons-material/PersonOff';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/authContext';
import { StatusPage } from './StatusPage';

export function AccountInactivePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { forgetSession } = useAuth();
  // No server logout: the server refuses inactive accounts, and that refusal must not read as "expired".
  const backToLogin = () => {
    forgetSession();
    void navigate('/login', { replace: true });
  };
  return (
    <StatusPage
      icon={<PersonOff color="warning" sx={{ fontSize: 64 }} />}
      title={t('inactive.title')}
      message={t('inactive.message')}
      actions={
        <Button variant="contained" onClick={backToLogin}>
          {t('common.backToLogin')}
        </Button>
      }
    >
      <Box sx={{ textAlign: 'left', mt: 3 }}>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          {t('inactive.explanation')}
        </Typography>
        <Alert severity="info">
          <AlertTitle>{t('inactive.contactTitle')}</AlertTitle>
          {t('inactive.contactText')}
        </Alert>
      </Box>
    </StatusPage>
  );
}
