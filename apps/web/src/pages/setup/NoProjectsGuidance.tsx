import { Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { useAuth } from '../../auth/authContext';
import { useCan } from '../admin/common/useCan';
import { mayRunFirstRunSetup } from './firstRunDecision';
import { useFirstRunDecision } from './useFirstRunDecision';

/**
 * What a user who belongs to no project can do: an administrator before first-run setup is sent
 * to it; other administrators are offered to create a project or run setup; everyone else reads
 * `hint` (who to ask).
 */
export function NoProjectsGuidance({ hint }: { readonly hint?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const canManageProjects = useCan(['manage_projects']);
  const decision = useFirstRunDecision();

  if (decision === 'setup') return <Navigate to="/setup" replace />;
  if (!canManageProjects)
    return hint === undefined ? null : (
      <Typography variant="body2" color="textSecondary">
        {hint}
      </Typography>
    );
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="body2" color="textSecondary">
        {t('setup.noProjects.adminHint')}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={() => void navigate('/admin/projects')}>
          {t('setup.noProjects.createProject')}
        </Button>
        {mayRunFirstRunSetup(user) && (
          <Button variant="outlined" onClick={() => void navigate('/setup')}>
            {t('setup.noProjects.runSetup')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
