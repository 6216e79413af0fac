import { Button } from '@mui/material';
import LockClock from '@mui/icons-material/LockClock';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './StatusPage';

/** /dashboard for a signed-in user who holds no business, technical or admin access yet. */
export function NoWorkflowAccessPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <StatusPage
      icon={<LockClock color="primary" sx={{ fontSize: 64 }} />}
      title={t('noAccess.title')}
      message={t('noAccess.message')}
      actions={
        <Button variant="outlined" onClick={() => void navigate('/profile')}>
          {t('topbar.profile')}
        </Button>
      }
    />
  );
}
