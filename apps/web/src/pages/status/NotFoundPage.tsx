import { Button } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './StatusPage';

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <StatusPage
      code={t('notFound.code')}
      title={t('notFound.title')}
      message={t('notFound.message')}
      actions={
        <>
          <Button variant="contained" onClick={() => void navigate('/dashboard')}>
            {t('common.goToDashboard')}
          </Button>
          <Button variant="outlined" onClick={() => void navigate(-1)}>
            {t('common.goBack')}
          </Button>
        </>
      }
    />
  );
}
