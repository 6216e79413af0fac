import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { DATASET_STATUSES, type Dataset, type UserProjectDetail } from '@sarm/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/client';
import { createDataset, updateDataset } from '../../../api/clinicalApi';
import {
  datasetFormOf,
  metadataObject,
  validateDatasetForm,
  type DatasetForm,
  type DatasetFormErrors,
  type MetadataRow,
} from './datasetFormLogic';

const k = 'technical.datasets';
const TYPES = ['detection', 'morphology', 'combined'] as const;
const STATUSES = DATASET_STATUSES.filter(
  (status): status is DatasetForm['status'] => status !== 'active',
);

/**
 * Create a dataset, or edit one when `dataset` is given (finetune form variant of spec 2 §5),
 * with its metadata key/value editor. A dataset keeps its project when edited.
 */
export function DatasetFormDialog({
  projects,
  projectId,
  dataset,
  onClose,
  onSaved,
}: {
  readonly projects: readonly UserProjectDetail[];
  readonly projectId: string | null;
  readonly dataset?: Dataset;
  readonly onClose: () => void;
  readonly onSaved: () => void;
}) {
  const { t } = useTranslation();
  const editing = dataset !== undefined;
  const [form, setForm] = useState<DatasetForm>(() =>
    datasetFormOf(dataset ?? null, projectId ?? ''),
  );
  const [errors, setErrors] = useState<DatasetFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (change: Partial<DatasetForm>) => setForm((current) => ({ ...current, ...change }));
  const setRow = (index: number, row: MetadataRow) =>
    set({ metadata: form.metadata.map((r, i) => (i === index ? row : r)) });

  async function save() {
    const found = validateDatasetForm(form, projectId !== null ? 'finetune' : 'technical');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    setFailure(null);
    try {
      const fields = {
        name: form.name.trim(),
        description: form.description.trim(),
        type: form.type,
        status: form.status,
        metadata: metadataObject(form.metadata),
      };
      if (dataset === undefined) await createDataset({ ...fields, project_id: form.projectId });
      else {
        // A clinic dataset's 'active' status shows as in-progress: it is only sent when changed.
        const { status, ...rest } = fields;
        const changed = status !== datasetFormOf(dataset, '').status;
        await updateDataset(dataset.id, changed ? fields : rest);
      }
      onSaved();
    } catch (error) {
      setFailure(errorMessage(error, t(`${k}.saveFailed`)));
    } finally {
      setSaving(false);
    }
  }

  const errorText = (field: keyof DatasetFormErrors) => {
    const error = errors[field];
    return error === undefined ? undefined : t(`${k}.errors.${error}`);
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{editing ? t(`${k}.editTitle`) : t(`${k}.createTitle`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label={t(`${k}.name`)}
            value={form.name}
            onChange={(event) => set({ name: event.target.value })}
            error={errors.name !== undefined}
            helperText={errorText('name')}
            required
          />
          <TextField
            label={t(`${k}.description`)}
            value={form.description}
            onChange={(event) => set({ description: event.target.value })}
            error={errors.description !== undefined}
            helperText={errorText('description')}
            multiline
            minRows={2}
            required={projectId !== null}
          />
          {projectId === null && !editing && (
            <TextField
              select
              label={t(`${k}.project`)}
              value={form.projectId}
              onChange={(event) => set({ projectId: event.target.value })}
              error={errors.projectId !== undefined}
              helperText={errorText('projectId')}
            >
              {projects.map((project) => (
                <MenuItem key={project.id} value={project.id}>
                  {project.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <Stack direction="row" spacing={2}>
            <TextField
              select
              fullWidth
              label={t(`${k}.type`)}
              value={form.type}
              onChange={(event) =>
                set({ type: TYPES.find((type) => type === event.target.value) ?? 'detection' })
              }
            >
              {TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`${k}.types.${type}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              fullWidth
              label={t(`${k}.status`)}
              value={form.status}
              onChange={(event) =>
                set({ status: STATUSES.find((s) => s === event.target.value) ?? 'draft' })
              }
            >
              {STATUSES.map((status) => (
                <MenuItem key={status} value={status}>
                  {t(`${k}.statuses.${status}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Typography variant="subtitle2">{t(`${k}.metadata`)}</Typography>
          {form.metadata.map((row, index) => (
            <Stack key={index} direction="row" spacing={1}>
              <TextField
                size="small"
                label={t(`${k}.metadataKey`)}
                value={row.key}
                onChange={(event) => setRow(index, { ...row, key: event.target.value })}
              />
              <TextField
                size="small"
                label={t(`${k}.metadataValue`)}
                value={row.value}
                onChange={(event) => setRow(index, { ...row, value: event.target.value })}
                sx={{ flexGrow: 1 }}
              />
              <IconButton
                aria-label={t(`${k}.removeMetadata`)}
                onClick={() => set({ metadata: form.metadata.filter((_, i) => i !== index) })}
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          ))}
          <Button
            startIcon={<AddIcon />}
            onClick={() => set({ metadata: [...form.metadata, { key: '', value: '' }] })}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t(`${k}.addMetadata`)}
          </Button>
          {failure !== null && <Alert severity="error">{failure}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t(`${k}.cancel`)}</Button>
        <Button variant="contained" disabled={saving} onClick={() => void save()}>
          {editing ? t(`${k}.save`) : t(`${k}.create`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
