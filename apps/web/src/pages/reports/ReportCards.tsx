import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  Grid,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import {
  WHO_MOTILITY_CATEGORIES,
  type ConcentrationReport,
  type MotilityReport,
} from '@sarm/contracts';
import { useTranslation } from 'react-i18next';
import {
  assessedText,
  assessmentWarnings,
  classShareText,
  intervalText,
  valueWithInterval,
  videosDriftText,
} from '../analysis/uncertaintyLogic';
import { fmt } from './reportLogic';

const CATEGORY_KEYS = {
  'Rapid Progressive': 'rapid',
  'Slow Progressive': 'slow',
  'Non Progressive': 'nonProgressive',
  Immotile: 'immotile',
} as const;
const STATUS_COLOR = { normal: 'success', warning: 'warning', error: 'error' } as const;

function Missing({ title }: { readonly title: string }) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6">{title}</Typography>
        <Typography color="textSecondary">{t('reports.notAvailable')}</Typography>
      </CardContent>
    </Card>
  );
}

function Figure(props: {
  readonly label: string;
  readonly value: string;
  /** A line under the figure, e.g. its 95 % interval; none when null. */
  readonly note?: string | null;
}) {
  return (
    <Box sx={{ mb: 1 }}>
      <Typography variant="caption" color="textSecondary">
        {props.label}
      </Typography>
      <Typography variant="h5">{props.value}</Typography>
      {props.note !== undefined && props.note !== null && (
        <Typography variant="body2" color="textSecondary">
          {props.note}
        </Typography>
      )}
    </Box>
  );
}

/** The "fewer than 200 assessed" warnings of the pooled figures, one Alert each. */
export function AssessmentAlerts(props: {
  readonly concentration: ConcentrationReport | null;
  readonly motility: MotilityReport | null;
}) {
  const { t } = useTranslation();
  const c = props.concentration?.aggregated_results;
  const m = props.motility?.aggregated_results;
  const warnings = assessmentWarnings(
    {
      cellsAssessed: c?.cells_assessed,
      cellsWarning: c?.concentration_warning,
      tracksAssessed: m?.tracks_assessed,
      tracksWarning: m?.motility_warning,
    },
    t,
  );
  if (warnings.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }} data-testid="assessment-warnings">
      {warnings.map((warning) => (
        <Alert key={warning} severity="warning">
          {warning}
        </Alert>
      ))}
    </Stack>
  );
}

export function ConcentrationCard({ report }: { readonly report: ConcentrationReport | null }) {
  const { t } = useTranslation();
  if (report === null) return <Missing title={t('reports.concentrationTitle')} />;
  const r = report.aggregated_results;
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {t('reports.concentrationTitle')}
        </Typography>
        <Figure
          label={t('reports.meanConcentration')}
          value={valueWithInterval(
            r.mean_concentration_million_per_ml,
            t('reports.millionPerMl'),
            r.concentration_ci95,
            t,
          )}
          note={assessedText('cells', r.cells_assessed, t)}
        />
        <Chip
          size="small"
          color={STATUS_COLOR[r.overall_classification]}
          label={t(`reports.status.${r.overall_classification}`)}
          sx={{ mb: 1 }}
        />
        <Figure label={t('reports.spermTracked')} value={String(r.total_sperm_count)} />
        <Typography variant="body2" color="textSecondary">
          {t('reports.videosAnalysed', { count: report.video_summaries.length })}
        </Typography>
      </CardContent>
    </Card>
  );
}

export function MotilityCard({ report }: { readonly report: MotilityReport | null }) {
  const { t } = useTranslation();
  if (report === null) return <Missing title={t('reports.motilityTitle')} />;
  const r = report.aggregated_results;
  const tracks = assessedText('tracks', r.tracks_assessed, t);
  const drift = videosDriftText(
    report.video_summaries.map((summary) => summary.drift),
    t,
  );
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {t('reports.motilityTitle')}
        </Typography>
        <Grid container spacing={2}>
          <Grid size={6}>
            <Figure
              label={t('reports.progressive')}
              value={`${fmt(r.progressive_percent)} %`}
              note={intervalText(r.progressive_ci95, t)}
            />
          </Grid>
          <Grid size={6}>
            <Figure
              label={t('reports.totalMotility')}
              value={`${fmt(r.total_motility_percent)} %`}
              note={intervalText(r.total_motility_ci95, t)}
            />
          </Grid>
        </Grid>
        {WHO_MOTILITY_CATEGORIES.map((category) => (
          <Box key={category} sx={{ mb: 0.5 }}>
            <Typography variant="body2">
              {t(`reports.category.${CATEGORY_KEYS[category]}`)}:{' '}
              {classShareText(category, r.motility_distribution, r.motility_ci95, t)}
            </Typography>
            <LinearProgress variant="determinate" value={r.motility_distribution[category]} />
          </Box>
        ))}
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('reports.averageVelocity', { value: fmt(r.average_velocity) })} ·{' '}
          {t('reports.spermTrackedCount', { count: r.total_sperm_count })}
        </Typography>
        {tracks !== null && <Typography variant="body2">{tracks}</Typography>}
        {drift !== null && (
          <Typography variant="body2" color="textSecondary" data-testid="stage-drift">
            {drift}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
