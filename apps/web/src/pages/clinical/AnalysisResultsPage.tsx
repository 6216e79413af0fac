import type { AnalysisItem } from '@sarm/contracts';
import {
  Alert,
  Box,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  CircularProgress,
  Grid,
  MenuItem,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { businessKeys, fetchAnalyses, fetchPatients } from '../../api/businessApi';
import { useCan } from '../admin/common/useCan';
import { AnalysisDetailsDialog } from './AnalysisDetailsDialog';
import {
  RESULT_TABS,
  figure,
  filterResults,
  findResult,
  resultRowKey,
  statusColor,
  type ResultTab,
  hasRunningAnalyses,
  RUNNING_REFRESH_MS,
} from './businessLogic';

const TAB_KEYS = {
  all: 'business.tabAll',
  completed: 'business.tabCompleted',
  'in-progress': 'business.tabInProgress',
  pending: 'business.tabPending',
} as const;

/** Analysis results (spec 1 §2.4): saved analyses and videos waiting for one. */
export function AnalysisResultsPage() {
  const { t, i18n } = useTranslation();
  const canView = useCan(['view_analysis_results']);
  const canReadPatients = useCan(['manage_patients', 'upload_videos']);
  const [params] = useSearchParams();
  const [tab, setTab] = useState<ResultTab>('all');
  const [patientId, setPatientId] = useState('');
  const [openId, setOpenId] = useState<string | null>(params.get('id'));
  const analyses = useQuery({
    queryKey: businessKeys.analyses,
    queryFn: fetchAnalyses,
    enabled: canView,
    refetchInterval: (query) =>
      hasRunningAnalyses(query.state.data ?? []) ? RUNNING_REFRESH_MS : false,
  });
  const patients = useQuery({
    queryKey: businessKeys.patients,
    queryFn: fetchPatients,
    enabled: canView && canReadPatients,
  });
  if (!canView) return <Alert severity="warning">{t('business.noResultsPermission')}</Alert>;
  const shown = filterResults(analyses.data ?? [], tab, patientId);
  const open: AnalysisItem | null = findResult(analyses.data ?? [], openId);
  const live = hasRunningAnalyses(analyses.data ?? []);
  return (
    <Box data-testid="analysis-results">
      <Typography variant="h4" component="h1" gutterBottom>
        {t('business.resultsTitle')}
      </Typography>
      <Tabs value={tab} onChange={(_, value: ResultTab) => setTab(value)} sx={{ mb: 2 }}>
        {RESULT_TABS.map((key) => (
          <Tab key={key} value={key} label={t(TAB_KEYS[key])} />
        ))}
      </Tabs>
      <TextField
        select
        size="small"
        label={t('business.patient')}
        value={patientId}
        onChange={(event) => setPatientId(event.target.value)}
        sx={{ minWidth: 240, mb: 2 }}
      >
        <MenuItem value="">{t('business.allPatients')}</MenuItem>
        {(patients.data ?? []).map((patient) => (
          <MenuItem key={patient.id} value={patient.id}>
            {patient.name}
          </MenuItem>
        ))}
      </TextField>
      {live && (
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }} data-testid="results-live">
          {t('business.resultsLive')}
        </Typography>
      )}
      {analyses.isPending && <CircularProgress />}
      {analyses.isError && <Alert severity="error">{analyses.error.message}</Alert>}
      {analyses.isSuccess && shown.length === 0 && (
        <Typography color="textSecondary">{t('business.noResults')}</Typography>
      )}
      <Grid container spacing={2}>
        {shown.map((item) => (
          <Grid key={resultRowKey(item)} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card data-testid="analysis-result-row">
              <CardActionArea
                disabled={item.status !== 'completed'}
                onClick={() => setOpenId(item.video_id)}
              >
                <CardContent>
                  <Typography variant="h6">
                    {item.patient_name ?? t('business.noPatient')}
                  </Typography>
                  <Typography variant="body2">
                    {t('business.resultSample', { name: item.dataset_name })}
                  </Typography>
                  <Typography variant="body2">
                    {t('business.resultVideo', { name: item.video_name })}
                  </Typography>
                  <Typography variant="caption" color="textSecondary">
                    {new Date(item.created_at).toLocaleString(i18n.language)}
                  </Typography>
                  <Box>
                    <Chip
                      size="small"
                      color={statusColor(item.status)}
                      label={t(`business.status.${item.status}`)}
                      sx={{ my: 1 }}
                    />
                  </Box>
                  {item.status === 'failed' && item.error && (
                    <Typography variant="body2" color="error">
                      {item.error}
                    </Typography>
                  )}
                  <Typography variant="body2">
                    {t('business.concentration')}:{' '}
                    {t('business.concentrationPerMl', {
                      value: figure(item.concentration_million_per_ml),
                    })}
                  </Typography>
                  <Typography variant="body2">
                    {t('business.motility')}: {figure(item.total_motility_percent)}%
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
      <AnalysisDetailsDialog item={open} onClose={() => setOpenId(null)} />
    </Box>
  );
}
