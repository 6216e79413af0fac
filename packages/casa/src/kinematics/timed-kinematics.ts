/**
 * Kinematics of a track whose frames are unevenly spaced in time (a browser recording with jitter
 * or stalls). Velocities come from the real samples over the real elapsed time; the average path
 * (VAP, ALH, BCF) is built on the track resampled at the nominal rate, so the existing moving
 * average, whose window is a number of points, keeps its meaning of a fixed time span.
 *
 * Resampling was chosen over a moving window in time because one interpolation then serves every
 * frame-based step unchanged (average path, drift, the flagellar-activity spectrum all assume a
 * regular sampling) instead of each needing a time-weighted variant.
 */
import type { Kinematics, TimedPoint } from './kinematics.js';
import {
  averagePath,
  computeKinematics,
  lateralOffsets,
  meanAbsoluteTurningAngle,
  pathLength,
} from './kinematics.js';

/** Slack on a grid time, in grid steps, so a sample at k / fps is not lost to rounding. */
const GRID_SLACK = 1e-6;

/**
 * The points linearly interpolated at the times k / fps (k an integer) from the first point's
 * time to the last's: the track as a constant-rate recording would have sampled it. Points must
 * be in increasing time.
 */
export function resampleAtRate(points: readonly TimedPoint[], fps: number): TimedPoint[] {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return [];
  const out: TimedPoint[] = [];
  let j = 0;
  const end = Math.floor(last.t * fps + GRID_SLACK);
  // `|| 0` turns the -0 that ceil gives just below zero into 0.
  for (let k = Math.ceil(first.t * fps - GRID_SLACK) || 0; k <= end; k++) {
    const t = k / fps;
    while (j < points.length - 2 && (points[j + 1]?.t ?? Infinity) < t) j++;
    const a = points[j] ?? first;
    const b = points[j + 1] ?? a;
    const span = b.t - a.t;
    const w = span > 0 ? Math.min(1, Math.max(0, (t - a.t) / span)) : 0;
    out.push({ t, x: a.x + w * (b.x - a.x), y: a.y + w * (b.y - a.y) });
  }
  return out;
}

/**
 * Kinematics from samples at real, uneven times. `real` are the head's positions at its frames'
 * own times; `regular` the same track resampled at the nominal rate ({@link resampleAtRate}).
 * VCL is the real path length over the real elapsed time, VSL the real displacement over it;
 * VAP, ALH and BCF come from the regular track's average path of `vapWindow` points; MAD from the
 * real steps. On a constant-rate track (`regular` equal to `real`) this is {@link computeKinematics}.
 */
export function computeKinematicsAtTimes(
  real: readonly TimedPoint[],
  regular: readonly TimedPoint[],
  vapWindow: number,
): Kinematics {
  const first = real[0];
  const last = real[real.length - 1];
  const duration = first && last ? last.t - first.t : 0;
  const regularSpan = (regular[regular.length - 1]?.t ?? 0) - (regular[0]?.t ?? 0);
  if (!first || !last || duration <= 0 || regular.length < 2 || regularSpan <= 0) {
    return computeKinematics(real, vapWindow);
  }
  const average = averagePath(regular, vapWindow);
  const vcl = pathLength(real) / duration;
  const vsl = Math.hypot(last.x - first.x, last.y - first.y) / duration;
  const vap = pathLength(average) / regularSpan;
  const offsets = lateralOffsets(regular, average);
  const alh = offsets.map((o) => 2 * Math.abs(o));
  let crossings = 0;
  for (let i = 1; i < offsets.length; i++) {
    const a = offsets[i - 1] ?? 0;
    const b = offsets[i] ?? 0;
    if ((a < 0 && b >= 0) || (a > 0 && b <= 0)) crossings++;
  }
  const ratio = (p: number, q: number): number => (q > 0 ? (100 * p) / q : 0);
  return {
    vcl,
    vsl,
    vap,
    lin: ratio(vsl, vcl),
    str: ratio(vsl, vap),
    wob: ratio(vap, vcl),
    alh_mean: alh.reduce((s, v) => s + v, 0) / alh.length,
    alh_max: Math.max(...alh),
    bcf: crossings / regularSpan,
    mad: meanAbsoluteTurningAngle(real),
    duration_s: duration,
  };
}

/**
 * Converts pixel track points ([frame, x, y]) to micrometre points at their frames' own times
 * (`times[frame]`, s), filling frames the head was missed in by linear interpolation in time.
 */
export function toPointsAtTimes(
  points: readonly (readonly [number, number, number])[],
  times: ArrayLike<number>,
  umPerPixel: number,
): TimedPoint[] {
  const out: TimedPoint[] = [];
  const timeOf = (f: number): number => times[f] ?? 0;
  for (let i = 0; i < points.length; i++) {
    const p = points[i];
    if (!p) continue;
    const prev = points[i - 1];
    if (prev) {
      const t0 = timeOf(prev[0]);
      const span = timeOf(p[0]) - t0;
      for (let f = prev[0] + 1; f < p[0]; f++) {
        const a = span > 0 ? (timeOf(f) - t0) / span : (f - prev[0]) / (p[0] - prev[0]);
        out.push({
          t: timeOf(f),
          x: (prev[1] + a * (p[1] - prev[1])) * umPerPixel,
          y: (prev[2] + a * (p[2] - prev[2])) * umPerPixel,
        });
      }
    }
    out.push({ t: timeOf(p[0]), x: p[1] * umPerPixel, y: p[2] * umPerPixel });
  }
  return out;
}
