import type { TrackPoint } from './tracker.js';

/**
 * Share of the frames from a track's first point to its last in which it holds a point: the head
 * seen, or followed through a cluster. A head is seen in most frames of its track; a track that
 * is mostly gaps was built from glimpses of something the detector mostly rejects (a speck of
 * debris taken for a head now and then, bridged by the tracker's gaps for still heads).
 */
export function seenShare(points: readonly TrackPoint[]): number {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return 0;
  return points.length / (last[0] - first[0] + 1);
}
