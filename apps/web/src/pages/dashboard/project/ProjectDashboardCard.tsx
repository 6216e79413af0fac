import { useState } from 'react';
import {
  Alert,
  Box,
  Card,
  CardContent,
  CircularProgress,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { businessKeys, fetchProjectDashboard } from '../../../api/businessApi';
import { PROJECT_DASHBOARD_TABS, type ProjectDashboardTab } from './projectDashboardLogic';
import {
  DatasetAnalyticsTable,
  PerformanceTable,
  ProjectStatisticsTable,
  TeamMembersTable,
} from './ProjectDashboardTables';

const TABLES = {
  statistics: ProjectStatisticsTable,
  team: TeamMembersTable,
  datasets: DatasetAnalyticsTable,
  performance: PerformanceTable,
} as const;

/** The project dashboard (spec 1 §2.4): four tabs over the caller's projects, from the server. */
export function ProjectDashboardCard() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<ProjectDashboardTab>('statistics');
  const query = useQuery({
    queryKey: businessKeys.projectDashboard,
    queryFn: fetchProjectDashboard,
  });
  const Selected = TABLES[tab];
  return (
    <Card data-testid="project-dashboard">
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('dashboard.projectDashboard.title')}
        </Typography>
        <Tabs
          value={tab}
          onChange={(_, next: ProjectDashboardTab) => setTab(next)}
          variant="scrollable"
          sx={{ mb: 1 }}
        >
          {PROJECT_DASHBOARD_TABS.map((value) => (
            <Tab key={value} value={value} label={t(`dashboard.projectDashboard.tabs.${value}`)} />
          ))}
        </Tabs>
        {query.isPending && <CircularProgress size={24} />}
        {query.isError && (
          <Alert severity="error">
            {t('dashboard.projectDashboard.loadFailed', { message: query.error.message })}
          </Alert>
        )}
        {query.isSuccess && (
          <Box sx={{ overflowX: 'auto' }}>
            <Selected data={query.data} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
