import type { Detection } from '../detect/types.js';

/** A blob this much larger than the heads predicted inside it holds more than one of them. */
const OVERLAP_AREA_GAIN = 1.15;

/** What the occlusion test needs to know of a track: where it is expected and its head's area. */
export interface TrackExpectation {
  readonly x: number;
  readonly y: number;
  /** Running head area of the track, µm². */
  readonly areaUm2: number;
}

/**
 * Turns a head detection into a cluster when two or more tracks are predicted inside it (or within
 * `marginPx` of its box: predictions of beating heads are rough) and it is
 * clearly larger than their heads: two cells crossing or touching. Each track knows the area of its
 * own head, which tells a merged pair from a large single head far better than the area of a typical
 * head in the frame. The tracks then coast through it on their predictions instead of one of them
 * being dragged to the merged centroid and the other lost.
 */
export function markOverlaps(
  detections: readonly Detection[],
  tracks: readonly TrackExpectation[],
  marginPx: number,
): Detection[] {
  return detections.map((d) => {
    if (d.className !== 'sperm') return d;
    let inside = 0;
    let largest = 0;
    for (const t of tracks) {
      if (
        t.x < d.x1 - marginPx ||
        t.x > d.x2 + marginPx ||
        t.y < d.y1 - marginPx ||
        t.y > d.y2 + marginPx
      )
        continue;
      inside += 1;
      largest = Math.max(largest, t.areaUm2);
    }
    if (inside < 2 || d.morphometry.area_um2 < OVERLAP_AREA_GAIN * largest) return d;
    const cells = Math.min(inside, Math.max(2, Math.round(d.morphometry.area_um2 / largest)));
    return { ...d, className: 'cluster', cellCount: cells };
  });
}
