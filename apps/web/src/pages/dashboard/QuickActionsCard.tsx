import { Button, Card, CardContent, Stack, Tooltip, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { hasAnyPermission } from '@sarm/contracts';
import { useAuth } from '../../auth/authContext';
import type { Workflow } from '../../routing/workflow';
import { QUICK_ACTIONS } from './quickActions';

/** Buttons stay visible but disabled without their permission, so users see what exists. */
export function QuickActionsCard({ workflow }: { readonly workflow: Workflow }) {
  const { t } = useTranslation();
  const { permissionCodes } = useAuth();
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('dashboard.quickActions')}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
          {QUICK_ACTIONS[workflow].map((action) => {
            const allowed = hasAnyPermission(permissionCodes, action.anyOf);
            const button = (
              <Button
                variant="contained"
                component={RouterLink}
                to={action.path}
                disabled={!allowed}
              >
                {t(action.labelKey)}
              </Button>
            );
            return allowed ? (
              <span key={action.labelKey}>{button}</span>
            ) : (
              <Tooltip key={action.labelKey} title={t('dashboard.noPermission')}>
                <span>{button}</span>
              </Tooltip>
            );
          })}
        </Stack>
      </CardContent>
    </Card>
  );
}
