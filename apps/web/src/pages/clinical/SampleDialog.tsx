import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Grid,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { DESCRIPTION_MAX, NAME_MAX, SHORT_TEXT_MAX, type Dataset } from '@sarm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { calibrationKeys, fetchCalibrationProfiles } from '../../api/calibrationApi';
import { clinicalKeys, createDataset, updateDataset } from '../../api/clinicalApi';
import { errorMessage } from '../../api/client';
import { reportKeys } from '../../api/reportsApi';
import { PatientPicker } from './PatientPicker';
import {
  localDate,
  sampleForm,
  sampleSettings,
  withCalibrationProfile,
  type SampleForm,
  type SampleFormField,
} from './sampleLogic';

type Errors = Partial<Record<SampleFormField, string>>;

/**
 * "New sample" of a project, or the sample of an existing dataset edited (issue 15): patient,
 * collection, semen volume, the optional macroscopic findings, chamber, dilution and scale.
 * Mount it only while open so it starts from the dataset's values.
 */
export function SampleDialog({
  projectId,
  dataset,
  onClose,
  onSaved,
}: {
  readonly projectId: string;
  /** The dataset to edit, or null for a new sample. */
  readonly dataset: Dataset | null;
  readonly onClose: () => void;
  readonly onSaved: (dataset: Dataset) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form, setForm] = useState<SampleForm>(() => {
    const now = new Date();
    const initial = sampleForm(dataset, now);
    return dataset === null
      ? { ...initial, name: t('samples.defaultName', { date: localDate(now) }) }
      : initial;
  });
  const [errors, setErrors] = useState<Errors>({});
  const profiles = useQuery({
    queryKey: calibrationKeys.profiles,
    queryFn: fetchCalibrationProfiles,
  });
  const save = useMutation({
    mutationFn: (settings: Dataset['settings']) =>
      dataset === null
        ? createDataset({
            name: form.name,
            description: form.description,
            projectId,
            settings,
          })
        : updateDataset(dataset.id, { name: form.name, description: form.description, settings }),
    onSuccess: async (saved) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: clinicalKeys.datasets(projectId) }),
        client.invalidateQueries({ queryKey: clinicalKeys.allDatasets }),
        client.invalidateQueries({ queryKey: clinicalKeys.dataset(saved.id) }),
        client.invalidateQueries({ queryKey: reportKeys.stored(saved.id) }),
      ]);
      onSaved(saved);
    },
  });
  const set = (field: SampleFormField) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  function submit() {
    const checked = sampleSettings(form);
    const nameError = form.name.trim() === '' ? t('samples.nameRequired') : undefined;
    if (!checked.ok || nameError !== undefined) {
      setErrors({ ...(checked.ok ? {} : checked.errors), name: nameError });
      return;
    }
    setErrors({});
    save.mutate(checked.settings);
  }

  const field = (
    name: SampleFormField,
    label: string,
    options: { unit?: string; type?: string; max?: number; size?: number } = {},
  ) => (
    <Grid size={{ xs: 12, sm: options.size ?? 6 }}>
      <TextField
        fullWidth
        size="small"
        label={options.unit === undefined ? label : `${label} (${options.unit})`}
        type={options.type ?? 'text'}
        value={form[name] ?? ''}
        onChange={set(name)}
        disabled={save.isPending}
        error={errors[name] !== undefined}
        helperText={errors[name]}
        slotProps={{
          htmlInput: {
            maxLength: options.max,
            inputMode: options.type === 'number' ? 'decimal' : undefined,
            step: 'any',
          },
          inputLabel: options.type === 'datetime-local' ? { shrink: true } : undefined,
        }}
        data-testid={`sample-${name}`}
      />
    </Grid>
  );

  /** A select of fixed choices: value, then the text shown. */
  const choice = (
    name: 'headPolarity' | 'headFinding',
    label: string,
    hint: string,
    options: readonly (readonly [string, string])[],
  ) => (
    <Grid size={{ xs: 12, sm: 6 }}>
      <TextField
        select
        fullWidth
        size="small"
        label={label}
        value={form[name]}
        disabled={save.isPending}
        helperText={hint}
        onChange={(event) => setForm((current) => ({ ...current, [name]: event.target.value }))}
        data-testid={`sample-${name}`}
      >
        {options.map(([value, text]) => (
          <MenuItem key={value} value={value}>
            {text}
          </MenuItem>
        ))}
      </TextField>
    </Grid>
  );

  return (
    <Dialog open fullWidth maxWidth="md" onClose={save.isPending ? undefined : onClose}>
      <DialogTitle>{dataset === null ? t('samples.newTitle') : t('samples.editTitle')}</DialogTitle>
      <DialogContent dividers>
        {save.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(save.error, t('clinical.unknownError'))}
          </Alert>
        )}
        <Grid container spacing={2}>
          {field('name', t('samples.name'), { max: NAME_MAX })}
          <Grid size={{ xs: 12, sm: 6 }}>
            <PatientPicker
              projectId={projectId}
              value={form.patientId}
              onChange={(patientId) => setForm((current) => ({ ...current, patientId }))}
              disabled={save.isPending}
            />
          </Grid>
          {field('description', t('samples.description'), { max: DESCRIPTION_MAX, size: 12 })}
        </Grid>
        <Divider sx={{ my: 2 }} />
        <Typography variant="subtitle2" gutterBottom>
          {t('samples.collection')}
        </Typography>
        <Grid container spacing={2}>
          {field('collectedAt', t('samples.collectedAt'), { type: 'datetime-local', size: 4 })}
          {field('abstinenceDays', t('samples.abstinenceDays'), { type: 'number', size: 4 })}
          {field('minutesToAnalysis', t('samples.minutesToAnalysis'), { type: 'number', size: 4 })}
          {field('semenVolumeMl', t('samples.semenVolume'), {
            type: 'number',
            unit: 'ml',
            size: 4,
          })}
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              select
              fullWidth
              size="small"
              label={t('samples.collectionState')}
              value={form.collection}
              disabled={save.isPending}
              onChange={(event) =>
                setForm((current) => ({
                  ...current,
                  collection:
                    event.target.value === 'complete' || event.target.value === 'incomplete'
                      ? event.target.value
                      : '',
                }))
              }
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              data-testid="sample-collection"
            >
              <MenuItem value="">{t('samples.notRecorded')}</MenuItem>
              <MenuItem value="complete">{t('samples.complete')}</MenuItem>
              <MenuItem value="incomplete">{t('samples.incomplete')}</MenuItem>
            </TextField>
          </Grid>
          {field('ph', t('samples.ph'), { type: 'number', size: 4 })}
          {field('appearance', t('samples.appearance'), { max: SHORT_TEXT_MAX, size: 4 })}
          {field('liquefaction', t('samples.liquefaction'), { max: SHORT_TEXT_MAX, size: 4 })}
          {field('viscosity', t('samples.viscosity'), { max: SHORT_TEXT_MAX, size: 4 })}
        </Grid>
        <Divider sx={{ my: 2 }} />
        <Typography variant="subtitle2" gutterBottom>
          {t('samples.microscope')}
        </Typography>
        <Grid container spacing={2}>
          <Grid size={12}>
            <TextField
              select
              fullWidth
              size="small"
              label={t('samples.calibrationProfile')}
              value={form.calibrationProfileId ?? ''}
              disabled={save.isPending}
              helperText={t('samples.calibrationProfileHint')}
              onChange={(event) =>
                setForm((current) =>
                  withCalibrationProfile(
                    current,
                    profiles.data?.find((p) => p.id === event.target.value) ?? null,
                  ),
                )
              }
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              data-testid="sample-calibration-profile"
            >
              <MenuItem value="">{t('samples.noCalibrationProfile')}</MenuItem>
              {(profiles.data ?? []).map((profile) => (
                <MenuItem key={profile.id} value={profile.id}>
                  {t('samples.profileOption', {
                    name: profile.name,
                    scale: profile.um_per_pixel,
                  })}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          {field('chamberName', t('samples.chamberName'), { max: NAME_MAX, size: 3 })}
          {field('chamberDepthUm', t('samples.chamberDepth'), {
            type: 'number',
            unit: 'µm',
            size: 3,
          })}
          {field('dilutionFactor', t('samples.dilution'), { type: 'number', size: 3 })}
          {field('umPerPixel', t('samples.umPerPixel'), { type: 'number', size: 3 })}
          {choice('headPolarity', t('samples.headPolarity'), t('samples.headPolarityHint'), [
            ['auto', t('samples.headPolarityAuto')],
            ['bright', t('samples.headPolarityBright')],
            ['dark', t('samples.headPolarityDark')],
          ])}
          {choice('headFinding', t('samples.headFinding'), t('samples.headFindingHint'), [
            ['blobs', t('samples.headFindingBlobs')],
            ['peaks', t('samples.headFindingPeaks')],
          ])}
        </Grid>
        {dataset !== null && (
          <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 2 }}>
            {t('samples.changeNote')}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          {t('clinical.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          {dataset === null ? t('samples.create') : t('samples.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
