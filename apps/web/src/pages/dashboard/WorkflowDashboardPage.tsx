import { Box, Grid, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/authContext';
import type { Workflow } from '../../routing/workflow';
import { ProjectsCard } from './ProjectsCard';
import { QuickActionsCard } from './QuickActionsCard';
import { brandText } from '../../theme/theme';

const TEXT = {
  business: { title: 'pages.businessDashboard', intro: 'dashboard.businessIntro' },
  technical: { title: 'pages.technicalDashboard', intro: 'dashboard.technicalIntro' },
} as const;

/** First version of the workflow dashboards: greeting, quick actions and the user's projects. */
export function WorkflowDashboardPage({ workflow }: { readonly workflow: Workflow }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <Box data-testid={`${workflow}-dashboard`}>
      <Typography variant="h4" component="h1">
        {t(TEXT[workflow].title)}
      </Typography>
      <Typography variant="h6" component="p" sx={{ mt: 1, color: brandText }}>
        {t('dashboard.greeting', { name: user?.displayName ?? '' })}
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        {t(TEXT[workflow].intro)}
      </Typography>
      <Grid container spacing={3}>
        <Grid size={12}>
          <QuickActionsCard workflow={workflow} />
        </Grid>
        <Grid size={{ xs: 12, lg: 8 }}>
          <ProjectsCard workflow={workflow} />
        </Grid>
      </Grid>
    </Box>
  );
}
