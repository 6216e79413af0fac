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
import type { Model } from '@sarm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/client';
import {
  deployModel,
  fetchProjectDetector,
  modelKeys,
  resetProjectDetector,
} from '../../../api/technical/modelsApi';
import { fetchMyProjects, PROJECTS_QUERY_KEY } from '../../../api/projectsApi';
import { useToast } from '../../../feedback/feedbackContext';

const k = 'technical.training.deploy';

/** Makes the model a project's detector, shows which projects use it, and puts one back on the built-in detector. */
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
  const projects = useQuery({ queryKey: PROJECTS_QUERY_KEY, queryFn: fetchMyProjects });
  const names = new Map((projects.data ?? []).map((project) => [project.id, project.name]));
  const detector = useQuery({
    queryKey: modelKeys.projectDetector(projectId),
    queryFn: () => fetchProjectDetector(projectId),
    enabled: projectId !== '',
  });
  const refresh = async (changed: string) => {
    await client.invalidateQueries({ queryKey: modelKeys.all });
    await client.invalidateQueries({ queryKey: modelKeys.projectDetector(changed) });
  };
  const deploy = useMutation({
    mutationFn: (target: string) => deployModel(model.id, target),
    onSuccess: async (answer) => {
      toast(
        t(`${k}.deployed`, { project: names.get(answer.project_id) ?? answer.project_id }),
        'success',
      );
      await refresh(answer.project_id);
    },
    onError: (error) => toast(t(`${k}.error`, { message: errorMessage(error, '') }), 'error'),
  });
  const reset = useMutation({
    mutationFn: (target: string) => resetProjectDetector(target),
    onSuccess: async (answer) => {
      toast(
        t(`${k}.resetDone`, { project: names.get(answer.project_id) ?? answer.project_id }),
        'success',
      );
      await refresh(answer.project_id);
    },
    onError: (error) => toast(t(`${k}.error`, { message: errorMessage(error, '') }), 'error'),
  });
  const current = detector.data?.model;
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
          {detector.data !== undefined && (
            <Alert severity="info">
              {t(`${k}.current`, {
                name: current === null || current === undefined ? t(`${k}.builtIn`) : current.name,
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
            {t(`${k}.resetHint`)}
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
          {deploy.isPending ? t(`${k}.deploying`) : t(`${k}.deploy`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
