import { Box, Chip, Grid, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { clinicalKeys, fetchAllDatasets } from '../../api/clinicalApi';
import { useAuth } from '../../auth/authContext';
import { brandText } from '../../theme/theme';
import { CountCards } from './CountCards';
import { DashboardListCard } from './DashboardListCard';
import { ProjectsCard } from './ProjectsCard';
import { QuickActionsCard } from './QuickActionsCard';
import { WorkflowCards } from '../technical/home/WorkflowCards';
import { AnnotationProgressCard } from './AnnotationProgressCard';
import { ModelPerformanceCard } from './ModelPerformanceCard';
import { OpenIssuesCard } from './OpenIssuesCard';
import { TECHNICAL_DASHBOARD_KEY, fetchTechnicalDashboard } from './technicalDashboardApi';
import {
  activeModelRows,
  annotationProgress,
  modelPerformanceRows,
  recentDatasets,
  technicalCounts,
} from './technicalDashboardLogic';
import { TryDemoButton } from '../demo/TryDemoButton';

/**
 * Technical dashboard (spec 3): counts from the datasets and the model registry, quick actions,
 * recent datasets, active models, annotation progress, model performance and open issues.
 */
export function TechnicalDashboardPage() {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const datasets = useQuery({ queryKey: clinicalKeys.allDatasets, queryFn: fetchAllDatasets });
  const dashboard = useQuery({
    queryKey: TECHNICAL_DASHBOARD_KEY,
    queryFn: fetchTechnicalDashboard,
  });
  const counts = datasets.isSuccess
    ? technicalCounts(datasets.data.datasets, datasets.data.total)
    : undefined;
  const noData = datasets.isError ? 0 : undefined;
  const modelCount = dashboard.isSuccess
    ? dashboard.data.models_total
    : dashboard.isError
      ? 0
      : undefined;
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
      {counts?.datasets === 0 && (
        <Box sx={{ mb: 3 }}>
          <TryDemoButton />
        </Box>
      )}
      <CountCards
        items={[
          { labelKey: 'dashboard.datasets', value: counts?.datasets ?? noData },
          { labelKey: 'dashboard.frames', value: counts?.frames ?? noData },
          { labelKey: 'dashboard.annotated', value: counts?.annotated ?? noData },
          { labelKey: 'dashboard.models', value: modelCount },
          { labelKey: 'dashboard.predictions', value: counts?.predictions ?? noData },
        ]}
      />
      <Box sx={{ mt: 3 }}>
        <WorkflowCards />
      </Box>
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
        <Grid size={{ xs: 12, md: 6 }}>
          <DashboardListCard
            testId="active-models"
            title={t('dashboard.activeModels')}
            emptyText={t('dashboard.noActiveModels')}
            loading={dashboard.isPending}
            error={dashboard.error}
            items={activeModelRows(dashboard.data?.active_models ?? [], i18n.language).map(
              (model) => ({
                id: model.id,
                primary: model.name,
                secondary: [t(`dashboard.modelTypes.${model.type}`), model.datasetName ?? '']
                  .filter((part) => part !== '')
                  .join(' · '),
                extra: (
                  <Chip
                    size="small"
                    color="success"
                    label={t('dashboard.activeModelAccuracy', { accuracy: model.accuracy })}
                  />
                ),
              }),
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ModelPerformanceCard
            rows={modelPerformanceRows(dashboard.data?.model_performance ?? [], i18n.language)}
            loading={dashboard.isPending}
            error={dashboard.error}
          />
        </Grid>
        <Grid size={12}>
          <AnnotationProgressCard rows={annotationProgress(datasets.data?.datasets ?? [])} />
        </Grid>
        <Grid size={12}>
          <OpenIssuesCard
            issues={dashboard.data?.open_issues ?? []}
            loading={dashboard.isPending}
            error={dashboard.error}
          />
        </Grid>
      </Grid>
    </Box>
  );
}
