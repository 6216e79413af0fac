/**
 * The timing of a recording from its frames' own timestamps: whether the frames are evenly
 * spaced, and how many went missing. A browser recording (MediaRecorder) hiccups: its frames keep
 * their real presentation times, and a stall shows as one long interval where frames were dropped.
 */

/** Share of frames dropped above which a field is marked (see {@link describeFrameTiming}). */
export const DEFAULT_MAX_DROPPED_SHARE = 0.05;
/** An interval longer than this many nominal intervals is a gap: frames were dropped there. */
const GAP_INTERVALS = 1.5;
/**
 * An interval off the nominal one by more than this share makes the timing variable...
 * (a 30 fps WebM stores times in whole milliseconds, 33 or 34 ms: 2 % off, still constant).
 */
const CONSTANT_SHARE = 0.05;
/** ...or by more than this, s, whichever is larger: one millisecond of container rounding. */
const CONSTANT_ROUNDING_S = 0.0011;

/** How the frames of a recording are spaced in time, as the analysis result reports it. */
export interface FrameTiming {
  /** `constant`: every interval is the nominal one (within rounding); `variable`: they differ. */
  readonly timing: 'constant' | 'variable';
  /** The nominal frame interval, s: the mean of the intervals that are not gaps. */
  readonly nominal_interval_s: number;
  /** Longest interval between two consecutive frames, s. */
  readonly max_gap_s: number;
  /** Frames missing in the gaps: round(gap / nominal interval) - 1 for each gap. */
  readonly dropped_frames: number;
  /** Dropped frames over the frames the recording should have held (decoded + dropped), 0..1. */
  readonly dropped_share: number;
  /** True when `dropped_share` exceeds the limit the analysis was given. */
  readonly dropped_over_limit: boolean;
}

const median = (values: readonly number[]): number => {
  const sorted = Float64Array.from(values).sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** The timing of frames sampled at a constant rate: nothing dropped. */
export function constantFrameTiming(fps: number): FrameTiming {
  return {
    timing: 'constant',
    nominal_interval_s: 1 / fps,
    max_gap_s: 1 / fps,
    dropped_frames: 0,
    dropped_share: 0,
    dropped_over_limit: false,
  };
}

/**
 * Describes the spacing of frames from their timestamps (s, increasing, in presentation order).
 * Gaps are intervals longer than 1.5 x the median interval; the nominal interval is the mean of
 * the others (the median alone is whole milliseconds in a WebM). Fewer than two times, or times
 * that do not increase, describe nothing and read as constant at `fallbackFps`.
 */
export function describeFrameTiming(
  times: ArrayLike<number>,
  fallbackFps: number,
  maxDroppedShare: number = DEFAULT_MAX_DROPPED_SHARE,
): FrameTiming {
  const intervals: number[] = [];
  for (let i = 1; i < times.length; i++) intervals.push((times[i] ?? 0) - (times[i - 1] ?? 0));
  if (intervals.length === 0 || !intervals.every((d) => d > 0 && Number.isFinite(d))) {
    return constantFrameTiming(fallbackFps);
  }
  const typical = median(intervals);
  const regular = intervals.filter((d) => d <= GAP_INTERVALS * typical);
  const nominal = regular.reduce((s, d) => s + d, 0) / regular.length;
  const tolerance = Math.max(CONSTANT_SHARE * nominal, CONSTANT_ROUNDING_S);
  let dropped = 0;
  let maxGap = 0;
  let even = true;
  for (const d of intervals) {
    maxGap = Math.max(maxGap, d);
    if (Math.abs(d - nominal) > tolerance) even = false;
    if (d > GAP_INTERVALS * typical) dropped += Math.max(0, Math.round(d / nominal) - 1);
  }
  const share = dropped / (times.length + dropped);
  return {
    timing: even ? 'constant' : 'variable',
    nominal_interval_s: nominal,
    max_gap_s: maxGap,
    dropped_frames: dropped,
    dropped_share: share,
    dropped_over_limit: share > maxDroppedShare,
  };
}
