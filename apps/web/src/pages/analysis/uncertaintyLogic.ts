import type { DriftSummary, WhoMotilityCategory } from '@sarm/contracts';
import type { TFunction } from 'i18next';

/**
 * How the counting uncertainty of a result is written on the screens and in the PDF: the 95 %
 * intervals, the cells and tracks assessed, the WHO "fewer than 200" warning and the stage drift.
 * Results analysed before the engine computed them lack the fields: every text is then null.
 */

export type Interval = readonly [number, number];

/** WHO 6th edition: at least this many assessed cells per replicate. */
export const WHO_MIN_ASSESSED = 200;

/** Below this speed (µm/s) the drift is reported as none: it is within the centroid's jitter. */
export const NEGLIGIBLE_DRIFT_UM_PER_S = 0.05;

const figure = (value: number, digits: number) =>
  Number.isFinite(value) ? value.toFixed(digits) : '-';

/** "44.0–58.9"; null without an interval. */
export function formatInterval(ci: Interval | null | undefined, digits = 1): string | null {
  if (ci === null || ci === undefined) return null;
  return `${figure(ci[0], digits)}–${figure(ci[1], digits)}`;
}

/** "95 % CI 44.0–58.9"; null without an interval. */
export function intervalText(
  ci: Interval | null | undefined,
  t: TFunction,
  digits = 1,
): string | null {
  const range = formatInterval(ci, digits);
  return range === null ? null : t('uncertainty.ci', { range });
}

/** "51.1 million/ml (95 % CI 44.0–58.9)", or the value and unit alone without an interval. */
export function valueWithInterval(
  value: number,
  unit: string,
  ci: Interval | null | undefined,
  t: TFunction,
  digits = 1,
): string {
  const base = unit === '' ? figure(value, digits) : `${figure(value, digits)} ${unit}`;
  const interval = intervalText(ci, t, digits);
  return interval === null ? base : `${base} (${interval})`;
}

/** "143 cells assessed" / "87 tracks assessed"; null when the result does not say. */
export function assessedText(
  kind: 'cells' | 'tracks',
  count: number | undefined,
  t: TFunction,
): string | null {
  if (count === undefined) return null;
  return kind === 'cells'
    ? t('uncertainty.cellsAssessed', { count })
    : t('uncertainty.tracksAssessed', { count });
}

/** What a result says about how much was assessed (any field may be missing in older results). */
export interface Assessment {
  readonly cellsAssessed?: number;
  readonly cellsWarning?: string | null;
  readonly tracksAssessed?: number;
  readonly tracksWarning?: string | null;
}

const isBelow = (count: number | undefined, warning: string | null | undefined) =>
  count !== undefined && (typeof warning === 'string' || count < WHO_MIN_ASSESSED);

/**
 * The translated "fewer than 200 assessed" warnings, cells first. The server's warning (in
 * English) decides; the count alone decides for a result that carries a count but no warning.
 */
export function assessmentWarnings(assessment: Assessment, t: TFunction): string[] {
  const warnings: string[] = [];
  if (isBelow(assessment.cellsAssessed, assessment.cellsWarning))
    warnings.push(
      t('uncertainty.fewCells', { count: assessment.cellsAssessed, minimum: WHO_MIN_ASSESSED }),
    );
  if (isBelow(assessment.tracksAssessed, assessment.tracksWarning))
    warnings.push(
      t('uncertainty.fewTracks', { count: assessment.tracksAssessed, minimum: WHO_MIN_ASSESSED }),
    );
  return warnings;
}

/** "Stage drift 0.45 µm/s, removed", "No stage drift detected"; null for older results. */
export function driftText(drift: DriftSummary | undefined, t: TFunction): string | null {
  if (drift === undefined) return null;
  if (drift.tracks_used === 0 || drift.speed_um_per_s < NEGLIGIBLE_DRIFT_UM_PER_S)
    return t('uncertainty.noDrift');
  return t('uncertainty.driftRemoved', { speed: drift.speed_um_per_s.toFixed(2) });
}

/**
 * The drift over a report's videos: one video's text, or the range of the speeds removed
 * ("Stage drift 0.12–0.45 µm/s over the videos, removed"); null when no video says.
 */
export function videosDriftText(
  drifts: readonly (DriftSummary | undefined)[],
  t: TFunction,
): string | null {
  const known = drifts.filter((drift): drift is DriftSummary => drift !== undefined);
  if (known.length <= 1) return driftText(known[0], t);
  const removed = known
    .filter((d) => d.tracks_used > 0 && d.speed_um_per_s >= NEGLIGIBLE_DRIFT_UM_PER_S)
    .map((d) => d.speed_um_per_s);
  if (removed.length === 0) return t('uncertainty.noDrift');
  const low = Math.min(...removed).toFixed(2);
  const high = Math.max(...removed).toFixed(2);
  return low === high
    ? t('uncertainty.driftRemoved', { speed: low })
    : t('uncertainty.driftRangeRemoved', { low, high });
}

/** Each class share with its interval: "21.3 % (95 % CI 15.1–29.0)". */
export function classShareText(
  category: WhoMotilityCategory,
  shares: Readonly<Record<WhoMotilityCategory, number>>,
  intervals: Readonly<Record<WhoMotilityCategory, Interval>> | undefined,
  t: TFunction,
): string {
  return valueWithInterval(shares[category], '%', intervals?.[category], t);
}
