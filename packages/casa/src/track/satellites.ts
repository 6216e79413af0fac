import { apart, pieceOf, sharedDistances } from './duplicates.js';
import { trackHeadArea, typicalHeadArea } from './head-area.js';
import type { FinishedTrack } from './tracker.js';

/** What {@link dropSatellites} takes for a piece of a cell that is not its head, pixels. */
export interface SatelliteOptions {
  /** Largest median distance from the piece to the head it moves with, px. */
  readonly radiusPx: number;
  /** Least share of the piece's frames in which the head's track holds a point too. */
  readonly minSharedShare: number;
  /** Heads larger than this share of the recording's typical head are not taken for heads. */
  readonly maxHeadShare: number;
}

/**
 * Drops the tracks that follow a piece of a cell beside its head. Under bright field the midpiece
 * and the flagellum are dark like the head; where the tail bends, its blob is now and then as
 * wide as a head, and a track follows it while the head has a track of its own, a head's length or
 * so away, moving with it. Such a track lies within the radius of a head's track (median distance
 * over the frames both hold) for nearly all of its life, and its blob is smaller than that head.
 * Two heads side by side for a whole track's life are rarer than a cell's own tail beside it.
 * A larger partner than a head (a round particle of debris beside a head) does not count: the
 * head beside it stays.
 */
export function dropSatellites(
  tracks: readonly FinishedTrack[],
  options: SatelliteOptions,
): FinishedTrack[] {
  const { radiusPx, minSharedShare, maxHeadShare } = options;
  const areas = new Map(tracks.map((t) => [t, trackHeadArea(t)]));
  const largestHead = maxHeadShare * typicalHeadArea(tracks);
  const pieces = tracks.map(pieceOf).sort((a, b) => a.start - b.start);
  const satellites = new Set<FinishedTrack>();
  for (let i = 0; i < pieces.length; i++) {
    const a = pieces[i]!;
    for (let j = i + 1; j < pieces.length && pieces[j]!.start <= a.end; j++) {
      const b = pieces[j]!;
      if (apart(a, b, radiusPx)) continue;
      const [areaA, areaB] = [areas.get(a.track) ?? 0, areas.get(b.track) ?? 0];
      const [piece, head] = areaA < areaB ? [a, b] : [b, a];
      if ((areas.get(head.track) ?? 0) > largestHead) continue;
      const distances = sharedDistances(piece, head);
      if (distances.length < minSharedShare * piece.track.points.length) continue;
      if ((distances[distances.length >> 1] ?? Infinity) < radiusPx) satellites.add(piece.track);
    }
  }
  return tracks.filter((t) => !satellites.has(t));
}
