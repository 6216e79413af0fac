/**
 * The common drift of the field (stage or fluid flow), estimated from the cells that do not swim
 * and removed from every track before VSL, VAP and the WHO classes.
 *
 * Method: immotile and non-progressive cells move with the fluid, so in every frame the median step
 * of those tracks' velocities (each over a window of `smoothingS` seconds, since drift changes
 * slowly) is the drift velocity: Brownian steps and head oscillations average out, and a swimmer in
 * the set is an outlier the median ignores. The per-frame velocities are summed into an offset. Which
 * tracks "do not swim" depends on the drift (a still cell on a 6 µm/s stage looks progressive), so
 * the set is chosen iteratively: first around the most common track velocity, then as the tracks
 * whose drift-corrected VSL is below the slow-progressive threshold, three times.
 */
import { median } from '../stats/median.js';

/** A track's head positions in µm at consecutive frame indices (gaps filled). */
export interface MicronTrack {
  readonly firstFrame: number;
  readonly x: readonly number[];
  readonly y: readonly number[];
}

/** The drift estimate reported with a result. */
export interface DriftEstimate {
  /** Mean drift velocity over the video, µm/s (image axes, y down). */
  readonly vx_um_per_s: number;
  readonly vy_um_per_s: number;
  readonly speed_um_per_s: number;
  /** Non-progressive and immotile tracks the estimate rests on (0: no drift removed). */
  readonly tracks_used: number;
}

/** The drift as an offset per frame, µm, plus its summary. */
export interface DriftField {
  readonly estimate: DriftEstimate;
  /** Offset of the field at frame f relative to the first frame, µm (index = frame). */
  readonly offsetX: Float64Array;
  readonly offsetY: Float64Array;
}

export interface DriftOptions {
  readonly fps: number;
  /** Frames of the video (frame indices run from 0 to frames - 1). */
  readonly frames: number;
  /** Tracks slower than this after correction (µm/s) carry the drift: WHO's progression threshold. */
  readonly slowProgressiveUmPerS: number;
  /** Window over which each track's velocity is measured, s. */
  readonly smoothingS: number;
}

/** Fewer tracks than this do not tell drift from the motion of individual cells. */
const MIN_DRIFT_TRACKS = 3;
const ITERATIONS = 3;
/** Velocities within this distance (µm/s) count as "the same" when looking for the most common one. */
const MODE_RADIUS_UM_PER_S = 2;

function velocity(
  t: MicronTrack,
  fps: number,
  offX: Float64Array,
  offY: Float64Array,
): [number, number] {
  const n = t.x.length;
  if (n < 2) return [0, 0];
  const a = t.firstFrame;
  const b = a + n - 1;
  const dx = (t.x[n - 1] ?? 0) - (t.x[0] ?? 0) - ((offX[b] ?? 0) - (offX[a] ?? 0));
  const dy = (t.y[n - 1] ?? 0) - (t.y[0] ?? 0) - ((offY[b] ?? 0) - (offY[a] ?? 0));
  return [(dx * fps) / (n - 1), (dy * fps) / (n - 1)];
}

/** The track velocity with the most others within MODE_RADIUS (a robust first guess of the drift). */
function mostCommonVelocity(velocities: readonly [number, number][]): [number, number] {
  // Quadratic in the number of tracks: a stride keeps it bounded on very crowded videos.
  const stride = Math.max(1, Math.floor(velocities.length / 400));
  let best: [number, number] = [0, 0];
  let bestCount = -1;
  for (let i = 0; i < velocities.length; i += stride) {
    const v = velocities[i];
    if (!v) continue;
    let count = 0;
    for (const w of velocities) {
      if (Math.hypot(w[0] - v[0], w[1] - v[1]) <= MODE_RADIUS_UM_PER_S) count++;
    }
    if (count > bestCount) [best, bestCount] = [v, count];
  }
  return best;
}

/**
 * Offsets from the per-frame median velocity of the `chosen` tracks. Each track's velocity at frame
 * f is its displacement over a window of `window` frames centred on f (cut to the track, at least
 * half a window long), not its single step: at high frame rates and coarse calibrations a drift
 * step is a few hundredths of a pixel, where the centroid's pixel locking makes single steps skewed
 * (mostly zero, now and then a jump) and their median biased towards zero.
 */
function offsetsFromWindows(
  tracks: readonly MicronTrack[],
  chosen: readonly boolean[],
  frames: number,
  window: number,
  fallback: readonly [number, number],
): { x: Float64Array<ArrayBuffer>; y: Float64Array<ArrayBuffer> } {
  const half = Math.max(1, Math.floor(window / 2));
  const velX: number[][] = Array.from({ length: frames }, () => []);
  const velY: number[][] = Array.from({ length: frames }, () => []);
  tracks.forEach((t, i) => {
    if (!chosen[i]) return;
    const last = t.x.length - 1;
    for (let k = 1; k <= last; k++) {
      const f = t.firstFrame + k;
      if (f >= frames) break;
      const a = Math.max(0, k - half);
      const b = Math.min(last, k + half);
      if (b - a < half) continue;
      velX[f]?.push(((t.x[b] ?? 0) - (t.x[a] ?? 0)) / (b - a));
      velY[f]?.push(((t.y[b] ?? 0) - (t.y[a] ?? 0)) / (b - a));
    }
  });
  const x = new Float64Array(frames);
  const y = new Float64Array(frames);
  for (let f = 1; f < frames; f++) {
    const vx = velX[f] ?? [];
    const vy = velY[f] ?? [];
    // Frames no chosen track spans take the median velocity of the chosen tracks.
    x[f] = (x[f - 1] ?? 0) + (vx.length > 0 ? median(vx) : fallback[0]);
    y[f] = (y[f - 1] ?? 0) + (vy.length > 0 ? median(vy) : fallback[1]);
  }
  return { x, y };
}

/** Estimates the common drift of the field from the tracks (see the module comment). */
export function estimateDrift(tracks: readonly MicronTrack[], options: DriftOptions): DriftField {
  const { fps, frames } = options;
  let offsetX: Float64Array<ArrayBuffer> = new Float64Array(frames);
  let offsetY: Float64Array<ArrayBuffer> = new Float64Array(frames);
  const none = (used: number): DriftField => ({
    estimate: { vx_um_per_s: 0, vy_um_per_s: 0, speed_um_per_s: 0, tracks_used: used },
    offsetX: new Float64Array(frames),
    offsetY: new Float64Array(frames),
  });
  const usable = tracks.filter((t) => t.x.length >= 2);
  if (usable.length < MIN_DRIFT_TRACKS || frames < 2) return none(0);
  const mode = mostCommonVelocity(usable.map((t) => velocity(t, fps, offsetX, offsetY)));
  let chosen = usable.map((t) => {
    const [vx, vy] = velocity(t, fps, offsetX, offsetY);
    return Math.hypot(vx - mode[0], vy - mode[1]) < options.slowProgressiveUmPerS;
  });
  const window = Math.max(1, Math.round(options.smoothingS * fps));
  // No offset: the tracks' raw velocities (shared, since a pair per track would allocate two
  // frame-long arrays per track and iteration, tens of MB on a long video).
  const noOffset = new Float64Array(frames);
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    if (chosen.filter(Boolean).length < MIN_DRIFT_TRACKS) return none(0);
    const velocities = usable
      .filter((_, i) => chosen[i])
      .map((t) => velocity(t, fps, noOffset, noOffset));
    const fallback: [number, number] = [
      median(velocities.map((v) => v[0])) / fps,
      median(velocities.map((v) => v[1])) / fps,
    ];
    const next = offsetsFromWindows(usable, chosen, frames, window, fallback);
    offsetX = next.x;
    offsetY = next.y;
    chosen = usable.map((t) => {
      const [vx, vy] = velocity(t, fps, offsetX, offsetY);
      return Math.hypot(vx, vy) < options.slowProgressiveUmPerS;
    });
  }
  const used = chosen.filter(Boolean).length;
  if (used < MIN_DRIFT_TRACKS) return none(0);
  const duration = (frames - 1) / fps;
  const vx = (offsetX[frames - 1] ?? 0) / duration;
  const vy = (offsetY[frames - 1] ?? 0) / duration;
  return {
    estimate: {
      vx_um_per_s: vx,
      vy_um_per_s: vy,
      speed_um_per_s: Math.hypot(vx, vy),
      tracks_used: used,
    },
    offsetX,
    offsetY,
  };
}
