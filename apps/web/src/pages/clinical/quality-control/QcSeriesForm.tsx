import {
  NAME_MAX,
  QC_ANALYTES,
  type Dataset,
  type QcAnalyte,
  type QcSeries,
} from '@sarm/contracts';
import { Alert, Button, Grid, MenuItem, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createQcSeries } from '../../../api/qualityControlApi';
import { parseNumber } from './qualityControlLogic';

export const ANALYTE_KEYS = {
  concentration: 'qc.lj.analytes.concentration',
  progressive: 'qc.lj.analytes.progressive',
  total_motility: 'qc.lj.analytes.totalMotility',
} as const satisfies Record<QcAnalyte, string>;

/** Marks a sample as QC material charted on one analyte, with an optional target mean and SD. */
export function QcSeriesForm({
  datasets,
  onCreated,
}: {
  datasets: readonly Dataset[];
  onCreated: (series: QcSeries) => void;
}) {
  const { t } = useTranslation();
  const [datasetId, setDatasetId] = useState('');
  const [name, setName] = useState('');
  const [analyte, setAnalyte] = useState<QcAnalyte>('concentration');
  const [targetMean, setTargetMean] = useState('');
  const [targetSd, setTargetSd] = useState('');
  const create = useMutation({ mutationFn: createQcSeries, onSuccess: onCreated });
  const mean = parseNumber(targetMean);
  const sd = parseNumber(targetSd);
  const valid =
    datasetId !== '' &&
    name.trim() !== '' &&
    (mean === null) === (sd === null) &&
    !Number.isNaN(mean) &&
    !Number.isNaN(sd);
  return (
    <Grid
      container
      spacing={2}
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (valid)
          create.mutate({
            dataset_id: datasetId,
            name: name.trim(),
            analyte,
            target_mean: mean,
            target_sd: sd,
          });
      }}
    >
      {create.isError && (
        <Grid size={12}>
          <Alert severity="error">{create.error.message}</Alert>
        </Grid>
      )}
      <Grid size={{ xs: 12, md: 3 }}>
        <TextField
          select
          fullWidth
          size="small"
          label={t('qc.lj.material')}
          value={datasetId}
          onChange={(event) => setDatasetId(event.target.value)}
        >
          {datasets.map((dataset) => (
            <MenuItem key={dataset.id} value={dataset.id}>
              {dataset.name}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, md: 3 }}>
        <TextField
          fullWidth
          size="small"
          label={t('qc.lj.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 2 }}>
        <TextField
          select
          fullWidth
          size="small"
          label={t('qc.lj.analyte')}
          value={analyte}
          onChange={(event) =>
            setAnalyte(QC_ANALYTES.find((code) => code === event.target.value) ?? analyte)
          }
        >
          {QC_ANALYTES.map((code) => (
            <MenuItem key={code} value={code}>
              {t(ANALYTE_KEYS[code])}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 6, md: 1.5 }}>
        <TextField
          fullWidth
          size="small"
          label={t('qc.lj.targetMean')}
          value={targetMean}
          onChange={(event) => setTargetMean(event.target.value)}
        />
      </Grid>
      <Grid size={{ xs: 6, md: 1.5 }}>
        <TextField
          fullWidth
          size="small"
          label={t('qc.lj.targetSd')}
          value={targetSd}
          onChange={(event) => setTargetSd(event.target.value)}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 1 }}>
        <Button type="submit" variant="outlined" disabled={!valid || create.isPending}>
          {t('qc.lj.create')}
        </Button>
      </Grid>
    </Grid>
  );
}
