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

function DatasetCard({ dataset, projectId }: { dataset: Dataset; projectId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canReport = useCan(['generate_reports', 'view_analysis_results']);
  const usable = dataset.stats.usableVideos;
  const enough = usable >= WHO_REQUIRED_VIDEO_COUNT;
  const canGenerate = useCan(['generate_reports']);
  const [reporting, setReporting] = useState(false);
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
      </CardActions>
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

  return (
    <Box>
      <ClinicalBreadcrumbs
        crumbs={[
          { label: t('clinical.breadcrumbProjects'), to: '/sarm/projects' },
          { label: t('clinical.breadcrumbDatasets') },
        ]}
      />
      <Typography variant="h4" component="h1">
        {project?.name ?? t('clinical.datasetsTitle')}
      </Typography>
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
        <Alert severity="info">
          <Typography sx={{ fontWeight: 600 }}>{t('clinical.noDatasets')}</Typography>
          {t('clinical.noDatasetsHint')}
        </Alert>
      )}
      <Grid container spacing={2}>
        {datasets.data?.map((dataset) => (
          <Grid key={dataset.id} size={{ xs: 12, sm: 6, md: 4 }}>
            <DatasetCard dataset={dataset} projectId={projectId} />
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
