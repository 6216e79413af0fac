import { Alert, Button, TextField } from '@mui/material';
import type { CurrentAssessments } from '@sarm/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { useCan } from '../admin/common/useCan';
import { assessmentsChanged } from './interpretationLogic';
import { useReviseReport } from './useReviseReport';

/**
 * Above the latest version: when the sample's bench records are not the ones the version holds,
 * says so and saves a new version with the current ones (a reason once a version is signed).
 */
export function BenchChangedBanner(props: {
  readonly datasetId: string;
  readonly version: CurrentAssessments;
  /** The sample's current records; undefined while loading or unreadable (no banner). */
  readonly current: CurrentAssessments | undefined;
}) {
  const { t } = useTranslation();
  const canRevise = useCan(['generate_reports', 'sarm.sign_report']);
  const [reason, setReason] = useState('');
  const { revise, amending } = useReviseReport(props.datasetId);
  if (props.current === undefined || !assessmentsChanged(props.version, props.current)) return null;
  return (
    <Alert
      severity="warning"
      data-testid="bench-changed-banner"
      action={
        canRevise && (
          <Button
            color="inherit"
            size="small"
            variant="outlined"
            disabled={revise.isPending || (amending && reason.trim() === '')}
            onClick={() => revise.mutate(amending ? { reason: reason.trim() } : {})}
          >
            {revise.isPending
              ? t('reports.benchChanged.updating')
              : t('reports.benchChanged.update')}
          </Button>
        )
      }
    >
      {t('reports.benchChanged.text')}
      {canRevise && amending && (
        <TextField
          label={t('reports.versions.reason')}
          helperText={t('reports.interpretation.reasonPrompt')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          required
          size="small"
          fullWidth
          sx={{ mt: 1 }}
        />
      )}
      {revise.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(revise.error, t('reports.interpretation.saveFailed'))}
        </Alert>
      )}
    </Alert>
  );
}
