import {
  Alert,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import type { Video, VideoProcessingStatus } from '@sarm/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { retryVideo } from '../../api/clinicalApi';
import { useCan } from '../admin/common/useCan';
import { AuthImage } from './AuthImage';
import { minutesSeconds } from './ClinicalBreadcrumbs';
import { isActive, useTaskPolling } from './useExtraction';

type ChipColor = 'success' | 'warning' | 'error' | 'default';
const STATUS: Record<VideoProcessingStatus, { key: string; color: ChipColor }> = {
  completed: { key: 'clinical.statusComplete', color: 'success' },
  processing: { key: 'clinical.statusProcessing', color: 'warning' },
  failed: { key: 'clinical.statusFailed', color: 'error' },
  pending: { key: 'clinical.statusPending', color: 'default' },
  uploaded: { key: 'clinical.statusUploaded', color: 'default' },
};

export interface VideoCardActions {
  readonly onPlay: (video: Video) => void;
  readonly onExtract: (video: Video) => void;
  readonly onFrames: (video: Video) => void;
  readonly onDelete: (video: Video) => void;
  readonly canDelete: boolean;
  readonly refreshKeys: readonly (readonly unknown[])[];
}

/** A video with thumbnail, status chip, extraction progress and its actions. */
export function VideoCard({
  video,
  actions,
  patientName,
}: {
  video: Video;
  actions: VideoCardActions;
  /** The linked patient's name; null when none, undefined when not known (not shown). */
  patientName?: string | null;
}) {
  const { t } = useTranslation();
  const task = useTaskPolling(video.lastTaskId, actions.refreshKeys);
  const status = STATUS[video.processingStatus];
  const processing = video.processingStatus === 'processing';
  const running = isActive(task) && task?.task_type === 'frames.extract';
  const hasFrames = video.extractedFramesCount > 0;
  const canViewAnalysis = useCan(['view_analysis_results']);
  const canRetry = useCan(['upload_videos']);
  const client = useQueryClient();
  const retry = useMutation({
    mutationFn: () => retryVideo(video.id),
    onSettled: () =>
      Promise.all(actions.refreshKeys.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
  return (
    <Card
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      data-testid="video-card"
    >
      <AuthImage
        path={video.hasThumbnail ? `/sarm/media/thumbnail/${video.id}` : null}
        alt={video.name}
      />
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }} noWrap>
            {video.name}
          </Typography>
          <Chip
            size="small"
            color={status.color}
            label={t(status.key as 'clinical.statusComplete')}
          />
        </Stack>
        {patientName !== undefined && (
          <Typography variant="body2" data-testid="video-patient">
            {t('businessScreens.patientLabel', { name: patientName ?? t('business.noPatient') })}
          </Typography>
        )}
        <Typography variant="body2" color="textSecondary">
          {video.description}
        </Typography>
        <Typography variant="caption" color="textSecondary" component="div">
          {video.resolution} · {minutesSeconds(video.duration)} ·{' '}
          {t('clinical.framesCount', { count: video.extractedFramesCount })}
        </Typography>
        {running && task !== undefined && (
          <Stack spacing={0.5} sx={{ mt: 1 }}>
            <LinearProgress variant="determinate" value={task.progress} />
            <Typography variant="caption">
              {task.message ?? t('clinical.extracting', { progress: Math.round(task.progress) })}
            </Typography>
          </Stack>
        )}
        {video.error !== null && video.processingStatus === 'failed' && (
          <Alert
            severity="error"
            sx={{ mt: 1 }}
            action={
              canRetry && (
                <Button
                  color="inherit"
                  size="small"
                  disabled={retry.isPending}
                  onClick={() => retry.mutate()}
                >
                  {t('common.retry')}
                </Button>
              )
            }
          >
            {video.error}
          </Alert>
        )}
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap' }}>
        <Button size="small" disabled={processing} onClick={() => actions.onPlay(video)}>
          {t('clinical.play')}
        </Button>
        {hasFrames ? (
          <Button size="small" disabled={processing} onClick={() => actions.onFrames(video)}>
            {video.processingStatus === 'completed'
              ? t('clinical.viewFrames')
              : t('clinical.selectFrames')}
          </Button>
        ) : (
          <Button
            size="small"
            variant="contained"
            disabled={processing || running}
            onClick={() => actions.onExtract(video)}
          >
            {t('clinical.extractFrames')}
          </Button>
        )}
        {canViewAnalysis && video.processingStatus === 'completed' && (
          <Button size="small" component={RouterLink} to={`/sarm/analysis/${video.id}`}>
            {t('videoAnalysis.viewAnalysis')}
          </Button>
        )}
        {actions.canDelete && (
          <Button
            size="small"
            color="error"
            disabled={running}
            onClick={() => actions.onDelete(video)}
          >
            {t('clinical.delete')}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
