import { median } from '../stats/median.js';
import type { FinishedTrack } from './tracker.js';

/** A track's head area, µm²: the median over its kept detections. */
export function trackHeadArea(track: FinishedTrack): number {
  return median(track.detections.map((d) => d.morphometry.area_um2));
}

/**
 * The recording's typical head area, µm²: the median of the tracks' head areas, each track
 * weighing as many points as it holds (a head followed for seconds says more than a glimpse).
 */
export function typicalHeadArea(tracks: readonly FinishedTrack[]): number {
  const items = tracks
    .map((t) => ({ area: trackHeadArea(t), weight: t.points.length }))
    .sort((a, b) => a.area - b.area);
  const total = items.reduce((s, i) => s + i.weight, 0);
  let sum = 0;
  for (const i of items) {
    sum += i.weight;
    if (sum >= total / 2) return i.area;
  }
  return 0;
}

/**
 * Keeps the tracks whose head is at least `minShare` of the recording's typical head. A single
 * view of a head may look small (half of it out of focus, cut by the threshold), but the median of
 * many views does not: a track whose head stays far smaller than the others' is a fragment, the
 * dark midpiece beside a still head taken for a head of its own, or a speck of debris.
 */
export function dropSmallHeads(
  tracks: readonly FinishedTrack[],
  minShare: number,
): FinishedTrack[] {
  const typical = typicalHeadArea(tracks);
  return tracks.filter((t) => trackHeadArea(t) >= minShare * typical);
}
