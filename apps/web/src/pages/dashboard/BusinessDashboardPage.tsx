import { Box, Chip, Grid, MenuItem, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { businessKeys, fetchBusinessDashboard, fetchPatients } from '../../api/businessApi';
import {
  NOTIFICATIONS_QUERY_KEY,
  fetchNotifications,
  markNotificationRead,
} from '../../api/notificationsApi';
import { TASKS_QUERY_KEY, fetchTasks } from '../../api/tasksApi';
import { useAuth } from '../../auth/authContext';
import { brandText } from '../../theme/theme';
import { useCan } from '../admin/common/useCan';
import { figure } from '../clinical/businessLogic';
import { pendingTasksOf, taskTypeLabel, unreadNotifications } from './businessDashboardLogic';
import { CountCards } from './CountCards';
import { DashboardListCard } from './DashboardListCard';
import { ProjectDashboardCard } from './project/ProjectDashboardCard';
import { ProjectsCard } from './ProjectsCard';
import { QuickActionsCard } from './QuickActionsCard';
import { TryDemoButton } from '../demo/TryDemoButton';

/** Business dashboard (spec 1 §2.4, spec 3): counts, quick actions and the four lists. */
export function BusinessDashboardPage() {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const canReadPatients = useCan(['manage_patients', 'upload_videos']);
  const [patientId, setPatientId] = useState('');
  const patients = useQuery({
    queryKey: businessKeys.patients,
    queryFn: fetchPatients,
    enabled: canReadPatients,
  });
  const dashboard = useQuery({
    queryKey: patientId === '' ? businessKeys.dashboard : businessKeys.patientDashboard(patientId),
    queryFn: () => fetchBusinessDashboard(patientId === '' ? undefined : patientId),
  });
  const tasks = useQuery({ queryKey: TASKS_QUERY_KEY, queryFn: fetchTasks });
  const notifications = useQuery({
    queryKey: NOTIFICATIONS_QUERY_KEY,
    queryFn: fetchNotifications,
  });
  const queryClient = useQueryClient();
  const refreshNotifications = () =>
    queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
  const counts = dashboard.data?.counts;
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  return (
    <Box data-testid="business-dashboard">
      <Typography variant="h4" component="h1">
        {t('pages.businessDashboard')}
      </Typography>
      <Typography variant="h6" component="p" sx={{ mt: 1, mb: 3, color: brandText }}>
        {t('dashboard.greeting', { name: user?.displayName ?? '' })}
      </Typography>
      {canReadPatients && (
        <TextField
          select
          size="small"
          label={t('business.patient')}
          value={patientId}
          onChange={(event) => setPatientId(event.target.value)}
          sx={{ mb: 2, minWidth: 240 }}
          slotProps={{ htmlInput: { 'data-testid': 'dashboard-patient-filter' } }}
        >
          <MenuItem value="">{t('business.allPatients')}</MenuItem>
          {(patients.data ?? []).map((patient) => (
            <MenuItem key={patient.id} value={patient.id}>
              {patient.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {counts?.patients === 0 && counts.videos === 0 && (
        <Box sx={{ mb: 3 }}>
          <TryDemoButton />
        </Box>
      )}
      <CountCards
        items={[
          { labelKey: 'dashboard.patients', value: counts?.patients },
          { labelKey: 'dashboard.videos', value: counts?.videos },
          { labelKey: 'dashboard.analyses', value: counts?.analyses },
          { labelKey: 'dashboard.pending', value: counts?.pending },
        ]}
      />
      <Grid container spacing={3} sx={{ mt: 3 }}>
        <Grid size={12}>
          <QuickActionsCard workflow="business" />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <DashboardListCard
            testId="recent-patients"
            title={t('dashboard.recentPatients')}
            emptyText={t('dashboard.noRecentPatients')}
            loading={dashboard.isPending}
            error={dashboard.error}
            items={(dashboard.data?.recent_patients ?? []).map((patient) => ({
              id: patient.id,
              primary: patient.name,
              secondary: [
                patient.age === null ? '' : t('dashboard.patientAge', { age: patient.age }),
                patient.contactNumber,
                when(patient.createdAt),
              ]
                .filter((part) => part !== '')
                .join(' · '),
              to: `/business/patients?id=${encodeURIComponent(patient.id)}`,
            }))}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <DashboardListCard
            testId="recent-analyses"
            title={t('dashboard.recentAnalyses')}
            emptyText={t('dashboard.noRecentAnalyses')}
            loading={dashboard.isPending}
            error={dashboard.error}
            items={(dashboard.data?.recent_analyses ?? []).map((item) => ({
              id: item.id,
              primary: `${item.patient_name ?? t('business.noPatient')} · ${item.dataset_name} · ${item.video_name}`,
              secondary: t('dashboard.analysisFigures', {
                concentration: figure(item.concentration_million_per_ml),
                motility: figure(item.total_motility_percent),
              }),
              to: `/business/analysis?id=${encodeURIComponent(item.id)}`,
              extra: <Chip size="small" label={t(`business.status.${item.status}`)} />,
            }))}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <DashboardListCard
            testId="pending-tasks"
            title={t('dashboard.pendingTasks')}
            emptyText={t('dashboard.noPendingTasks')}
            loading={tasks.isPending}
            error={tasks.error}
            items={pendingTasksOf(tasks.data ?? [], user?.id ?? '').map((task) => ({
              id: task.id,
              primary: task.message ?? taskTypeLabel(task.task_type),
              secondary: `${t('dashboard.taskLine', {
                type: taskTypeLabel(task.task_type),
                status: task.status,
                progress: Math.round(task.progress),
              })} · ${when(task.created_at)}`,
            }))}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <DashboardListCard
            testId="dashboard-notifications"
            title={t('dashboard.notifications')}
            emptyText={t('dashboard.noNewNotifications')}
            loading={notifications.isPending}
            error={notifications.error}
            items={unreadNotifications(notifications.data?.notifications ?? []).map((item) => ({
              id: item.id,
              primary: item.title,
              secondary: `${item.message} · ${when(item.timestamp)}`,
              ...(item.link === null ? {} : { to: item.link }),
              onOpen: () =>
                void markNotificationRead(item.id).then(refreshNotifications, () => undefined),
            }))}
          />
        </Grid>
        <Grid size={12}>
          <ProjectsCard workflow="business" />
        </Grid>
        <Grid size={12}>
          <ProjectDashboardCard />
        </Grid>
      </Grid>
    </Box>
  );
}
