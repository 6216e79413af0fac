import {
  Alert,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  List,
  ListItemButton,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { UserProjectDetail } from '@sarm/contracts';
import { PROJECTS_QUERY_KEY, fetchMyProjects } from '../../api/projectsApi';
import { STORAGE_KEYS } from '../../api/session';
import type { Workflow } from '../../routing/workflow';
import { shortId } from '../../layout/stages';
import { NoProjectsGuidance } from '../setup/NoProjectsGuidance';

const PROJECT_DATASETS_PATH: Record<Workflow, (id: string) => string> = {
  business: (id) => `/sarm/projects/${id}/datasets`,
  technical: (id) => `/finetune/projects/${id}/datasets`,
};

/** Counts display up to 999 (spec 1 §9). */
function capped(value: number): string {
  return value > 999 ? '999+' : String(value);
}

export function ProjectsCard({ workflow }: { readonly workflow: Workflow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQuery({ queryKey: PROJECTS_QUERY_KEY, queryFn: fetchMyProjects });

  const open = (project: UserProjectDetail) => {
    window.localStorage.setItem(STORAGE_KEYS.currentProjectId, project.id);
    void navigate(PROJECT_DATASETS_PATH[workflow](project.id));
  };

  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('dashboard.projects')}
        </Typography>
        {query.isPending && <CircularProgress size={24} />}
        {query.isError && (
          <Alert severity="error">
            {t('dashboard.projectsFailed', { message: query.error.message })}
          </Alert>
        )}
        {query.isSuccess && query.data.length === 0 && (
          <>
            <Typography sx={{ fontWeight: 600 }}>{t('dashboard.noProjects')}</Typography>
            <NoProjectsGuidance hint={t('dashboard.noProjectsHint')} />
          </>
        )}
        {query.isSuccess && query.data.length > 0 && (
          <List disablePadding>
            {query.data.map((project) => (
              <ListItemButton key={project.id} onClick={() => open(project)} divider>
                <ListItemText
                  primary={project.name}
                  secondary={[
                    shortId(project.id),
                    project.description,
                    t('dashboard.projectStats', {
                      datasets: capped(project.stats.datasets_count),
                      videos: capped(project.stats.videos_count),
                    }),
                  ]
                    .filter((part) => part.length > 0)
                    .join(' · ')}
                />
                <Stack direction="row" spacing={1}>
                  <Chip
                    size="small"
                    label={project.status}
                    color={project.status === 'active' ? 'success' : 'default'}
                  />
                  <Chip
                    size="small"
                    variant="outlined"
                    label={t('dashboard.accessLevel', { level: project.accessLevel })}
                  />
                </Stack>
              </ListItemButton>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
