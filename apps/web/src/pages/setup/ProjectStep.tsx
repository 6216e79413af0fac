import {
  Alert,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { DESCRIPTION_MAX, NAME_MAX, type AdminProject } from '@sarm/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_PROJECTS_KEY, createProject, updateProject } from '../../api/adminProjectsApi';
import { errorMessage } from '../../api/client';
import { PROJECTS_QUERY_KEY } from '../../api/projectsApi';
import type { Workflow } from '../../routing/workflow';
import { firstProjectRequest, type FirstProjectForm } from './setupSteps';
import { StepActions } from './StepActions';

/** What the project step made, kept by the page so that reopening the step edits it. */
export interface CreatedProject {
  readonly project: AdminProject;
  readonly workflow: Workflow;
}

/**
 * Step 2: a first project through the administration projects API. The server makes its creator
 * a member with admin access, so it opens in the clinic and technical workflows at once.
 */
export function ProjectStep(props: {
  readonly created: CreatedProject | null;
  readonly onSaved: (created: CreatedProject) => void;
  readonly onSkip: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form, setForm] = useState<FirstProjectForm>({
    name: props.created?.project.name ?? '',
    description: props.created?.project.description ?? '',
    workflow: props.created?.workflow ?? 'business',
  });
  const [errors, setErrors] = useState<Partial<Record<'name' | 'description', string>>>({});
  const save = useMutation({
    mutationFn: (request: { name: string; description: string }) =>
      props.created === null
        ? createProject({ ...request, status: 'active' })
        : updateProject(props.created.project.id, request),
    onSuccess: async (project) => {
      await client.invalidateQueries({ queryKey: ADMIN_PROJECTS_KEY });
      await client.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY });
      props.onSaved({ project, workflow: form.workflow });
    },
  });
  const submit = () => {
    const checked = firstProjectRequest(form);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    save.mutate({ name: checked.request.name, description: checked.request.description ?? '' });
  };

  return (
    <>
      <Typography color="textSecondary" sx={{ mb: 2 }}>
        {t('setup.project.intro')}
      </Typography>
      <Stack spacing={2} sx={{ maxWidth: 560 }}>
        <TextField
          size="small"
          label={t('admin.projects.name')}
          value={form.name}
          error={errors.name !== undefined}
          helperText={errors.name}
          disabled={save.isPending}
          slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
          onChange={(event) => setForm({ ...form, name: event.target.value })}
        />
        <TextField
          size="small"
          multiline
          minRows={2}
          label={t('admin.projects.description')}
          value={form.description}
          error={errors.description !== undefined}
          helperText={errors.description}
          disabled={save.isPending}
          slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX } }}
          onChange={(event) => setForm({ ...form, description: event.target.value })}
        />
        <FormControl>
          <FormLabel id="setup-project-workflow">{t('setup.project.workflow')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby="setup-project-workflow"
            value={form.workflow}
            onChange={(event) =>
              setForm({
                ...form,
                workflow: event.target.value === 'technical' ? 'technical' : 'business',
              })
            }
          >
            <FormControlLabel
              value="business"
              control={<Radio />}
              label={t('setup.project.workflowBusiness')}
            />
            <FormControlLabel
              value="technical"
              control={<Radio />}
              label={t('setup.project.workflowTechnical')}
            />
          </RadioGroup>
          <FormHelperText>{t('setup.project.workflowHelp')}</FormHelperText>
        </FormControl>
      </Stack>
      {props.created !== null && (
        <Alert severity="success" sx={{ mt: 2 }}>
          {t('setup.project.created', { name: props.created.project.name })}
        </Alert>
      )}
      {save.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(save.error, t('setup.saveFailed'))}
        </Alert>
      )}
      <StepActions busy={save.isPending} onSave={submit} onSkip={props.onSkip} />
    </>
  );
}
