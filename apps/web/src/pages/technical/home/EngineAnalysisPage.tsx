import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Grid,
  LinearProgress,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import {
  WHO_2021_LIMITS,
  type StoredVideoAnalysis,
  type VideoAnalysisResponse,
} from '@sarm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/client';
import { analyseVideo, fetchVideoAnalysis, videoAnalysisKeys } from '../../../api/videoAnalysisApi';
import { useCan } from '../../admin/common/useCan';
import { CATEGORY_COLOURS, CATEGORY_LABEL_KEYS } from '../../analysis/categoryColours';
import { TrackPanels } from '../../analysis/TrackPanels';
import {
  categoryShares,
  concentrationFigures,
  motilityFigures,
  type AnalysisFigure,
} from './homeLogic';
import { useChosenVideo, VideoPicker } from './VideoPicker';

const k = 'technical.home.analysis';

function FigureCard({ figure }: { readonly figure: AnalysisFigure }) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="overline" color="textSecondary" component="div">
          {t(`${k}.figures.${figure.key}`)}
        </Typography>
        <Typography variant="h5" component="div" sx={{ fontWeight: 600 }}>
          {figure.value}
          <Typography component="span" variant="body2" color="textSecondary" sx={{ ml: 0.5 }}>
            {figure.unit}
          </Typography>
        </Typography>
        {figure.reference !== null && (
          <Chip
            size="small"
            sx={{ mt: 1 }}
            color={figure.reference === 'within' ? 'success' : 'warning'}
            label={t(`${k}.reference.${figure.reference}`)}
          />
        )}
      </CardContent>
    </Card>
  );
}

function Figures({ figures }: { readonly figures: readonly AnalysisFigure[] }) {
  return (
    <Grid container spacing={2}>
      {figures.map((figure) => (
        <Grid key={figure.key} size={{ xs: 12, sm: 6, md: 3 }}>
          <FigureCard figure={figure} />
        </Grid>
      ))}
    </Grid>
  );
}

function ConcentrationView({ analysis }: { readonly analysis: StoredVideoAnalysis }) {
  const { t } = useTranslation();
  const { concentration } = analysis;
  return (
    <Stack spacing={2}>
      {concentration.warning !== null && concentration.warning !== undefined && (
        <Alert severity="warning">{concentration.warning}</Alert>
      )}
      <Figures figures={concentrationFigures(analysis)} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle2">{t(`${k}.formula`)}</Typography>
        <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
          {concentration.formula}
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
          {t(`${k}.concentrationReference`, { value: WHO_2021_LIMITS.concentrationMillionPerMl })}
        </Typography>
      </Paper>
    </Stack>
  );
}

function MotilityView({
  analysis,
  video,
}: {
  readonly analysis: StoredVideoAnalysis;
  readonly video: VideoAnalysisResponse['video'];
}) {
  const { t } = useTranslation();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const { motility } = analysis;
  return (
    <Stack spacing={2}>
      {motility.warning !== null && motility.warning !== undefined && (
        <Alert severity="warning">{motility.warning}</Alert>
      )}
      <Figures figures={motilityFigures(analysis)} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {t(`${k}.distribution`)}
        </Typography>
        <Box sx={{ display: 'flex', height: 24, borderRadius: 1, overflow: 'hidden' }}>
          {categoryShares(analysis).map((share) => (
            <Box
              key={share.category}
              title={t(CATEGORY_LABEL_KEYS[share.category])}
              sx={{ width: `${share.percent}%`, bgcolor: CATEGORY_COLOURS[share.category] }}
            />
          ))}
        </Box>
        <Stack direction="row" spacing={2} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
          {categoryShares(analysis).map((share) => (
            <Typography key={share.category} variant="body2">
              <Box
                component="span"
                sx={{
                  display: 'inline-block',
                  width: 10,
                  height: 10,
                  borderRadius: '50%',
                  mr: 0.5,
                  bgcolor: CATEGORY_COLOURS[share.category],
                }}
              />
              {t(`${k}.share`, {
                category: t(CATEGORY_LABEL_KEYS[share.category]),
                percent: share.percent.toFixed(1),
                tracks: share.tracks,
              })}
            </Typography>
          ))}
        </Stack>
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
          {t(`${k}.motilityReference`, {
            total: WHO_2021_LIMITS.totalMotilityPercent,
            progressive: WHO_2021_LIMITS.progressiveMotilityPercent,
          })}
        </Typography>
      </Paper>
      <TrackPanels
        analysis={analysis}
        video={video}
        selectedId={selectedId}
        onSelect={setSelectedId}
      />
    </Stack>
  );
}

/**
 * Concentration Analysis (step 5) and Motility Analysis (step 6): the engine's newest analysis of
 * a chosen video (GET /sarm/analysis/{videoId}); holders of generate_reports can run or re-run it.
 */
export function EngineAnalysisPage({ kind }: { readonly kind: 'concentration' | 'motility' }) {
  const { t, i18n } = useTranslation();
  const canView = useCan(['view_analysis_results']);
  const canAnalyse = useCan(['generate_reports']);
  const client = useQueryClient();
  const { videoId } = useChosenVideo();
  const found = useQuery({
    queryKey: videoAnalysisKeys.analysis(videoId),
    queryFn: () => fetchVideoAnalysis(videoId),
    enabled: canView && videoId !== '',
  });
  const analyse = useMutation({
    mutationFn: (force: boolean) => analyseVideo(videoId, force),
    onSuccess: () => client.invalidateQueries({ queryKey: videoAnalysisKeys.analysis(videoId) }),
  });

  if (!canView) return <Alert severity="warning">{t('videoAnalysis.noPermission')}</Alert>;
  const analysis = found.data?.analysis ?? null;

  return (
    <Box data-testid={`${kind}-analysis`}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, mb: 2 }}
      >
        <Box>
          <Typography variant="h4" component="h1">
            {t(`${k}.${kind}.title`)}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {t(`${k}.${kind}.subtitle`)}
            {analysis !== null &&
              ` · ${t('videoAnalysis.analysedAt', {
                date: new Date(analysis.createdAt).toLocaleString(i18n.language),
              })}`}
          </Typography>
        </Box>
        {canAnalyse && found.isSuccess && (
          <Button
            variant={analysis === null ? 'contained' : 'outlined'}
            disabled={analyse.isPending}
            onClick={() => analyse.mutate(analysis !== null)}
          >
            {analysis === null ? t('videoAnalysis.analyse') : t('videoAnalysis.reanalyse')}
          </Button>
        )}
      </Stack>
      <VideoPicker enabled={canView} />
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
      {videoId === '' ? (
        <Alert severity="info">{t(`${k}.chooseVideo`)}</Alert>
      ) : found.isPending ? (
        <LinearProgress />
      ) : found.isError ? (
        <Alert severity="error">{errorMessage(found.error, t('videoAnalysis.loadFailed'))}</Alert>
      ) : analysis === null ? (
        <Alert severity="info">
          {canAnalyse ? t('videoAnalysis.notAnalysed') : t('videoAnalysis.notAnalysedNoRight')}
        </Alert>
      ) : kind === 'concentration' ? (
        <ConcentrationView analysis={analysis} />
      ) : (
        <MotilityView analysis={analysis} video={found.data.video} />
      )}
    </Box>
  );
}
