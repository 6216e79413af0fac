import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { analyseVideo, fetchVideoAnalysis, videoAnalysisKeys } from '../../api/videoAnalysisApi';
import { useCan } from '../admin/common/useCan';
import { businessBase } from '../clinical/businessScreensLogic';
import { AnalysisSummaryCards } from './AnalysisSummaryCards';
import { TrackPanels } from './TrackPanels';

/** The video id from `/sarm/analysis/:videoId`, `/sarm/video/:videoId` or `?videoId=`. */
function useVideoId(): string {
  const params = useParams();
  const [search] = useSearchParams();
  return params.videoId ?? search.get('videoId') ?? '';
}

/**
 * Per-video analysis (beyond spec): the video with its tracks drawn in WHO category colours, the
 * video's WHO figures and every track's kinematics.
 */
export function VideoAnalysisPage() {
  const { t, i18n } = useTranslation();
  const videoId = useVideoId();
  const { pathname } = useLocation();
  const canView = useCan(['view_analysis_results']);
  const canAnalyse = useCan(['generate_reports']);
  const queryClient = useQueryClient();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const found = useQuery({
    queryKey: videoAnalysisKeys.analysis(videoId),
    queryFn: () => fetchVideoAnalysis(videoId),
    enabled: canView && videoId !== '',
  });
  const analyse = useMutation({
    mutationFn: (force: boolean) => analyseVideo(videoId, force),
    onSuccess: async () => {
      setSelectedId(null);
      await queryClient.invalidateQueries({ queryKey: videoAnalysisKeys.analysis(videoId) });
    },
  });

  if (!canView) return <Alert severity="warning">{t('videoAnalysis.noPermission')}</Alert>;
  if (videoId === '') return <Alert severity="info">{t('videoAnalysis.noVideo')}</Alert>;
  if (found.isPending) return <CircularProgress />;
  if (found.isError)
    return (
      <Alert severity="error">{errorMessage(found.error, t('videoAnalysis.loadFailed'))}</Alert>
    );

  const { video, analysis } = found.data;
  return (
    <Box data-testid="video-analysis">
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, mb: 2 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1">
            {t('videoAnalysis.title')}
          </Typography>
          <Typography variant="subtitle1" color="textSecondary" noWrap>
            {video.name}
            {analysis !== null &&
              ` · ${t('videoAnalysis.analysedAt', {
                date: new Date(analysis.createdAt).toLocaleString(i18n.language),
              })}`}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1}>
          <Button
            component={RouterLink}
            to={`${businessBase(pathname)}/datasets/${video.datasetId}/videos`}
            startIcon={<ArrowBackIcon />}
          >
            {t('videoAnalysis.backToVideos')}
          </Button>
          {canAnalyse && (
            <Button
              variant={analysis === null ? 'contained' : 'outlined'}
              disabled={analyse.isPending}
              onClick={() => analyse.mutate(analysis !== null)}
            >
              {analysis === null ? t('videoAnalysis.analyse') : t('videoAnalysis.reanalyse')}
            </Button>
          )}
        </Stack>
      </Stack>
      {analyse.isPending && (
        <Box sx={{ mb: 2 }}>
          <LinearProgress />
          <Typography variant="caption">{t('videoAnalysis.analysing')}</Typography>
        </Box>
      )}
      {analyse.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(analyse.error, t('videoAnalysis.analyseFailed'))}
        </Alert>
      )}
      {analysis === null ? (
        <Alert severity="info">
          {canAnalyse ? t('videoAnalysis.notAnalysed') : t('videoAnalysis.notAnalysedNoRight')}
        </Alert>
      ) : (
        <Stack spacing={3}>
          <AnalysisSummaryCards analysis={analysis} video={video} />
          <TrackPanels
            analysis={analysis}
            video={video}
            selectedId={selectedId}
            onSelect={setSelectedId}
          />
        </Stack>
      )}
    </Box>
  );
}
