/** Finished tracks for the track tests: straight lines of points, heads of a given area. */
import type { Detection } from '../detect/types.js';
import type { FinishedTrack, TrackPoint } from './tracker.js';

/** A head detection of `areaUm2` µm² at (x, y) px. */
function headAt(x: number, y: number, areaUm2: number): Detection {
  return {
    x,
    y,
    x1: x - 2,
    y1: y - 2,
    x2: x + 2,
    y2: y + 2,
    confidence: 0.9,
    className: 'sperm',
    cellCount: 1,
    angle: 0,
    morphometry: {
      area_um2: areaUm2,
      length_um: 4.5,
      width_um: 3,
      ellipticity: 1.5,
      perimeter_um: 12,
    },
  };
}

/**
 * A track from frame `from` to `to` (inclusive) moving from (x, y) by (vx, vy) a frame; with
 * `areaUm2`, its first points' detections carry heads of that area (none without it).
 */
export function lineTrack(
  id: number,
  from: number,
  to: number,
  x: number,
  y: number,
  vx = 0,
  vy = 0,
  areaUm2?: number,
): FinishedTrack {
  const points: TrackPoint[] = [];
  for (let f = from; f <= to; f++) points.push([f, x + vx * (f - from), y + vy * (f - from)]);
  const detections =
    areaUm2 === undefined ? [] : points.slice(0, 5).map(([, px, py]) => headAt(px, py, areaUm2));
  return { id, points, detections };
}

/** Each track's id, first frame, last frame and number of points. */
export const spans = (tracks: readonly FinishedTrack[]) =>
  tracks.map((t) => [t.id, t.points[0]?.[0], t.points.at(-1)?.[0], t.points.length]);
