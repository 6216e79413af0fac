import { Box, Button, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/authContext';
import { StatusPage } from './StatusPage';

const REASON_KEYS = [
  'unauthorized.reasonRole',
  'unauthorized.reasonWorkflow',
  'unauthorized.reasonChanged',
] as const;

/** 403 page. Manage Roles shows for the "Admin" display name of the spec and for any admin access. */
export function UnauthorizedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const canManageRoles = user !== null && (user.displayName === 'Admin' || user.access.admin);
  return (
    <StatusPage
      code={t('unauthorized.code')}
      title={t('unauthorized.title')}
      message={t('unauthorized.message')}
      actions={
        <>
          <Button variant="contained" onClick={() => void navigate('/dashboard')}>
            {t('common.goToDashboard')}
          </Button>
          <Button variant="outlined" onClick={() => void navigate(-1)}>
            {t('common.goBack')}
          </Button>
          {canManageRoles && (
            <Button
              variant="outlined"
              color="secondary"
              onClick={() => void navigate('/admin/roles')}
            >
              {t('unauthorized.manageRoles')}
            </Button>
          )}
        </>
      }
    >
      <Box sx={{ textAlign: 'left', mt: 3 }}>
        <Typography variant="subtitle2">{t('unauthorized.reasonsTitle')}</Typography>
        <List dense sx={{ listStyleType: 'disc', pl: 3 }}>
          {REASON_KEYS.map((key) => (
            <ListItem key={key} sx={{ display: 'list-item', py: 0 }}>
              <ListItemText primary={t(key)} />
            </ListItem>
          ))}
        </List>
        <Typography variant="body2" color="textSecondary">
          {t('unauthorized.contact')}
        </Typography>
      </Box>
    </StatusPage>
  );
}
