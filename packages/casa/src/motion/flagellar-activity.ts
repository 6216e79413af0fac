/**
 * Class (c) vs (d): does the head show the periodic motion of a beating flagellum?
 *
 * Neither total displacement nor deviation from a straight line can tell: a dead cell's random walk
 * produces both. What a random walk cannot produce is memory. Its frame-to-frame steps are
 * independent, and white localisation noise only correlates each step with the next (lag 1, always
 * negative). A head swung by a beating flagellum at 4 to 20 Hz has steps that repeat with the beat:
 * they are correlated over lags of up to one beat period (1/4 Hz = 0.25 s).
 *
 * The test is a portmanteau (Ljung-Box type) test on the steps of the drift-corrected track:
 *   Q = sum over lags m = 2..M of n_m rho_m^2 / (1 + 2 rho_1^2),
 * with rho_m the autocorrelation of the steps at lag m (x and y pooled, so n_m counts both axes'
 * step pairs), M the number of frames in `maxPeriodS`, and the Bartlett factor 1 + 2 rho_1^2 the
 * variance of rho_m under the null of steps correlated at lag 1 only. Under the null, Q follows a
 * chi-square law with M - 1 degrees of freedom; the head beats when Q exceeds its upper
 * `significance` quantile AND the oscillating part of the track (the positions minus their moving
 * average over one period) has an RMS above `minAmplitudeUm`, so a statistically clear but
 * sub-localisation wiggle (a neighbour's tail brushing the head) does not count as a beat.
 *
 * Only steps between frames where the head was detected count, or across a single missed frame
 * (longer interpolated gaps would be correlated beyond lag 1), and steps are clipped at 4 robust standard deviations so one jump (a
 * passing cell pulling the centroid) does not dominate. Lags are in seconds, so the test means the
 * same at 25 and 100 fps; with aliasing, a beat above the Nyquist frequency still shows as a
 * periodic step pattern at its alias.
 */
import { chiSquareUpperQuantile } from '../stats/intervals.js';

export interface FlagellarActivityOptions {
  readonly fps: number;
  /** Longest beat period looked for, s (1 / lowest beat frequency). */
  readonly maxPeriodS: number;
  /** Upper tail probability of the test's threshold. */
  readonly significance: 0.05 | 0.01 | 0.001 | 0.0001;
  /** The oscillation must exceed this RMS, µm. */
  readonly minAmplitudeUm: number;
}

export interface FlagellarActivity {
  readonly active: boolean;
  /** Q of the portmanteau test (0 when the track is too short to test). */
  readonly statistic: number;
  /** Threshold Q had to exceed. */
  readonly threshold: number;
  /** RMS of the track's positions about their moving average over one period, µm. */
  readonly oscillationRmsUm: number;
}

/** A head position in µm at a frame index; frames need not be consecutive. */
export interface FramePoint {
  readonly frame: number;
  readonly x: number;
  readonly y: number;
}

/** Steps need at least this many pairs per lag for the test to mean anything. */
const MIN_PAIRS_PER_LAG = 6;

function stepsBetweenDetections(points: readonly FramePoint[]): {
  dx: Float64Array;
  dy: Float64Array;
  valid: Uint8Array;
} {
  const first = points[0]?.frame ?? 0;
  const last = points.at(-1)?.frame ?? first;
  const n = Math.max(0, last - first);
  const dx = new Float64Array(n);
  const dy = new Float64Array(n);
  const valid = new Uint8Array(n);
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    if (!a || !b) continue;
    const gap = b.frame - a.frame;
    // A head missed in one frame: its two steps are split evenly, which correlates them with each
    // other (lag 1, outside the test) but with nothing further away. Longer gaps stay out.
    if (gap !== 1 && gap !== 2) continue;
    for (let g = 0; g < gap; g++) {
      const k = a.frame - first + g;
      dx[k] = (b.x - a.x) / gap;
      dy[k] = (b.y - a.y) / gap;
      valid[k] = 1;
    }
  }
  return { dx, dy, valid };
}

/** Removes the mean step (slow residual drift or progression) and clips outliers at 4 robust SD. */
function centreAndClip(dx: Float64Array, dy: Float64Array, valid: Uint8Array): void {
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (let k = 0; k < valid.length; k++) {
    if (!valid[k]) continue;
    sx += dx[k] ?? 0;
    sy += dy[k] ?? 0;
    n++;
  }
  if (n === 0) return;
  const mx = sx / n;
  const my = sy / n;
  const magnitudes: number[] = [];
  for (let k = 0; k < valid.length; k++) {
    if (!valid[k]) continue;
    dx[k] = (dx[k] ?? 0) - mx;
    dy[k] = (dy[k] ?? 0) - my;
    magnitudes.push(Math.abs(dx[k] ?? 0), Math.abs(dy[k] ?? 0));
  }
  magnitudes.sort((a, b) => a - b);
  // 1.4826 x median absolute value: the standard deviation of a normal step.
  const limit = 4 * 1.4826 * (magnitudes[magnitudes.length >> 1] ?? 0);
  if (limit <= 0) return;
  for (let k = 0; k < valid.length; k++) {
    dx[k] = Math.max(-limit, Math.min(limit, dx[k] ?? 0));
    dy[k] = Math.max(-limit, Math.min(limit, dy[k] ?? 0));
  }
}

/** Autocorrelation of the pooled x/y steps at `lag` and the number of pairs behind it. */
function autocorrelation(
  dx: Float64Array,
  dy: Float64Array,
  valid: Uint8Array,
  lag: number,
  variance: number,
): { rho: number; pairs: number } {
  let sum = 0;
  let pairs = 0;
  for (let k = 0; k + lag < valid.length; k++) {
    if (!valid[k] || !valid[k + lag]) continue;
    sum += (dx[k] ?? 0) * (dx[k + lag] ?? 0) + (dy[k] ?? 0) * (dy[k + lag] ?? 0);
    pairs += 2;
  }
  return { rho: pairs > 0 && variance > 0 ? sum / pairs / variance : 0, pairs };
}

/** RMS distance of the positions from their centred moving average over `window` frames, µm. */
function oscillationRms(points: readonly FramePoint[], window: number): number {
  const half = Math.floor(window / 2);
  if (points.length < 2 * half + 1) return 0;
  let sum = 0;
  let n = 0;
  for (let i = half; i < points.length - half; i++) {
    let mx = 0;
    let my = 0;
    for (let k = i - half; k <= i + half; k++) {
      mx += points[k]?.x ?? 0;
      my += points[k]?.y ?? 0;
    }
    const p = points[i];
    if (!p) continue;
    sum += (p.x - mx / (2 * half + 1)) ** 2 + (p.y - my / (2 * half + 1)) ** 2;
    n++;
  }
  return n > 0 ? Math.sqrt(sum / n) : 0;
}

/** Tests a drift-corrected head track for flagellar activity (see the module comment). */
export function testFlagellarActivity(
  points: readonly FramePoint[],
  options: FlagellarActivityOptions,
): FlagellarActivity {
  const maxLag = Math.max(2, Math.round(options.maxPeriodS * options.fps));
  const { dx, dy, valid } = stepsBetweenDetections(points);
  centreAndClip(dx, dy, valid);
  let squares = 0;
  let count = 0;
  for (let k = 0; k < valid.length; k++) {
    if (!valid[k]) continue;
    squares += (dx[k] ?? 0) ** 2 + (dy[k] ?? 0) ** 2;
    count += 2;
  }
  const variance = count > 0 ? squares / count : 0;
  const rho1 = autocorrelation(dx, dy, valid, 1, variance).rho;
  const bartlett = 1 + 2 * rho1 * rho1;
  let statistic = 0;
  let lags = 0;
  for (let lag = 2; lag <= maxLag; lag++) {
    const { rho, pairs } = autocorrelation(dx, dy, valid, lag, variance);
    if (pairs < 2 * MIN_PAIRS_PER_LAG) break;
    statistic += (pairs * rho * rho) / bartlett;
    lags++;
  }
  // Centred on a period: the moving average over the longest period removes slow wander and keeps
  // the beat (any beat of 1/maxPeriodS Hz or faster).
  const window = 2 * Math.floor(maxLag / 2) + 1;
  const rms = oscillationRms(points, window);
  if (lags === 0 || variance === 0) {
    return { active: false, statistic: 0, threshold: Infinity, oscillationRmsUm: rms };
  }
  const threshold = chiSquareUpperQuantile(lags, options.significance);
  return {
    active: statistic > threshold && rms > options.minAmplitudeUm,
    statistic,
    threshold,
    oscillationRmsUm: rms,
  };
}
