import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  CircularProgress,
  Grid,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { WHO_REQUIRED_VIDEO_COUNT, type Dataset } from '@sarm/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { clinicalKeys, fetchProjectDatasets } from '../../api/clinicalApi';
import { PROJECTS_QUERY_KEY, fetchMyProjects } from '../../api/projectsApi';
import { shortId } from '../../layout/stages';
import { useCan } from '../admin/common/useCan';
import { ReportDialog } from '../reports/ReportDialog';
import { ClinicalBreadcrumbs, capped } from './ClinicalBreadcrumbs';
import { SampleDialog } from './SampleDialog';

function DatasetCard({ dataset, projectId }: { dataset: Dataset; projectId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canReport = useCan(['generate_reports', 'view_analysis_results']);
  const usable = dataset.stats.usableVideos;
  const enough = usable >= WHO_REQUIRED_VIDEO_COUNT;
  const canGenerate = useCan(['generate_reports']);
  const [reporting, setReporting] = useState(false);
  const [editing, setEditing] = useState(false);
  const canEditSample = useCan(['manage_samples']);
  const canRecord = useCan(['manage_videos', 'upload_videos']);
  const volume = dataset.settings.semen_volume_ml ?? null;
  return (
    <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="h6">{dataset.name}</Typography>
        <Typography variant="caption" color="textSecondary">
          {t('clinical.id', { id: shortId(dataset.id) })}
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ my: 1 }}>
          {dataset.description}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Chip size="small" label={dataset.type} />
          <Chip size="small" label={dataset.status} variant="outlined" />
          <Chip
            size="small"
            label={t('clinical.videosCount', { n: capped(dataset.stats.totalVideos) })}
          />
          {volume !== null && (
            <Chip size="small" variant="outlined" label={t('samples.volumeChip', { volume })} />
          )}
        </Stack>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap' }}>
        <Button
          size="small"
          disabled={!canReport}
          onClick={() =>
            void navigate(`/sarm/reports/view/${dataset.id}`, {
              state: { datasetId: dataset.id, datasetName: dataset.name, projectId },
            })
          }
        >
          {t('clinical.viewReport')}
        </Button>
        <Tooltip title={enough ? '' : t('clinical.needFiveVideos', { count: usable })}>
          <span>
            <Button
              size="small"
              disabled={!enough || !canGenerate}
              onClick={() => setReporting(true)}
            >
              {t('clinical.generateReport')}
            </Button>
          </span>
        </Tooltip>
        <Button
          size="small"
          variant="contained"
          onClick={() => void navigate(`/sarm/projects/${projectId}/datasets/${dataset.id}/videos`)}
        >
          {t('clinical.manageVideos')}
        </Button>
        <Button
          size="small"
          onClick={() => void navigate(`/sarm/samples/${dataset.id}/assessments`)}
          data-testid="open-bench-assessments"
        >
          {t('assessments.open')}
        </Button>
        {canRecord && (
          <Button
            size="small"
            onClick={() => void navigate(`/sarm/samples/${dataset.id}/live`)}
            data-testid="open-live-capture"
          >
            {t('live.open')}
          </Button>
        )}
        {canEditSample && (
          <Button size="small" onClick={() => setEditing(true)}>
            {t('samples.editSample')}
          </Button>
        )}
      </CardActions>
      {editing && (
        <SampleDialog
          projectId={projectId}
          dataset={dataset}
          onClose={() => setEditing(false)}
          onSaved={() => setEditing(false)}
        />
      )}
      {reporting && (
        <ReportDialog dataset={dataset} projectId={projectId} onClose={() => setReporting(false)} />
      )}
    </Card>
  );
}

/** Datasets of a project (spec 1 §2.4 Datasets page). */
export function DatasetsPage() {
  const { t } = useTranslation();
  const { projectId = '' } = useParams();
  const projects = useQuery({ queryKey: PROJECTS_QUERY_KEY, queryFn: fetchMyProjects });
  const datasets = useQuery({
    queryKey: clinicalKeys.datasets(projectId),
    queryFn: () => fetchProjectDatasets(projectId),
  });
  const project = projects.data?.find((candidate) => candidate.id === projectId);
  const canCreate = useCan(['manage_samples']);
  const [creating, setCreating] = useState(false);
  const newSample = canCreate && (
    <Button variant="contained" onClick={() => setCreating(true)} data-testid="new-sample">
      {t('samples.newSample')}
    </Button>
  );

  return (
    <Box>
      <ClinicalBreadcrumbs
        crumbs={[
          { label: t('clinical.breadcrumbProjects'), to: '/sarm/projects' },
          { label: t('clinical.breadcrumbDatasets') },
        ]}
      />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h4" component="h1">
          {project?.name ?? t('clinical.datasetsTitle')}
        </Typography>
        {newSample}
      </Stack>
      {project !== undefined && (
        <Typography color="textSecondary" sx={{ mb: 2 }}>
          {project.description} ·{' '}
          {t('clinical.datasetsCount', { n: capped(project.stats.datasets_count) })} ·{' '}
          {t('clinical.videosCount', { n: capped(project.stats.videos_count) })}
        </Typography>
      )}
      {datasets.isPending && <CircularProgress />}
      {datasets.isError && (
        <Alert severity="error">
          {t('clinical.projectError', { message: datasets.error.message })}
        </Alert>
      )}
      {datasets.isSuccess && datasets.data.length === 0 && (
        <Alert severity="info" action={newSample}>
          <Typography sx={{ fontWeight: 600 }}>{t('clinical.noDatasets')}</Typography>
          {t(canCreate ? 'samples.noSamplesHint' : 'clinical.noDatasetsHint')}
        </Alert>
      )}
      <Grid container spacing={2}>
        {datasets.data?.map((dataset) => (
          <Grid key={dataset.id} size={{ xs: 12, sm: 6, md: 4 }}>
            <DatasetCard dataset={dataset} projectId={projectId} />
          </Grid>
        ))}
      </Grid>
      {creating && (
        <SampleDialog
          projectId={projectId}
          dataset={null}
          onClose={() => setCreating(false)}
          onSaved={() => setCreating(false)}
        />
      )}
    </Box>
  );
}
