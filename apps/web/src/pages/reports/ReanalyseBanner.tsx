import { Alert, Button, Stack, TextField } from '@mui/material';
import type { StoredReport } from '@sarm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clinicalKeys, fetchDataset } from '../../api/clinicalApi';
import { errorMessage } from '../../api/client';
import { fetchReportVersions, reportKeys, runReport } from '../../api/reportsApi';
import { useCan } from '../admin/common/useCan';
import { SampleDialog } from '../clinical/SampleDialog';
import { reportOutOfDate } from '../clinical/sampleLogic';
import { needsAmendReason } from './reportVersionsLogic';

/**
 * Above a stored report: when the sample's calibration or volume changed since the report was
 * made, says so and re-analyses in one click (one new report version; once a version is signed,
 * the new one amends it and asks for a reason); when no volume is recorded, offers to set it.
 */
export function ReanalyseBanner({ report }: { readonly report: StoredReport }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const canRun = useCan(['generate_reports']);
  const canEdit = useCan(['manage_samples']);
  const [editing, setEditing] = useState(false);
  const [reason, setReason] = useState('');
  const versions = useQuery({
    queryKey: reportKeys.versions(report.dataset_id),
    queryFn: () => fetchReportVersions(report.dataset_id),
  });
  const amending = versions.isSuccess && needsAmendReason(versions.data.versions);
  const dataset = useQuery({
    queryKey: clinicalKeys.dataset(report.dataset_id),
    queryFn: () => fetchDataset(report.dataset_id),
  });
  const videoIds = [
    ...new Set(
      [
        ...(report.concentration_report?.video_summaries ?? []),
        ...(report.motility_report?.video_summaries ?? []),
      ].map((summary) => summary.video_id),
    ),
  ];
  const rerun = useMutation({
    mutationFn: () =>
      runReport(report.dataset_id, videoIds, {
        forceReanalysis: false,
        ...(amending ? { reason: reason.trim() } : {}),
      }),
    onSettled: () => client.invalidateQueries({ queryKey: reportKeys.stored(report.dataset_id) }),
  });
  if (!dataset.isSuccess) return null;
  const changed = reportOutOfDate(report, dataset.data.settings);
  const noVolume = (dataset.data.settings.semen_volume_ml ?? null) === null;
  const editButton = canEdit && (
    <Button color="inherit" size="small" onClick={() => setEditing(true)}>
      {t('samples.editSample')}
    </Button>
  );
  return (
    <Stack spacing={1}>
      {changed.length > 0 && (
        <Alert
          severity="warning"
          data-testid="reanalyse-banner"
          action={
            canRun &&
            videoIds.length > 0 && (
              <Button
                color="inherit"
                size="small"
                variant="outlined"
                disabled={rerun.isPending || (amending && reason.trim() === '')}
                onClick={() => rerun.mutate()}
              >
                {rerun.isPending ? t('samples.reanalysing') : t('samples.reanalyse')}
              </Button>
            )
          }
        >
          {t('samples.reportOutOfDate', {
            fields: changed.map((key) => t(`samples.setting.${key}`)).join(', '),
          })}
          {canRun && amending && (
            <TextField
              label={t('reports.versions.reason')}
              helperText={t('reports.versions.reasonPrompt')}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              required
              size="small"
              fullWidth
              sx={{ mt: 1 }}
            />
          )}
        </Alert>
      )}
      {changed.length === 0 && noVolume && (
        <Alert severity="info" action={editButton}>
          {t('samples.volumeMissing')}
        </Alert>
      )}
      {rerun.isError && (
        <Alert severity="error">{errorMessage(rerun.error, t('clinical.unknownError'))}</Alert>
      )}
      {editing && (
        <SampleDialog
          projectId={dataset.data.projectId}
          dataset={dataset.data}
          onClose={() => setEditing(false)}
          onSaved={() => setEditing(false)}
        />
      )}
    </Stack>
  );
}
