/** Per-track measurement after tracking: drift removal, kinematics, WHO class, head shape. */
import { computeKinematics, toTimedPoints } from '../kinematics/kinematics.js';
import type { DriftField, MicronTrack } from '../motion/drift.js';
import { testFlagellarActivity } from '../motion/flagellar-activity.js';
import { medianMorphometry } from '../morphometry/morphometry.js';
import type { CasaSettings } from '../settings.js';
import type { FinishedTrack, TrackPoint } from '../track/tracker.js';
import { classifyMotility } from '../who/motility.js';
import type { TrackResult } from './result.js';

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
 * reported points stay the positions in the image.
 */
export function measureTrack(
  track: FinishedTrack,
  fps: number,
  settings: CasaSettings,
  drift: DriftField,
  codingPeriodFrames?: number,
): TrackResult {
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
