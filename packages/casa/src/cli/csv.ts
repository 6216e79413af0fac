/** One CSV row per analysed video, for `casa analyze --csv`. */
import type { WhoMotilityCategory } from '@sarm/contracts';
import type { AnalysisResult } from '../analyze/result.js';
import type { DetectorReport } from './detector.js';
import { CLASSICAL_DETECTOR } from './detector.js';

/** A video's outcome in a batch: its result, or why it failed. */
export type VideoOutcome =
  | { readonly file: string; readonly status: 'ok'; readonly result: AnalysisResult }
  | { readonly file: string; readonly status: 'failed'; readonly error: string };

type Cell = string | number | null;

/** Mean of one kinematic field over the motile tracks (the population of `average_velocity`). */
function motileMean(result: AnalysisResult, field: MeanField): number | null {
  const motile = result.tracks.filter((t) => t.category !== 'Immotile');
  if (motile.length === 0) return null;
  return motile.reduce((sum, t) => sum + t[field], 0) / motile.length;
}

type MeanField = 'vcl' | 'vsl' | 'vap' | 'lin' | 'str' | 'wob' | 'alh_mean' | 'bcf' | 'mad';

/** Column prefix of each WHO class's interval. */
const CLASS_COLUMNS: readonly (readonly [string, WhoMotilityCategory])[] = [
  ['rapid_progressive', 'Rapid Progressive'],
  ['slow_progressive', 'Slow Progressive'],
  ['non_progressive', 'Non Progressive'],
  ['immotile', 'Immotile'],
];

/** Columns: header and how to read the cell from a result. Units are in the header names. */
const COLUMNS: readonly (readonly [string, (r: AnalysisResult) => Cell])[] = [
  ['width_px', (r) => r.video.width],
  ['height_px', (r) => r.video.height],
  ['fps', (r) => r.video.fps],
  ['frames', (r) => r.video.frames],
  ['duration_s', (r) => r.video.duration_s],
  ['um_per_pixel', (r) => r.settings.umPerPixel],
  ['chamber_depth_um', (r) => r.settings.chamberDepthUm],
  ['dilution', (r) => r.settings.dilution],
  ['polarity', (r) => r.polarity.used],
  ['polarity_chosen_by', (r) => r.polarity.chosen_by],
  ['concentration_million_per_ml', (r) => r.concentration.mean_concentration_million_per_ml],
  ['concentration_class', (r) => r.concentration.overall_classification],
  ['mean_count_per_frame', (r) => r.concentration.mean_count_per_frame],
  ['total_sperm_count_million', (r) => r.concentration.total_sperm_count],
  ['track_count', (r) => r.motility.track_count],
  ['rapid_progressive_percent', (r) => r.motility.motility_distribution['Rapid Progressive']],
  ['slow_progressive_percent', (r) => r.motility.motility_distribution['Slow Progressive']],
  ['progressive_percent', (r) => r.motility.progressive_percent],
  ['non_progressive_percent', (r) => r.motility.motility_distribution['Non Progressive']],
  ['immotile_percent', (r) => r.motility.motility_distribution.Immotile],
  ['total_motility_percent', (r) => r.motility.total_motility_percent],
  ['progressive_class', (r) => r.motility.classification.progressive],
  ['total_motility_class', (r) => r.motility.classification.total],
  ['mean_vcl_um_per_s', (r) => motileMean(r, 'vcl')],
  ['mean_vsl_um_per_s', (r) => motileMean(r, 'vsl')],
  ['mean_vap_um_per_s', (r) => motileMean(r, 'vap')],
  ['mean_lin_percent', (r) => motileMean(r, 'lin')],
  ['mean_str_percent', (r) => motileMean(r, 'str')],
  ['mean_wob_percent', (r) => motileMean(r, 'wob')],
  ['mean_alh_um', (r) => motileMean(r, 'alh_mean')],
  ['mean_bcf_hz', (r) => motileMean(r, 'bcf')],
  ['mean_mad_deg', (r) => motileMean(r, 'mad')],
  ['concentration_ci95_low_million_per_ml', (r) => r.concentration.ci95[0]],
  ['concentration_ci95_high_million_per_ml', (r) => r.concentration.ci95[1]],
  ['cells_assessed', (r) => r.concentration.cells_assessed],
  ['tracks_assessed', (r) => r.motility.tracks_assessed],
  ...CLASS_COLUMNS.flatMap(([prefix, category]) => [
    [`${prefix}_ci95_low_percent`, (r: AnalysisResult) => r.motility.ci95[category][0]] as const,
    [`${prefix}_ci95_high_percent`, (r: AnalysisResult) => r.motility.ci95[category][1]] as const,
  ]),
  ['drift_um_per_s', (r) => r.drift.speed_um_per_s],
  ['drift_vx_um_per_s', (r) => r.drift.vx_um_per_s],
  ['drift_vy_um_per_s', (r) => r.drift.vy_um_per_s],
];

/** Columns naming the detector: classical or model, and the model's name and file. */
const DETECTOR_COLUMNS: readonly (readonly [string, (d: DetectorReport) => Cell])[] = [
  ['detector', (d) => d.kind],
  ['detector_model', (d) => (d.kind === 'model' ? d.name : null)],
  ['detector_model_file', (d) => (d.kind === 'model' ? d.file : null)],
];

/** Header names, in order. */
export const CSV_HEADER: readonly string[] = [
  'file',
  'status',
  'error',
  ...COLUMNS.map(([n]) => n),
  ...DETECTOR_COLUMNS.map(([n]) => n),
];

/** Quotes a cell when it holds a comma, quote, or line break (RFC 4180); doubles inner quotes. */
export function csvCell(value: Cell): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? formatNumber(value) : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '';
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 1e4) / 1e4);
}

/** The header line. Lines end with LF, not RFC 4180's CRLF: spreadsheets read both, shell tools LF. */
export function csvHeaderLine(): string {
  return `${CSV_HEADER.map(csvCell).join(',')}\n`;
}

/**
 * One line for a video analysed by `detector`; a failed one has its error and empty measurement
 * and detector cells.
 */
export function csvRow(
  outcome: VideoOutcome,
  detector: DetectorReport = CLASSICAL_DETECTOR,
): string {
  const cells: Cell[] =
    outcome.status === 'ok'
      ? [
          outcome.file,
          'ok',
          '',
          ...COLUMNS.map(([, read]) => read(outcome.result)),
          ...DETECTOR_COLUMNS.map(([, read]) => read(detector)),
        ]
      : [
          outcome.file,
          'failed',
          outcome.error,
          ...COLUMNS.map(() => null),
          ...DETECTOR_COLUMNS.map(() => null),
        ];
  return `${cells.map(csvCell).join(',')}\n`;
}
