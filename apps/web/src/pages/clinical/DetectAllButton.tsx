import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import type { DetectionConfig } from '@sarm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { detectFrames, detectionKeys, fetchDetectStatus } from '../../api/detectionApi';
import { useConfirm } from '../../feedback/feedbackContext';
import { detectPercent } from './detectionLogic';

const POLL_MS = 2000;
const running = (state: string | undefined) => state === 'queued' || state === 'running';

/** 'Detect All': queues detection on the listed frames and polls the task every 2 s. */
export function DetectAllButton({
  frameIds,
  refreshKey,
  confirmMessage,
  config,
  label,
}: {
  readonly frameIds: readonly string[];
  readonly refreshKey: readonly unknown[];
  /** Asks before starting when given (the technical workflow confirms bulk detection). */
  readonly confirmMessage?: string;
  /** The technical workflow's detection configuration (threshold, crops, visualisation). */
  readonly config?: DetectionConfig;
  /** The button's text; 'Detect All' unless given (Apply Detection says Run Detection). */
  readonly label?: string;
}) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const client = useQueryClient();
  const [taskId, setTaskId] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: (ids: readonly string[]) => detectFrames(ids, config),
    onSuccess: setTaskId,
  });
  const status = useQuery({
    queryKey: detectionKeys.status(taskId ?? ''),
    queryFn: () => fetchDetectStatus(taskId ?? ''),
    enabled: taskId !== null,
    refetchInterval: (query) =>
      query.state.data === undefined || running(query.state.data.state) ? POLL_MS : false,
  });
  const state = status.data?.state;
  useEffect(() => {
    if (state !== undefined && !running(state))
      void client.invalidateQueries({ queryKey: refreshKey });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the state changes
  }, [state, client]);

  const busy = start.isPending || (taskId !== null && (state === undefined || running(state)));
  const result = status.data?.result;
  return (
    <Box sx={{ mb: 2 }}>
      <Button
        variant="contained"
        disabled={busy || frameIds.length === 0}
        onClick={() =>
          confirmMessage === undefined
            ? start.mutate(frameIds)
            : void confirm({ message: confirmMessage, onConfirm: () => start.mutate(frameIds) })
        }
      >
        {label ?? t('detection.detectAll')}
      </Button>
      {busy && (
        <Box sx={{ mt: 1 }}>
          <LinearProgress
            variant={result === undefined ? 'indeterminate' : 'determinate'}
            value={detectPercent(result?.current ?? 0, result?.total ?? 0)}
          />
          <Typography variant="body2" color="textSecondary">
            {t('detection.detectingProgress', {
              current: result?.current ?? 0,
              total: result?.total ?? frameIds.length,
            })}
          </Typography>
        </Box>
      )}
      {state === 'completed' && (
        <Alert severity="success" sx={{ mt: 1 }}>
          {t('detection.detectDone')}
        </Alert>
      )}
      {(state === 'failed' || start.isError) && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('detection.detectFailed', {
            error: result?.error ?? (start.error instanceof Error ? start.error.message : ''),
          })}
        </Alert>
      )}
    </Box>
  );
}
