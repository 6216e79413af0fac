import {
  Alert,
  Box,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  CircularProgress,
  Grid,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { BROWSE_DATA } from '@sarm/contracts';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { PROJECTS_QUERY_KEY, fetchMyProjects } from '../../api/projectsApi';
import { STORAGE_KEYS } from '../../api/session';
import { shortId } from '../../layout/stages';
import { useCan } from '../admin/common/useCan';
import { NoProjectsGuidance } from '../setup/NoProjectsGuidance';
import { capped } from './ClinicalBreadcrumbs';
import { TryDemoButton } from '../demo/TryDemoButton';

/** The technical workflow's picker (/finetune/videos) leads to its own dataset screens. */
const datasetsBase = (pathname: string) =>
  pathname.startsWith('/finetune') || pathname.startsWith('/technical') ? '/finetune' : '/sarm';

/** Project picker (spec 1 §2.4): cards with counts; opens the project's datasets. */
export function ProjectPickerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const canView = useCan(BROWSE_DATA);
  const query = useQuery({
    queryKey: PROJECTS_QUERY_KEY,
    queryFn: fetchMyProjects,
    enabled: canView,
  });

  if (!canView) return <Alert severity="warning">{t('clinical.noProjectPermission')}</Alert>;
  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('clinical.projectsTitle')}
      </Typography>
      {query.isPending && <CircularProgress />}
      {query.isError && (
        <Alert severity="error">
          {t('clinical.projectsError', { message: query.error.message })}
        </Alert>
      )}
      {query.isSuccess && query.data.length === 0 && (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="h6">{t('clinical.noProjects')}</Typography>
          <NoProjectsGuidance />
          <TryDemoButton />
        </Stack>
      )}
      <Grid container spacing={2}>
        {query.data?.map((project) => (
          <Grid key={project.id} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card sx={{ height: '100%' }}>
              <CardActionArea
                sx={{ height: '100%' }}
                onClick={() => {
                  window.localStorage.setItem(STORAGE_KEYS.currentProjectId, project.id);
                  void navigate(
                    `${datasetsBase(location.pathname)}/projects/${project.id}/datasets`,
                  );
                }}
              >
                <CardContent>
                  <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 1 }}>
                    <Typography variant="h6">{project.name}</Typography>
                    {project.isDemo === true && (
                      <Chip size="small" label={t('demo.chip')} color="warning" />
                    )}
                    <Chip size="small" label={project.status} color="primary" variant="outlined" />
                  </Stack>
                  <Typography variant="caption" color="textSecondary">
                    {t('clinical.id', { id: shortId(project.id) })}
                  </Typography>
                  <Typography variant="body2" color="textSecondary" sx={{ my: 1 }}>
                    {project.description}
                  </Typography>
                  <Stack direction="row" spacing={1}>
                    <Chip
                      size="small"
                      label={t('clinical.datasetsCount', {
                        n: capped(project.stats.datasets_count),
                      })}
                    />
                    <Chip
                      size="small"
                      label={t('clinical.videosCount', { n: capped(project.stats.videos_count) })}
                    />
                  </Stack>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
