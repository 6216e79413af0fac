/**
 * The per-track steps of an analysis whose frames are unevenly spaced: positions are placed at
 * their frames' own times and resampled on the nominal grid (grid frame k at k / fps s after the
 * first frame), where the drift estimate and the flagellar-activity spectrum, both written for a
 * regular sampling, run unchanged.
 */
import type { TimedPoint } from '../kinematics/kinematics.js';
import { resampleAtRate, toPointsAtTimes } from '../kinematics/timed-kinematics.js';
import type { DriftField, MicronTrack } from '../motion/drift.js';
import type { TrackPoint } from '../track/tracker.js';

/** A track's positions in µm at every grid frame from its first time to its last. */
export function toMicronTrackAtTimes(
  points: readonly TrackPoint[],
  times: ArrayLike<number>,
  fps: number,
  umPerPixel: number,
): MicronTrack {
  const regular = resampleAtRate(toPointsAtTimes(points, times, umPerPixel), fps);
  return {
    firstFrame: Math.round((regular[0]?.t ?? 0) * fps),
    x: regular.map((p) => p.x),
    y: regular.map((p) => p.y),
  };
}

/** The drift offset, µm, at a time between grid frames (linear between them). */
function offsetAt(offsets: Float64Array, gridPosition: number): number {
  const k = Math.floor(gridPosition);
  const w = gridPosition - k;
  const a = offsets[k] ?? offsets[offsets.length - 1] ?? 0;
  const b = offsets[k + 1] ?? a;
  return a + w * (b - a);
}

/** The track's points with the field's drift at each frame's time subtracted, pixels. */
export function withoutDriftAtTimes(
  points: readonly TrackPoint[],
  drift: DriftField,
  times: ArrayLike<number>,
  fps: number,
  umPerPixel: number,
): TrackPoint[] {
  return points.map(([f, x, y]): TrackPoint => {
    const position = (times[f] ?? 0) * fps;
    return [
      f,
      x - offsetAt(drift.offsetX, position) / umPerPixel,
      y - offsetAt(drift.offsetY, position) / umPerPixel,
    ];
  });
}

/** Grid frame of a resampled point (its time is k / fps exactly up to rounding). */
export const gridFrameOf = (p: TimedPoint, fps: number): number => Math.round(p.t * fps);
