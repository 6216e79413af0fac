import { Box, Chip, Grid, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TECHNICAL_DATASETS_KEY, fetchAllDatasets } from '../../api/technicalApi';
import { useAuth } from '../../auth/authContext';
import { brandText } from '../../theme/theme';
import { CountCards } from './CountCards';
import { DashboardListCard } from './DashboardListCard';
import { ProjectsCard } from './ProjectsCard';
import { QuickActionsCard } from './QuickActionsCard';
import { AnnotationProgressCard } from './AnnotationProgressCard';
import { annotationProgress, recentDatasets, technicalCounts } from './technicalDashboardLogic';

/** Technical dashboard (spec 3): counts from the datasets, quick actions, recent datasets. */
export function TechnicalDashboardPage() {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const datasets = useQuery({ queryKey: TECHNICAL_DATASETS_KEY, queryFn: fetchAllDatasets });
  const counts = datasets.isSuccess
    ? technicalCounts(datasets.data.datasets, datasets.data.total)
    : undefined;
  const noData = datasets.isError ? 0 : undefined;
  return (
    <Box data-testid="technical-dashboard">
      <Typography variant="h4" component="h1">
        {t('pages.technicalDashboard')}
      </Typography>
      <Typography variant="h6" component="p" sx={{ mt: 1, color: brandText }}>
        {t('dashboard.greeting', { name: user?.displayName ?? '' })}
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        {t('dashboard.technicalIntro')}
      </Typography>
      <CountCards
        items={[
          { labelKey: 'dashboard.datasets', value: counts?.datasets ?? noData },
          { labelKey: 'dashboard.frames', value: counts?.frames ?? noData },
          { labelKey: 'dashboard.annotated', value: counts?.annotated ?? noData },
          { labelKey: 'dashboard.models', value: counts?.models ?? noData },
          { labelKey: 'dashboard.predictions', value: counts?.predictions ?? noData },
        ]}
      />
      <Grid container spacing={3} sx={{ mt: 3 }}>
        <Grid size={12}>
          <QuickActionsCard workflow="technical" />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <DashboardListCard
            testId="recent-datasets"
            title={t('dashboard.recentDatasets')}
            emptyText={t('dashboard.noRecentDatasets')}
            loading={datasets.isPending}
            error={datasets.error}
            items={recentDatasets(datasets.data?.datasets ?? []).map((dataset) => ({
              id: dataset.id,
              primary: dataset.name,
              secondary: [
                dataset.project_name,
                dataset.type,
                new Date(dataset.createdAt).toLocaleDateString(i18n.language),
              ]
                .filter((part) => part !== '')
                .join(' · '),
              extra: <Chip size="small" label={dataset.status} />,
            }))}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ProjectsCard workflow="technical" />
        </Grid>
        <Grid size={12}>
          <AnnotationProgressCard rows={annotationProgress(datasets.data?.datasets ?? [])} />
        </Grid>
      </Grid>
    </Box>
  );
}
