import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { deploymentKindOf, type Model } from '@sarm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/client';
import {
  deployModel,
  fetchProjectDeployment,
  modelKeys,
  removeProjectDeployment,
} from '../../../api/technical/modelsApi';
import { fetchMyProjects, PROJECTS_QUERY_KEY } from '../../../api/projectsApi';
import { useToast } from '../../../feedback/feedbackContext';

const k = 'technical.training.deploy';

/**
 * Deploys the model in a project as what its type is for (a detector, or the morphology model the
 * smear images use), shows the project's current one and which projects use this model, and
 * removes it from one (a detector: back to the built-in classical detector).
 */
export function DeployModelDialog({
  model,
  onClose,
}: {
  readonly model: Model;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const [projectId, setProjectId] = useState('');
  const kind = deploymentKindOf(model.type);
  const projects = useQuery({ queryKey: PROJECTS_QUERY_KEY, queryFn: fetchMyProjects });
  const names = new Map((projects.data ?? []).map((project) => [project.id, project.name]));
  const deployment = useQuery({
    queryKey: modelKeys.projectDeployment(projectId, kind),
    queryFn: () => fetchProjectDeployment(projectId, kind),
    enabled: projectId !== '',
  });
  const refresh = async (changed: string) => {
    await client.invalidateQueries({ queryKey: modelKeys.all });
    await client.invalidateQueries({ queryKey: modelKeys.projectDeployment(changed, kind) });
  };
  const deploy = useMutation({
    mutationFn: (target: string) => deployModel(model.id, target),
    onSuccess: async (answer) => {
      toast(
        t(`${k}.${kind}.deployed`, { project: names.get(answer.project_id) ?? answer.project_id }),
        'success',
      );
      await refresh(answer.project_id);
    },
    onError: (error) => toast(t(`${k}.error`, { message: errorMessage(error, '') }), 'error'),
  });
  const reset = useMutation({
    mutationFn: (target: string) => removeProjectDeployment(target, kind),
    onSuccess: async (answer) => {
      toast(
        t(`${k}.${kind}.resetDone`, { project: names.get(answer.project_id) ?? answer.project_id }),
        'success',
      );
      await refresh(answer.project_id);
    },
    onError: (error) => toast(t(`${k}.error`, { message: errorMessage(error, '') }), 'error'),
  });
  const current = deployment.data?.model;
  const busy = deploy.isPending || reset.isPending;
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t(`${k}.title`, { name: model.name })}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <TextField
            select
            label={t(`${k}.project`)}
            value={projectId}
            onChange={(event) => setProjectId(event.target.value)}
          >
            {(projects.data ?? []).map((project) => (
              <MenuItem key={project.id} value={project.id}>
                {project.name}
              </MenuItem>
            ))}
          </TextField>
          {deployment.data !== undefined && (
            <Alert severity="info">
              {t(`${k}.${kind}.current`, {
                name:
                  current === null || current === undefined ? t(`${k}.${kind}.none`) : current.name,
              })}
            </Alert>
          )}
          <Typography variant="subtitle2">{t(`${k}.usedBy`)}</Typography>
          {model.deployed_project_ids.length === 0 ? (
            <Typography variant="body2" color="textSecondary">
              {t(`${k}.none`)}
            </Typography>
          ) : (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
              {model.deployed_project_ids.map((id) => (
                <Chip
                  key={id}
                  color="primary"
                  label={names.get(id) ?? id}
                  onDelete={busy ? undefined : () => reset.mutate(id)}
                />
              ))}
            </Stack>
          )}
          <Typography variant="caption" color="textSecondary">
            {t(`${k}.${kind}.resetHint`)}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t(`${k}.close`)}</Button>
        <Button
          variant="contained"
          disabled={projectId === '' || busy || model.deployed_project_ids.includes(projectId)}
          onClick={() => deploy.mutate(projectId)}
        >
          {deploy.isPending ? t(`${k}.deploying`) : t(`${k}.${kind}.deploy`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
