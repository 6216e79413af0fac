import type { ManualCount } from '@sarm/contracts';
import {
  Alert,
  Box,
  CircularProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { clinicalKeys, fetchProjectDatasets } from '../../../api/clinicalApi';
import { fetchMyProjects, PROJECTS_QUERY_KEY } from '../../../api/projectsApi';
import {
  deleteManualCount,
  fetchAgreement,
  fetchManualCounts,
  qcKeys,
} from '../../../api/qualityControlApi';
import { useConfirm, useToast } from '../../../feedback/feedbackContext';
import { useCan } from '../../admin/common/useCan';
import { AgreementSection } from './AgreementSection';
import { BenchReplicatesSection } from './BenchReplicatesSection';
import { LeveyJenningsSection } from './LeveyJenningsSection';
import { ManualCountForm } from './ManualCountForm';
import { ManualCountsTable } from './ManualCountsTable';
import { ReplicatesSection } from './ReplicatesSection';

/** Who may read quality control: the same as the server's rule for the qc routes. */
export const READ_QC = [
  'sarm.view_concentration',
  'sarm.view_motility',
  'sarm.view_reports',
  'sarm.generate_report',
  'sarm.quality_control',
] as const;

/**
 * Quality control (/sarm/quality-control?project=): agreement with manual counts (Bland–Altman),
 * Levey–Jennings charts of QC material, the replicate agreement of a sample's videos, and that of
 * the technicians' bench counts.
 */
export function QualityControlPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const confirm = useConfirm();
  const toast = useToast();
  const canRead = useCan(READ_QC);
  const canRecord = useCan(['sarm.quality_control']);
  const [params, setParams] = useSearchParams();
  const projects = useQuery({
    queryKey: PROJECTS_QUERY_KEY,
    queryFn: fetchMyProjects,
    enabled: canRead,
  });
  const projectId = params.get('project') ?? projects.data?.[0]?.id ?? '';
  const enabled = canRead && projectId !== '';
  const datasets = useQuery({
    queryKey: clinicalKeys.datasets(projectId),
    queryFn: () => fetchProjectDatasets(projectId),
    enabled,
  });
  const agreement = useQuery({
    queryKey: qcKeys.agreement(projectId),
    queryFn: () => fetchAgreement(projectId),
    enabled,
  });
  const counts = useQuery({
    queryKey: qcKeys.manualCounts(projectId),
    queryFn: () => fetchManualCounts(projectId),
    enabled,
  });
  if (!canRead) return <Alert severity="warning">{t('qc.noPermission')}</Alert>;

  const refresh = () => void client.invalidateQueries({ queryKey: qcKeys.all });
  const remove = (count: ManualCount) =>
    void confirm({
      title: t('qc.counts.delete'),
      message: t('qc.counts.deleteConfirm', { sample: count.dataset_name }),
      confirmLabel: t('qc.counts.delete'),
      onConfirm: async () => {
        await deleteManualCount(count.id);
        toast(t('qc.counts.deleted'), 'success');
        refresh();
      },
    });
  const samples = datasets.data ?? [];

  return (
    <Box data-testid="quality-control-page">
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, mb: 3 }}
      >
        <Box>
          <Typography variant="h4" component="h1">
            {t('qc.title')}
          </Typography>
          <Typography color="text.secondary">{t('qc.subtitle')}</Typography>
        </Box>
        <TextField
          select
          size="small"
          label={t('qc.project')}
          value={projectId}
          onChange={(event) => setParams({ project: event.target.value })}
          sx={{ minWidth: 260 }}
        >
          {(projects.data ?? []).map((project) => (
            <MenuItem key={project.id} value={project.id}>
              {project.name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {projects.isPending && <CircularProgress />}
      {projects.isSuccess && projectId === '' && (
        <Alert severity="info">{t('qc.noProjects')}</Alert>
      )}
      {enabled && (
        <Stack spacing={3}>
          {agreement.isError && <Alert severity="error">{agreement.error.message}</Alert>}
          {agreement.data !== undefined && <AgreementSection agreement={agreement.data} />}
          {canRecord && <ManualCountForm datasets={samples} onRecorded={refresh} />}
          <Box>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {t('qc.counts.title')}
            </Typography>
            {counts.isError && <Alert severity="error">{counts.error.message}</Alert>}
            {counts.data !== undefined && (
              <ManualCountsTable counts={counts.data} onDelete={canRecord ? remove : null} />
            )}
          </Box>
          <LeveyJenningsSection projectId={projectId} datasets={samples} canRecord={canRecord} />
          <ReplicatesSection key={projectId} datasets={samples} />
          <BenchReplicatesSection />
        </Stack>
      )}
    </Box>
  );
}
