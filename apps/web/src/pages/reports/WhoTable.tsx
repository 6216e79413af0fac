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
import type {
  ConcentrationReport,
  CurrentAssessments,
  MotilityReport,
  VideoSummary,
} from '@sarm/contracts';
import { useTranslation } from 'react-i18next';
import { formatInterval } from '../analysis/uncertaintyLogic';
import { benchDetailRows, type ReportTableRow } from './benchRows';
import { resultColumns } from './reportPdf';
import { fmt, whoRows, whoTableRow } from './reportLogic';
import { rowTexts } from './reportRowText';

const STATUS_COLOR = {
  normal: 'success',
  warning: 'warning',
  error: 'error',
  above: 'error',
  unknown: 'default',
} as const;

const countedDate = (iso: string) => new Date(iso).toLocaleDateString();

/** One results table: each row with result, method, cells, WHO limit, status and counter. */
function ResultsTable({ rows }: { readonly rows: readonly ReportTableRow[] }) {
  const { t } = useTranslation();
  const [parameter, result, method, cells, reference, classification, countedBy] = resultColumns(t);
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{parameter}</TableCell>
          <TableCell align="right">{result}</TableCell>
          <TableCell>{method}</TableCell>
          <TableCell align="right">{cells}</TableCell>
          <TableCell align="right">{reference}</TableCell>
          <TableCell>{classification}</TableCell>
          <TableCell>{countedBy}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => {
          const texts = rowTexts(row, t, countedDate);
          return (
            <TableRow key={row.key} data-testid={`who-row-${row.key}`}>
              <TableCell>{texts.parameter}</TableCell>
              <TableCell
                align="right"
                sx={{ whiteSpace: row.value.kind === 'text' ? 'pre-wrap' : undefined }}
              >
                {texts.result}
              </TableCell>
              <TableCell>{texts.method}</TableCell>
              <TableCell align="right">{texts.cells}</TableCell>
              <TableCell align="right">{texts.reference}</TableCell>
              <TableCell>
                {row.status !== 'none' && (
                  <Chip size="small" color={STATUS_COLOR[row.status]} label={texts.status} />
                )}
              </TableCell>
              <TableCell>{texts.countedBy}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/**
 * WHO 6th edition results with reference values and classification, then the bench detail
 * (morphology classes, TZI, SDI, round cells, leukocytes, MAR, agglutination, comments).
 */
export function WhoTable(props: {
  readonly concentration: ConcentrationReport | null;
  readonly motility: MotilityReport | null;
  /** The version's bench assessments; empty for a fresh analysis. */
  readonly assessments: CurrentAssessments;
}) {
  const { t } = useTranslation();
  const { concentration, motility, assessments } = props;
  const detail = benchDetailRows(
    assessments,
    concentration?.aggregated_results.mean_concentration_million_per_ml ?? null,
  );
  return (
    <Card variant="outlined">
      <CardContent sx={{ overflowX: 'auto' }}>
        <Typography variant="h6" gutterBottom>
          {t('reports.whoTitle')}
        </Typography>
        <ResultsTable rows={whoRows(concentration, motility, assessments).map(whoTableRow)} />
        {detail.length > 0 && (
          <>
            <Typography variant="h6" gutterBottom sx={{ mt: 3 }}>
              {t('reports.benchTitle')}
            </Typography>
            <ResultsTable rows={detail} />
          </>
        )}
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
