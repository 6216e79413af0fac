import {
  Card,
  CardContent,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ConcentrationReport, MotilityReport, VideoSummary } from '@sarm/contracts';
import { useTranslation } from 'react-i18next';
import { formatInterval, valueWithInterval } from '../analysis/uncertaintyLogic';
import { fmt, whoRows } from './reportLogic';

const STATUS_COLOR = {
  normal: 'success',
  warning: 'warning',
  error: 'error',
  unknown: 'default',
} as const;

/** WHO 6th edition results with reference values and classification. */
export function WhoTable(props: {
  readonly concentration: ConcentrationReport | null;
  readonly motility: MotilityReport | null;
}) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {t('reports.whoTitle')}
        </Typography>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('reports.parameter')}</TableCell>
              <TableCell align="right">{t('reports.result')}</TableCell>
              <TableCell align="right">{t('reports.reference')}</TableCell>
              <TableCell>{t('reports.classification')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {whoRows(props.concentration, props.motility).map((row) => (
              <TableRow key={row.key}>
                <TableCell>{t(`reports.who.${row.key}`)}</TableCell>
                <TableCell align="right">
                  {row.value === null
                    ? t('reports.notMeasured')
                    : valueWithInterval(row.value, '', row.ci, t)}
                </TableCell>
                <TableCell align="right">≥ {row.reference}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={STATUS_COLOR[row.status]}
                    label={t(`reports.status.${row.status}`)}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

/** Engine parameters the figures were computed with. */
export function ParametersCard(props: {
  readonly concentration: ConcentrationReport | null;
  readonly motility: MotilityReport | null;
}) {
  const { t } = useTranslation();
  const c = props.concentration?.analysis_parameters;
  const m = props.motility?.analysis_parameters;
  const rows: [string, string][] = [
    [t('reports.whoStandard'), c?.who_standard ?? m?.who_standard ?? '-'],
    [t('reports.chamberDepth'), c === undefined ? '-' : `${c.chamber_specifications.depth_um} µm`],
    [
      t('reports.dilution'),
      c === undefined ? '-' : String(c.chamber_specifications.dilution_factor),
    ],
    [t('reports.micronPerPixel'), String(c?.micron_per_pixel ?? m?.micron_per_pixel ?? '-')],
    [
      t('reports.frameSize'),
      m === undefined ? '-' : `${m.frame_size.width} × ${m.frame_size.height}`,
    ],
    [
      t('reports.thresholds'),
      m === undefined
        ? '-'
        : `${m.motility_thresholds.rapid_progressive} / ${m.motility_thresholds.slow_progressive} µm/s`,
    ],
    [t('reports.formula'), c?.formula ?? '-'],
  ];
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {t('reports.parametersTitle')}
        </Typography>
        <Table size="small">
          <TableBody>
            {rows.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell sx={{ fontWeight: 600 }}>{label}</TableCell>
                <TableCell>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

/** Per-video figures of the stored report. */
export function VideoDetailsTable({ summaries }: { readonly summaries: readonly VideoSummary[] }) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {t('reports.videoDetails')}
        </Typography>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('reports.video')}</TableCell>
              <TableCell align="right">{t('reports.concentrationShort')}</TableCell>
              <TableCell align="right">{t('reports.progressive')}</TableCell>
              <TableCell align="right">{t('reports.totalMotility')}</TableCell>
              <TableCell align="right">{t('reports.velocity')}</TableCell>
              <TableCell align="right">{t('reports.tracked')}</TableCell>
              <TableCell align="right">{t('uncertainty.drift')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {summaries.map((s) => (
              <TableRow key={s.video_id}>
                <TableCell>{s.video_name}</TableCell>
                <TableCell align="right">
                  {fmt(s.concentration_million_per_ml)}
                  {s.concentration_ci95 !== undefined && (
                    <Typography variant="caption" color="textSecondary" component="div">
                      {formatInterval(s.concentration_ci95)}
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right">{fmt(s.progressive_percent)} %</TableCell>
                <TableCell align="right">{fmt(s.total_motility_percent)} %</TableCell>
                <TableCell align="right">{fmt(s.average_velocity)}</TableCell>
                <TableCell align="right">{s.total_sperm_count}</TableCell>
                <TableCell align="right">{fmt(s.drift?.speed_um_per_s, 2)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
