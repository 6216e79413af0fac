import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DESCRIPTION_MAX, NAME_MAX, type AdminProject, type ProjectStatus } from '@sarm/contracts';

export interface ProjectFormValues {
  readonly name: string;
  readonly description: string;
  readonly status: ProjectStatus;
}

/** Add or edit a project; the status can be set here too (spec 3 §4). */
export function ProjectDialog(props: {
  readonly project: AdminProject | null;
  readonly busy: boolean;
  readonly onClose: () => void;
  readonly onSubmit: (values: ProjectFormValues) => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ProjectFormValues>({
    name: props.project?.name ?? '',
    description: props.project?.description ?? '',
    status: props.project?.status ?? 'active',
  });
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (values.name.trim() === '') return setError(t('admin.projects.nameRequired'));
    setError(null);
    props.onSubmit({ ...values, name: values.name.trim() });
  };
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        {props.project === null ? t('admin.projects.addTitle') : t('admin.projects.editTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {error !== null && <Alert severity="error">{error}</Alert>}
          <TextField
            label={t('admin.projects.name')}
            value={values.name}
            slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
            onChange={(e) => setValues({ ...values, name: e.target.value })}
          />
          <TextField
            label={t('admin.projects.description')}
            value={values.description}
            slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX } }}
            multiline
            minRows={3}
            onChange={(e) => setValues({ ...values, description: e.target.value })}
          />
          <TextField
            select
            label={t('admin.common.status')}
            value={values.status}
            onChange={(e) =>
              setValues({
                ...values,
                status: e.target.value === 'archived' ? 'archived' : 'active',
              })
            }
          >
            <MenuItem value="active">{t('admin.projects.statusActive')}</MenuItem>
            <MenuItem value="archived">{t('admin.projects.statusArchived')}</MenuItem>
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={props.busy}>
          {props.project === null ? t('admin.projects.add') : t('admin.common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
