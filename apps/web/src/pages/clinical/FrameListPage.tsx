import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Grid,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import type { Frame, FrameListResponse, Video } from '@sarm/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { clinicalKeys, fetchFrames, fetchVideo, toggleFrame } from '../../api/clinicalApi';
import { useCan } from '../admin/common/useCan';
import { ClinicalBreadcrumbs, minutesSeconds } from './ClinicalBreadcrumbs';
import { DetectAllButton } from './DetectAllButton';
import { FrameTile } from './FrameTile';
import { selectionQueryKeys, withSelectedCount, withSelection } from './frameSelectionLogic';
import { useTaskPolling } from './useExtraction';

const PAGE = 50;

/** Frames of a video (spec 1 §2.4 Frame list): summary, click-to-select grid, Load More (+50). */
export function FrameListPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { projectId = '', datasetId = '', videoId = '' } = useParams();
  const canView = useCan(['select_frames', 'view_frames']);
  const canSelect = useCan(['select_frames']);
  const canDetect = useCan(['sarm.run_detection']);
  const [limit, setLimit] = useState(PAGE);
  const video = useQuery({
    queryKey: clinicalKeys.video(videoId),
    queryFn: () => fetchVideo(videoId),
    enabled: canView,
  });
  const frames = useQuery({
    queryKey: clinicalKeys.frames(videoId, limit),
    queryFn: () => fetchFrames(videoId, limit),
    enabled: canView,
  });
  const task = useTaskPolling(video.data?.lastTaskId ?? null, [
    clinicalKeys.video(videoId),
    ['sarm', 'frames', videoId],
  ]);
  if (!canView) return <Alert severity="warning">{t('clinical.noFramePermission')}</Alert>;

  const processing = video.data?.processingStatus === 'processing';
  const remaining = (frames.data?.total ?? 0) - (frames.data?.frames.length ?? 0);
  const refresh = () => {
    void video.refetch();
    void frames.refetch();
  };
  const toggle = (frame: Frame) => {
    if (!canSelect) return;
    const selected = !frame.selected;
    // "Selected frames" and the tile change at once; the server's answer then refreshes them.
    client.setQueriesData<FrameListResponse>({ queryKey: ['sarm', 'frames', videoId] }, (page) =>
      withSelection(page, frame.id, selected),
    );
    client.setQueryData<Video>(clinicalKeys.video(videoId), (v) =>
      withSelectedCount(v, selected ? 1 : -1),
    );
    // A refused change shows as the refetched state puts the tile and the count back.
    void toggleFrame(frame.id, selected)
      .catch(() => undefined)
      .then(() =>
        Promise.all(
          selectionQueryKeys(videoId).map((queryKey) => client.invalidateQueries({ queryKey })),
        ),
      );
  };

  return (
    <Box>
      <ClinicalBreadcrumbs
        crumbs={[
          { label: t('clinical.breadcrumbProjects'), to: '/sarm/projects' },
          { label: t('clinical.breadcrumbDatasets'), to: `/sarm/projects/${projectId}/datasets` },
          {
            label: t('clinical.breadcrumbVideos'),
            to: `/sarm/projects/${projectId}/datasets/${datasetId}/videos`,
          },
          { label: t('clinical.breadcrumbFrames') },
        ]}
      />
      <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h4" component="h1">
          {video.data?.name ?? t('clinical.breadcrumbFrames')}
        </Typography>
        <Button variant="outlined" onClick={refresh}>
          {t('clinical.refresh')}
        </Button>
      </Stack>
      {video.data !== undefined && (
        <Card sx={{ mb: 2 }}>
          <CardContent>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Chip
                color={
                  processing
                    ? 'warning'
                    : video.data.processingStatus === 'failed'
                      ? 'error'
                      : 'success'
                }
                label={video.data.processingStatus}
              />
              <Typography>{t('clinical.resolution', { value: video.data.resolution })}</Typography>
              <Typography>
                {t('clinical.duration', { value: minutesSeconds(video.data.duration) })}
              </Typography>
              <Typography>
                {t('clinical.extractedFrames', { count: video.data.extractedFramesCount })}
              </Typography>
              <Typography>
                {t('clinical.selectedFrames', { count: video.data.selectedFramesCount })}
              </Typography>
            </Stack>
            {processing && (
              <LinearProgress
                sx={{ mt: 2 }}
                variant={task === undefined ? 'indeterminate' : 'determinate'}
                value={task?.progress ?? 0}
              />
            )}
          </CardContent>
        </Card>
      )}
      {(frames.isPending || video.isPending) && <CircularProgress />}
      {(frames.isError || video.isError) && (
        <Alert severity="error">{t('clinical.framesError')}</Alert>
      )}
      {frames.isSuccess && frames.data.total === 0 && (
        <Box sx={{ textAlign: 'center', py: 6 }}>
          <Typography variant="h6">{t('clinical.noFramesYet')}</Typography>
          <Typography color="textSecondary">
            {processing ? t('clinical.framesExtracting') : t('clinical.noFramesExtracted')}
          </Typography>
        </Box>
      )}
      {canDetect && frames.isSuccess && frames.data.total > 0 && (
        <DetectAllButton
          frameIds={frames.data.frames.map((frame) => frame.id)}
          refreshKey={['sarm', 'frames', videoId]}
        />
      )}
      <Grid container spacing={1.5}>
        {frames.data?.frames.map((frame) => (
          <Grid key={frame.id} size={{ xs: 6, sm: 4, md: 3, lg: 2 }}>
            <FrameTile
              frame={frame}
              onToggle={toggle}
              detectionPath={`/sarm/projects/${projectId}/datasets/${datasetId}/frame-detection/${frame.id}`}
            />
          </Grid>
        ))}
      </Grid>
      {remaining > 0 && (
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Button variant="outlined" onClick={() => setLimit((value) => value + PAGE)}>
            {t('clinical.loadMore', { count: remaining })}
          </Button>
        </Box>
      )}
    </Box>
  );
}
