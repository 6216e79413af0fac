/** A head position in micrometres at a time in seconds. */
export interface TimedPoint {
  readonly t: number;
  readonly x: number;
  readonly y: number;
}

/** CASA kinematic parameters of one track (µm, s, %, Hz, degrees). */
export interface Kinematics {
  readonly vcl: number;
  readonly vsl: number;
  readonly vap: number;
  readonly lin: number;
  readonly str: number;
  readonly wob: number;
  /** Amplitude of lateral head displacement, WHO convention: 2 x the lateral distance from the average path. */
  readonly alh_mean: number;
  readonly alh_max: number;
  readonly bcf: number;
  readonly mad: number;
  readonly duration_s: number;
}

const ratio = (a: number, b: number): number => (b > 0 ? (100 * a) / b : 0);

/** Length of the polyline through the points, µm. */
export function pathLength(points: readonly { x: number; y: number }[]): number {
  let sum = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    if (a && b) sum += Math.hypot(b.x - a.x, b.y - a.y);
  }
  return sum;
}

/** Centred moving average of the path, the window shrinking symmetrically at both ends. */
export function averagePath(points: readonly TimedPoint[], window: number): TimedPoint[] {
  const half = Math.floor(window / 2);
  return points.map((p, i) => {
    const reach = Math.min(half, i, points.length - 1 - i);
    let sx = 0;
    let sy = 0;
    for (let k = i - reach; k <= i + reach; k++) {
      sx += points[k]?.x ?? 0;
      sy += points[k]?.y ?? 0;
    }
    const n = 2 * reach + 1;
    return { t: p.t, x: sx / n, y: sy / n };
  });
}

/** Signed lateral offsets of each point from the average path (positive to the left of travel). */
export function lateralOffsets(
  points: readonly TimedPoint[],
  average: readonly TimedPoint[],
): number[] {
  return points.map((p, i) => {
    const prev = average[Math.max(0, i - 1)] ?? p;
    const next = average[Math.min(average.length - 1, i + 1)] ?? p;
    const dx = next.x - prev.x;
    const dy = next.y - prev.y;
    const len = Math.hypot(dx, dy);
    const a = average[i] ?? p;
    if (len === 0) return Math.hypot(p.x - a.x, p.y - a.y);
    return (dx * (p.y - a.y) - dy * (p.x - a.x)) / len;
  });
}

/** Mean absolute turning angle between consecutive steps, degrees (MAD). */
export function meanAbsoluteTurningAngle(points: readonly TimedPoint[]): number {
  let sum = 0;
  let n = 0;
  for (let i = 2; i < points.length; i++) {
    const a = points[i - 2];
    const b = points[i - 1];
    const c = points[i];
    if (!a || !b || !c) continue;
    const h1 = Math.atan2(b.y - a.y, b.x - a.x);
    const h2 = Math.atan2(c.y - b.y, c.x - b.x);
    if ((b.x === a.x && b.y === a.y) || (c.x === b.x && c.y === b.y)) continue;
    let turn = Math.abs(h2 - h1);
    if (turn > Math.PI) turn = 2 * Math.PI - turn;
    sum += turn;
    n++;
  }
  return n > 0 ? (sum / n) * (180 / Math.PI) : 0;
}

/**
 * Computes the kinematic parameters of a track sampled at regular times (fill gaps before calling).
 * `vapWindow` is the number of points of the moving average that defines the average path.
 */
export function computeKinematics(points: readonly TimedPoint[], vapWindow: number): Kinematics {
  const first = points[0];
  const last = points[points.length - 1];
  const duration = first && last ? last.t - first.t : 0;
  if (!first || !last || duration <= 0) {
    return {
      vcl: 0,
      vsl: 0,
      vap: 0,
      lin: 0,
      str: 0,
      wob: 0,
      alh_mean: 0,
      alh_max: 0,
      bcf: 0,
      mad: 0,
      duration_s: 0,
    };
  }
  const average = averagePath(points, vapWindow);
  const vcl = pathLength(points) / duration;
  const vsl = Math.hypot(last.x - first.x, last.y - first.y) / duration;
  const vap = pathLength(average) / duration;
  const offsets = lateralOffsets(points, average);
  const alh = offsets.map((o) => 2 * Math.abs(o));
  let crossings = 0;
  for (let i = 1; i < offsets.length; i++) {
    const a = offsets[i - 1] ?? 0;
    const b = offsets[i] ?? 0;
    if ((a < 0 && b >= 0) || (a > 0 && b <= 0)) crossings++;
  }
  return {
    vcl,
    vsl,
    vap,
    lin: ratio(vsl, vcl),
    str: ratio(vsl, vap),
    wob: ratio(vap, vcl),
    alh_mean: alh.reduce((s, v) => s + v, 0) / alh.length,
    alh_max: Math.max(...alh),
    bcf: crossings / duration,
    mad: meanAbsoluteTurningAngle(points),
    duration_s: duration,
  };
}

/**
 * Converts pixel track points to timed micrometre points, filling missed frames by linear
 * interpolation so every later formula sees a regular sampling.
 */
export function toTimedPoints(
  points: readonly (readonly [number, number, number])[],
  fps: number,
  umPerPixel: number,
): TimedPoint[] {
  const out: TimedPoint[] = [];
  for (let i = 0; i < points.length; i++) {
    const p = points[i];
    if (!p) continue;
    const prev = points[i - 1];
    if (prev) {
      for (let f = prev[0] + 1; f < p[0]; f++) {
        const a = (f - prev[0]) / (p[0] - prev[0]);
        out.push({
          t: f / fps,
          x: (prev[1] + a * (p[1] - prev[1])) * umPerPixel,
          y: (prev[2] + a * (p[2] - prev[2])) * umPerPixel,
        });
      }
    }
    out.push({ t: p[0] / fps, x: p[1] * umPerPixel, y: p[2] * umPerPixel });
  }
  return out;
}

/**
 * Median distance of the points from their straight-line trend, µm: head movement that is not
 * progression. The median ignores the few frames where a passing cell pulls a centroid aside.
 */
export function detrendedJitter(points: readonly TimedPoint[]): number {
  const n = points.length;
  const first = points[0];
  const last = points[n - 1];
  if (n < 3 || !first || !last) return 0;
  const distances = points.map((p, i) => {
    const a = i / (n - 1);
    return Math.hypot(
      p.x - (first.x + a * (last.x - first.x)),
      p.y - (first.y + a * (last.y - first.y)),
    );
  });
  distances.sort((a, b) => a - b);
  return distances[Math.floor(n / 2)] ?? 0;
}
