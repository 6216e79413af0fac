import type { ConcentrationReport, MotilityReport, StoredVideoAnalysis } from '@sarm/contracts';
import { expect } from 'vitest';

/** WHO 6th edition: at least this many assessed cells per replicate. */
const WHO_MIN_ASSESSED = 200;

/** low <= value <= high, with a little room for the rounding of stored figures. */
export function expectInside(value: number, interval: readonly [number, number] | undefined) {
  expect(interval).toBeDefined();
  const [low, high] = interval ?? [NaN, NaN];
  expect(low).toBeGreaterThanOrEqual(0);
  expect(low).toBeLessThanOrEqual(value + 1e-9);
  expect(high).toBeGreaterThanOrEqual(value - 1e-9);
  expect(high).toBeGreaterThan(low);
}

/** A warning exactly when fewer than 200 were assessed. */
export function expectWarningBelow200(assessed: number | undefined, warning: unknown) {
  expect(assessed).toBeDefined();
  if ((assessed ?? 0) < WHO_MIN_ASSESSED) expect(warning).toEqual(expect.stringContaining('200'));
  else expect(warning).toBeNull();
}

type Shares = Record<
  'Rapid Progressive' | 'Slow Progressive' | 'Non Progressive' | 'Immotile',
  number
>;
type Intervals = Record<keyof Shares, [number, number]>;

export function expectClassIntervals(shares: Shares, intervals: Intervals | undefined) {
  expect(intervals).toBeDefined();
  for (const key of Object.keys(shares) as (keyof Shares)[]) {
    expectInside(shares[key], intervals?.[key]);
    expect(intervals?.[key][1]).toBeLessThanOrEqual(100 + 1e-9);
  }
}

/** The per-video answer's intervals, counts, warnings and drift. */
export function expectVideoUncertainty(analysis: StoredVideoAnalysis) {
  const c = analysis.concentration;
  expectInside(c.mean_concentration_million_per_ml, c.ci95);
  expectWarningBelow200(c.cells_assessed, c.warning);
  const m = analysis.motility;
  expect(m.tracks_assessed).toBe(m.track_count);
  expectClassIntervals(m.motility_distribution, m.ci95);
  expectInside(m.progressive_percent, m.progressive_ci95);
  expectInside(m.total_motility_percent, m.total_motility_ci95);
  expectWarningBelow200(m.tracks_assessed, m.warning);
  const drift = analysis.drift;
  expect(drift).toBeDefined();
  expect(drift?.speed_um_per_s).toBeCloseTo(
    Math.hypot(drift?.vx_um_per_s ?? NaN, drift?.vy_um_per_s ?? NaN),
    9,
  );
  expect(drift?.tracks_used).toBeGreaterThanOrEqual(0);
}

/** The pooled concentration interval brackets the mean and rests on all videos' cells. */
export function expectPooledConcentration(report: ConcentrationReport) {
  const a = report.aggregated_results;
  expectInside(a.mean_concentration_million_per_ml, a.concentration_ci95);
  const summed = report.video_summaries.reduce((s, v) => s + (v.cells_assessed ?? NaN), 0);
  expect(a.cells_assessed).toBe(Math.round(summed));
  expectWarningBelow200(a.cells_assessed, a.concentration_warning);
  for (const v of report.video_summaries) {
    expectInside(v.concentration_million_per_ml, v.concentration_ci95);
    expectWarningBelow200(v.cells_assessed, v.concentration_warning);
  }
}

/** Pooled class intervals bracket the shares; n is every video's tracks together. */
export function expectPooledMotility(report: MotilityReport) {
  const a = report.aggregated_results;
  expectClassIntervals(a.motility_distribution, a.motility_ci95);
  expectInside(a.progressive_percent, a.progressive_ci95);
  expectInside(a.total_motility_percent, a.total_motility_ci95);
  const summed = report.video_summaries.reduce((s, v) => s + (v.tracks_assessed ?? NaN), 0);
  expect(a.tracks_assessed).toBe(summed);
  expect(a.tracks_assessed).toBe(a.total_sperm_count);
  expectWarningBelow200(a.tracks_assessed, a.motility_warning);
  for (const v of report.video_summaries) {
    expectClassIntervals(v.motility_distribution, v.motility_ci95);
    expectWarningBelow200(v.tracks_assessed, v.motility_warning);
    expect(v.drift).toBeDefined();
  }
}
