/** Per-track measurement after tracking: drift removal, kinematics, WHO class, head shape. */
import { computeKinematics, toTimedPoints } from '../kinematics/kinematics.js';
import {
  computeKinematicsAtTimes,
  resampleAtRate,
  toPointsAtTimes,
} from '../kinematics/timed-kinematics.js';
import type { DriftField, MicronTrack } from '../motion/drift.js';
import { testFlagellarActivity } from '../motion/flagellar-activity.js';
import { medianMorphometry } from '../morphometry/morphometry.js';
import type { CasaSettings } from '../settings.js';
import type { FinishedTrack, TrackPoint } from '../track/tracker.js';
import { classifyMotility } from '../who/motility.js';
import type { TrackResult } from './result.js';
import { gridFrameOf, withoutDriftAtTimes } from './measure-timed-track.js';

/** A track's positions in µm at every frame from its first to its last (gaps interpolated). */
export function toMicronTrack(points: readonly TrackPoint[], umPerPixel: number): MicronTrack {
  const timed = toTimedPoints(points, 1, umPerPixel);
  return {
    firstFrame: points[0]?.[0] ?? 0,
    x: timed.map((p) => p.x),
    y: timed.map((p) => p.y),
  };
}

/** The track's points with the field's drift removed, pixels (the frame's offset subtracted). */
function withoutDrift(points: readonly TrackPoint[], drift: DriftField, umPerPixel: number) {
  return points.map(([f, x, y]): TrackPoint => [
    f,
    x - (drift.offsetX[f] ?? 0) / umPerPixel,
    y - (drift.offsetY[f] ?? 0) / umPerPixel,
  ]);
}

/**
 * Kinematics and WHO class of one track, measured relative to the fluid (drift removed); the
 * reported points stay the positions in the image. `times` (s since the first frame, by frame
 * index) are the frames' own times when they were unevenly spaced; `drift` is then on the grid of
 * nominal frames (see `measure-timed-track.ts`).
 */
export function measureTrack(
  track: FinishedTrack,
  fps: number,
  settings: CasaSettings,
  drift: DriftField,
  codingPeriodFrames?: number,
  times?: ArrayLike<number>,
): TrackResult {
  if (times !== undefined) {
    return measureTrackAtTimes(track, fps, settings, drift, times, codingPeriodFrames);
  }
  const upp = settings.umPerPixel;
  const corrected = withoutDrift(track.points, drift, upp);
  const timed = toTimedPoints(corrected, fps, upp);
  const kinematics = computeKinematics(timed, settings.vapWindow);
  const activity = testFlagellarActivity(
    corrected.map(([frame, x, y]) => ({ frame, x: x * upp, y: y * upp })),
    {
      fps,
      maxPeriodS: settings.beatMaxPeriodS,
      significance: settings.beatSignificance,
      codingPeriodFrames,
    },
  );
  return {
    id: track.id,
    category: classifyMotility(kinematics.vsl, activity.active, settings),
    ...kinematics,
    points: track.points,
    morphometry: medianMorphometry(track.detections.map((d) => d.morphometry)),
  };
}

/** {@link measureTrack} on unevenly spaced frames: real times for velocities, the grid for shape. */
function measureTrackAtTimes(
  track: FinishedTrack,
  fps: number,
  settings: CasaSettings,
  drift: DriftField,
  times: ArrayLike<number>,
  codingPeriodFrames?: number,
): TrackResult {
  const upp = settings.umPerPixel;
  const corrected = withoutDriftAtTimes(track.points, drift, times, fps, upp);
  const real = toPointsAtTimes(corrected, times, upp);
  const regular = resampleAtRate(real, fps);
  const kinematics = computeKinematicsAtTimes(real, regular, settings.vapWindow);
  const activity = testFlagellarActivity(
    regular.map((p) => ({ frame: gridFrameOf(p, fps), x: p.x, y: p.y })),
    {
      fps,
      maxPeriodS: settings.beatMaxPeriodS,
      significance: settings.beatSignificance,
      codingPeriodFrames,
    },
  );
  return {
    id: track.id,
    category: classifyMotility(kinematics.vsl, activity.active, settings),
    ...kinematics,
    points: track.points,
    morphometry: medianMorphometry(track.detections.map((d) => d.morphometry)),
  };
}
