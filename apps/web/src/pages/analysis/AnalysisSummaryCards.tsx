import { Alert, Box, Card, CardContent, Chip, Grid, Stack, Typography } from '@mui/material';
import {
  WHO_MOTILITY_CATEGORIES,
  type StoredVideoAnalysis,
  type VideoAnalysisResponse,
} from '@sarm/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CATEGORY_COLOURS, CATEGORY_LABEL_KEYS } from './categoryColours';
import {
  assessedText,
  assessmentWarnings,
  classShareText,
  driftText,
  intervalText,
} from './uncertaintyLogic';

const CONCENTRATION_CHIP = {
  normal: { key: 'videoAnalysis.summary.concentrationNormal', color: 'success' },
  warning: { key: 'videoAnalysis.summary.concentrationWarning', color: 'warning' },
  error: { key: 'videoAnalysis.summary.concentrationLow', color: 'error' },
} as const;
const MOTILITY_CHIP = {
  normal: { key: 'videoAnalysis.summary.withinReference', color: 'success' },
  below: { key: 'videoAnalysis.summary.belowReference', color: 'warning' },
} as const;

function SummaryCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="overline" color="textSecondary" component="div">
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** A secondary line under a figure (its interval, how much was assessed); nothing when null. */
function Note({ text, testId }: { text: string | null; testId?: string }) {
  if (text === null) return null;
  return (
    <Typography variant="body2" color="textSecondary" data-testid={testId}>
      {text}
    </Typography>
  );
}

function Figure({ value, unit }: { value: string; unit: string }) {
  return (
    <Typography variant="h5" component="div" sx={{ fontWeight: 600 }}>
      {value}
      <Typography component="span" variant="body2" color="textSecondary" sx={{ ml: 0.5 }}>
        {unit}
      </Typography>
    </Typography>
  );
}

/** The video's WHO figures: concentration, motility, category shares, tracks and timing. */
export function AnalysisSummaryCards({
  analysis,
  video,
}: {
  analysis: StoredVideoAnalysis;
  video: VideoAnalysisResponse['video'];
}) {
  const { t } = useTranslation();
  const { concentration, motility } = analysis;
  const concentrationChip = CONCENTRATION_CHIP[concentration.overall_classification];
  const progressiveChip = MOTILITY_CHIP[motility.classification.progressive];
  const totalChip = MOTILITY_CHIP[motility.classification.total];
  // Five figure cards in a row on wide screens, the category shares as chips below them.
  const cell = { xs: 12, sm: 6, md: 4, lg: 3 } as const;
  const warnings = assessmentWarnings(
    {
      cellsAssessed: concentration.cells_assessed,
      cellsWarning: concentration.warning,
      tracksAssessed: motility.tracks_assessed,
      tracksWarning: motility.warning,
    },
    t,
  );
  const drift = driftText(analysis.drift, t);
  const calibration = analysis.calibration_warning ?? null;
  return (
    <Grid container spacing={2} columns={{ xs: 12, lg: 15 }} data-testid="analysis-summary">
      {(warnings.length > 0 || calibration !== null) && (
        <Grid size={{ xs: 12, lg: 15 }}>
          <Stack spacing={1}>
            {calibration !== null && (
              <Alert severity="warning" data-testid="calibration-warning">
                {t(
                  calibration.code === 'heads_too_small'
                    ? 'videoAnalysis.summary.headsTooSmall'
                    : 'videoAnalysis.summary.headsTooLarge',
                  {
                    area: calibration.measured_head_area_um2.toFixed(1),
                    low: calibration.expected_range_um2[0],
                    high: calibration.expected_range_um2[1],
                    umPerPixel: calibration.um_per_pixel,
                    suggested: calibration.suggested_um_per_pixel.toFixed(2),
                  },
                )}
              </Alert>
            )}
            {warnings.map((warning) => (
              <Alert key={warning} severity="warning" data-testid="assessment-warning">
                {warning}
              </Alert>
            ))}
          </Stack>
        </Grid>
      )}
      <Grid size={cell}>
        <SummaryCard title={t('videoAnalysis.summary.concentration')}>
          <Figure value={concentration.mean_concentration_million_per_ml.toFixed(1)} unit="M/ml" />
          <Note text={intervalText(concentration.ci95, t)} testId="concentration-ci" />
          <Note text={assessedText('cells', concentration.cells_assessed, t)} />
          {analysis.round_cells !== undefined && (
            <Note
              text={t('videoAnalysis.summary.roundCells', {
                concentration: analysis.round_cells.concentration_million_per_ml.toFixed(2),
                perField: analysis.round_cells.mean_count_per_frame.toFixed(1),
              })}
              testId="round-cells"
            />
          )}
          <Chip
            size="small"
            color={concentrationChip.color}
            label={t(concentrationChip.key)}
            sx={{ mt: 1 }}
          />
        </SummaryCard>
      </Grid>
      <Grid size={cell}>
        <SummaryCard title={t('videoAnalysis.summary.progressive')}>
          <Figure value={motility.progressive_percent.toFixed(1)} unit="%" />
          <Note text={intervalText(motility.progressive_ci95, t)} />
          <Chip
            size="small"
            color={progressiveChip.color}
            label={t(progressiveChip.key)}
            sx={{ mt: 1 }}
          />
        </SummaryCard>
      </Grid>
      <Grid size={cell}>
        <SummaryCard title={t('videoAnalysis.summary.totalMotility')}>
          <Figure value={motility.total_motility_percent.toFixed(1)} unit="%" />
          <Note text={intervalText(motility.total_motility_ci95, t)} />
          <Chip size="small" color={totalChip.color} label={t(totalChip.key)} sx={{ mt: 1 }} />
        </SummaryCard>
      </Grid>
      <Grid size={cell}>
        <SummaryCard title={t('videoAnalysis.summary.tracks')}>
          <Figure value={String(analysis.tracks.length)} unit="" />
          <Note text={assessedText('tracks', motility.tracks_assessed, t)} />
          <Typography variant="body2" color="textSecondary">
            {t('videoAnalysis.summary.averageVelocity', {
              value: motility.average_velocity.toFixed(1),
            })}
          </Typography>
        </SummaryCard>
      </Grid>
      <Grid size={cell}>
        <SummaryCard title={t('videoAnalysis.summary.timing')}>
          <Figure value={video.fps.toFixed(1)} unit="fps" />
          <Typography variant="body2" color="textSecondary">
            {t('videoAnalysis.summary.framesDuration', {
              frames: video.frames,
              seconds: video.duration_s.toFixed(1),
            })}
          </Typography>
          {analysis.timing !== undefined && (
            <Typography variant="body2" color="textSecondary" data-testid="dropped-frames">
              {t('videoAnalysis.summary.droppedFrames', {
                frames: analysis.timing.dropped_frames,
                percent: (100 * analysis.timing.dropped_share).toFixed(1),
              })}
            </Typography>
          )}
          {analysis.timing?.dropped_over_limit === true && (
            <Chip
              size="small"
              color="warning"
              data-testid="dropped-frames-warning"
              label={t('videoAnalysis.summary.droppedOverLimit', {
                limit: Math.round(100 * analysis.timing.max_dropped_share),
              })}
              sx={{ mt: 1 }}
            />
          )}
        </SummaryCard>
      </Grid>
      <Grid size={{ xs: 12, lg: 15 }}>
        <Stack
          direction="row"
          spacing={1}
          sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}
          data-testid="motility-distribution"
        >
          <Typography variant="overline" color="textSecondary" sx={{ mr: 1 }}>
            {t('videoAnalysis.summary.distribution')}
          </Typography>
          {WHO_MOTILITY_CATEGORIES.map((category) => (
            <Chip
              key={category}
              variant="outlined"
              icon={
                <Box
                  component="span"
                  sx={{
                    width: 12,
                    height: 12,
                    borderRadius: '50%',
                    bgcolor: CATEGORY_COLOURS[category],
                  }}
                />
              }
              label={`${t(CATEGORY_LABEL_KEYS[category])}: ${classShareText(category, motility.motility_distribution, motility.ci95, t)}`}
            />
          ))}
        </Stack>
      </Grid>
      {drift !== null && (
        <Grid size={{ xs: 12, lg: 15 }}>
          <Typography variant="body2" color="textSecondary" data-testid="stage-drift">
            {drift}
          </Typography>
        </Grid>
      )}
    </Grid>
  );
}
