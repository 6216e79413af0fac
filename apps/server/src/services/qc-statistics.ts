/**
 * Pure statistics of laboratory quality control: Bland–Altman agreement of paired methods,
 * Levey–Jennings control limits with Westgard rules, and WHO acceptance of replicate counts.
 * No I/O: numbers in, numbers out.
 */

/** z of the two-sided 95 % interval of a normal distribution. */
export const Z_95 = 1.96;

export const mean = (values: readonly number[]): number =>
  values.reduce((sum, value) => sum + value, 0) / values.length;

/** Sample standard deviation (n − 1); 0 for fewer than two values. */
export function sampleSd(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const m = mean(values);
  const squares = values.reduce((sum, value) => sum + (value - m) ** 2, 0);
  return Math.sqrt(squares / (values.length - 1));
}

/** Pearson's r; null for fewer than three pairs or when either side does not vary. */
export function pearsonCorrelation(xs: readonly number[], ys: readonly number[]): number | null {
  const n = Math.min(xs.length, ys.length);
  if (n < 3) return null;
  const mx = mean(xs.slice(0, n));
  const my = mean(ys.slice(0, n));
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] ?? 0) - mx;
    const dy = (ys[i] ?? 0) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return null;
  return sxy / Math.sqrt(sxx * syy);
}

export interface AgreementPair {
  /** The reference method (the manual count). */
  readonly reference: number;
  /** The method under test (CASA). */
  readonly test: number;
}

export interface BlandAltman {
  readonly n: number;
  /** Mean of (test − reference). */
  readonly meanBias: number | null;
  readonly sdOfDifferences: number | null;
  /** bias − 1.96 SD and bias + 1.96 SD. */
  readonly lowerLimit: number | null;
  readonly upperLimit: number | null;
  readonly correlation: number | null;
}

/**
 * Bland–Altman agreement (Lancet 1986): bias = mean difference (test − reference), 95 % limits of
 * agreement = bias ± 1.96 SD of the differences. Limits need two pairs, correlation three.
 */
export function blandAltman(pairs: readonly AgreementPair[]): BlandAltman {
  const n = pairs.length;
  if (n === 0)
    return {
      n,
      meanBias: null,
      sdOfDifferences: null,
      lowerLimit: null,
      upperLimit: null,
      correlation: null,
    };
  const differences = pairs.map((pair) => pair.test - pair.reference);
  const bias = mean(differences);
  const sd = n >= 2 ? sampleSd(differences) : null;
  return {
    n,
    meanBias: bias,
    sdOfDifferences: sd,
    lowerLimit: sd === null ? null : bias - Z_95 * sd,
    upperLimit: sd === null ? null : bias + Z_95 * sd,
    correlation: pearsonCorrelation(
      pairs.map((pair) => pair.reference),
      pairs.map((pair) => pair.test),
    ),
  };
}

export const WESTGARD_RULES = ['1-3s', '2-2s', 'R-4s'] as const;
export type WestgardRule = (typeof WESTGARD_RULES)[number];

/**
 * Westgard violations of each point, given the control mean and SD, in run order:
 * - 1-3s: the point lies beyond mean ± 3 SD;
 * - 2-2s: the point and the one before lie beyond 2 SD on the same side;
 * - R-4s: the point and the one before lie beyond 2 SD on opposite sides (range over 4 SD).
 * A rule spanning two points is flagged on the second, the run where it is detected.
 */
export function westgardViolations(
  values: readonly number[],
  controlMean: number,
  controlSd: number,
): WestgardRule[][] {
  if (!(controlSd > 0)) return values.map(() => []);
  const z = values.map((value) => (value - controlMean) / controlSd);
  return z.map((current, index) => {
    const rules: WestgardRule[] = [];
    if (Math.abs(current) > 3) rules.push('1-3s');
    const previous = index > 0 ? z[index - 1] : undefined;
    if (previous !== undefined) {
      if ((current > 2 && previous > 2) || (current < -2 && previous < -2)) rules.push('2-2s');
      if ((current > 2 && previous < -2) || (current < -2 && previous > 2)) rules.push('R-4s');
    }
    return rules;
  });
}

/** The smallest number of runs that may define a control mean and SD. */
export const MIN_BASELINE_RUNS = 10;

export type ControlSource = 'target' | 'baseline' | 'insufficient';

export interface ControlLimits {
  readonly source: ControlSource;
  readonly mean: number | null;
  readonly sd: number | null;
}

/**
 * The control mean and SD of a Levey–Jennings chart: the entered target when given, else the mean
 * and SD of the first `baselineRuns` points (at least 10); `insufficient` until there are enough.
 */
export function controlLimits(
  values: readonly number[],
  baselineRuns: number,
  target: { readonly mean: number; readonly sd: number } | null,
): ControlLimits {
  if (target !== null) return { source: 'target', mean: target.mean, sd: target.sd };
  const runs = Math.max(MIN_BASELINE_RUNS, Math.round(baselineRuns));
  if (values.length < runs) return { source: 'insufficient', mean: null, sd: null };
  const baseline = values.slice(0, runs);
  return { source: 'baseline', mean: mean(baseline), sd: sampleSd(baseline) };
}

/** WHO replicate acceptance lives in contracts, where the bench counting screens use it too. */
export {
  compareReplicateCounts,
  compareReplicatePercentages,
  type ReplicateJudgement as ReplicateComparison,
} from '@sarm/contracts';
