import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Grid,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import type { Dataset } from '@sarm/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { businessKeys, fetchPatient } from '../../api/businessApi';
import { useCan } from '../admin/common/useCan';
import { capped } from './ClinicalBreadcrumbs';
import { metadataEntries } from './businessScreensLogic';
import { SampleDialog } from './SampleDialog';
import { sampleRows } from './sampleLogic';

export interface DatasetActions {
  readonly onManageVideos: (dataset: Dataset) => void;
  readonly onSelectFrames: (dataset: Dataset) => void;
  /** Absent when the caller may not generate reports. */
  readonly onGenerateReports?: (dataset: Dataset) => void;
  /** Why generating is not possible yet (too few usable videos), or null. */
  readonly reportBlocker: (dataset: Dataset) => string | null;
  /** The sample was edited: the caller shows the saved dataset. */
  readonly onSampleSaved?: (dataset: Dataset) => void;
}

function Statistic({ label, value }: { readonly label: string; readonly value: number }) {
  return (
    <Box sx={{ textAlign: 'center', p: 1, borderRadius: 1, bgcolor: 'action.hover' }}>
      <Typography variant="h6">{capped(value)}</Typography>
      <Typography variant="caption" color="textSecondary">
        {label}
      </Typography>
    </Box>
  );
}

/** The business dataset details: description, statistics and metadata (spec 1 §2.4). */
export function DatasetDetailsDialog({
  dataset,
  actions,
  onClose,
}: {
  readonly dataset: Dataset;
  readonly actions: DatasetActions;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const canEditSample = useCan(['manage_samples']);
  const { stats, settings } = dataset;
  const patientId = settings.patient_id ?? null;
  const canReadPatients = useCan(['manage_patients', 'upload_videos']);
  const patient = useQuery({
    queryKey: businessKeys.patient(patientId ?? ''),
    queryFn: () => fetchPatient(patientId ?? ''),
    enabled: patientId !== null && canReadPatients,
  });
  const statistics: [string, number][] = [
    [t('businessScreens.videos'), stats.totalVideos],
    [t('businessScreens.usableVideos'), stats.usableVideos],
    [t('businessScreens.frames'), stats.totalFrames],
    [t('businessScreens.annotatedFrames'), stats.annotatedFrames],
    [t('businessScreens.detections'), stats.totalDetections],
    [t('businessScreens.crops'), stats.totalCrops],
  ];
  const metadata: [string, string][] = [
    [t('businessScreens.id'), dataset.id],
    [t('businessScreens.project'), dataset.project_name],
    [t('businessScreens.type'), dataset.type],
    [t('businessScreens.status'), dataset.status],
    [t('businessScreens.created'), new Date(dataset.createdAt).toLocaleString()],
    [t('businessScreens.updated'), new Date(dataset.updatedAt).toLocaleString()],
    [t('businessScreens.chamberDepth'), String(settings.chamber_depth_um)],
    [t('businessScreens.dilution'), String(settings.dilution_factor)],
    [t('businessScreens.umPerPixel'), String(settings.um_per_pixel)],
    ...(patientId === null
      ? []
      : [[t('samples.patient'), patient.data?.name ?? patientId] satisfies [string, string]]),
    ...sampleRows(settings).map(([key, value]): [string, string] => [
      t(`samples.${key}`),
      key !== 'collectionState'
        ? value
        : t(value === 'complete' ? 'samples.complete' : 'samples.incomplete'),
    ]),
    ...metadataEntries(dataset.metadata),
  ];
  const { onGenerateReports } = actions;
  const blocker = actions.reportBlocker(dataset);
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <span>{t('businessScreens.detailsTitle')}</span>
          <Chip size="small" label={dataset.name} color="primary" variant="outlined" />
        </Stack>
      </DialogTitle>
      <DialogContent dividers>
        <Typography variant="subtitle2" gutterBottom>
          {t('businessScreens.description')}
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          {dataset.description === '' ? t('businessScreens.noDescription') : dataset.description}
        </Typography>
        <Divider sx={{ mb: 2 }} />
        <Typography variant="subtitle2" gutterBottom>
          {t('businessScreens.statistics')}
        </Typography>
        <Grid container spacing={1} sx={{ mb: 2 }}>
          {statistics.map(([label, value]) => (
            <Grid key={label} size={{ xs: 6, sm: 4, md: 2 }}>
              <Statistic label={label} value={value} />
            </Grid>
          ))}
        </Grid>
        <Divider sx={{ mb: 2 }} />
        <Typography variant="subtitle2" gutterBottom>
          {t('businessScreens.metadata')}
        </Typography>
        <Table size="small">
          <TableBody>
            {metadata.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell sx={{ fontWeight: 600, width: '35%' }}>{label}</TableCell>
                <TableCell sx={{ wordBreak: 'break-all' }}>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        <Button onClick={onClose}>{t('businessScreens.close')}</Button>
        {canEditSample && (
          <Button variant="outlined" onClick={() => setEditing(true)}>
            {t('samples.editSample')}
          </Button>
        )}
        <Button variant="outlined" onClick={() => actions.onManageVideos(dataset)}>
          {t('businessScreens.manageVideos')}
        </Button>
        <Button variant="outlined" onClick={() => actions.onSelectFrames(dataset)}>
          {t('businessScreens.selectFrames')}
        </Button>
        {onGenerateReports !== undefined && (
          <Tooltip title={blocker ?? ''}>
            <span>
              <Button
                variant="contained"
                disabled={blocker !== null}
                onClick={() => onGenerateReports(dataset)}
              >
                {t('businessScreens.generateReports')}
              </Button>
            </span>
          </Tooltip>
        )}
      </DialogActions>
      {editing && (
        <SampleDialog
          projectId={dataset.projectId}
          dataset={dataset}
          onClose={() => setEditing(false)}
          onSaved={(saved) => {
            setEditing(false);
            actions.onSampleSaved?.(saved);
          }}
        />
      )}
    </Dialog>
  );
}
