import { Box, Card, CardContent, Chip, Grid, LinearProgress, Typography } from '@mui/material';
import {
  WHO_MOTILITY_CATEGORIES,
  type ConcentrationReport,
  type MotilityReport,
} from '@sarm/contracts';
import { useTranslation } from 'react-i18next';
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

function Figure({ label, value }: { readonly label: string; readonly value: string }) {
  return (
    <Box sx={{ mb: 1 }}>
      <Typography variant="caption" color="textSecondary">
        {label}
      </Typography>
      <Typography variant="h5">{value}</Typography>
    </Box>
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
          value={`${fmt(r.mean_concentration_million_per_ml)} ${t('reports.millionPerMl')}`}
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
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {t('reports.motilityTitle')}
        </Typography>
        <Grid container spacing={2}>
          <Grid size={6}>
            <Figure label={t('reports.progressive')} value={`${fmt(r.progressive_percent)} %`} />
          </Grid>
          <Grid size={6}>
            <Figure
              label={t('reports.totalMotility')}
              value={`${fmt(r.total_motility_percent)} %`}
            />
          </Grid>
        </Grid>
        {WHO_MOTILITY_CATEGORIES.map((category) => (
          <Box key={category} sx={{ mb: 0.5 }}>
            <Typography variant="body2">
              {t(`reports.category.${CATEGORY_KEYS[category]}`)}:{' '}
              {fmt(r.motility_distribution[category])} %
            </Typography>
            <LinearProgress variant="determinate" value={r.motility_distribution[category]} />
          </Box>
        ))}
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('reports.averageVelocity', { value: fmt(r.average_velocity) })} ·{' '}
          {t('reports.spermTrackedCount', { count: r.total_sperm_count })}
        </Typography>
      </CardContent>
    </Card>
  );
}
