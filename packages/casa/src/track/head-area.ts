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
  return weightedMedian(
    tracks.map(trackHeadArea),
    tracks.map((t) => t.points.length),
  );
}

/** The value at which the weights of the values at or below it reach half the total; 0 for none. */
function weightedMedian(values: readonly number[], weights: readonly number[]): number {
  const order = values.map((_, i) => i).sort((a, b) => (values[a] ?? 0) - (values[b] ?? 0));
  const total = weights.reduce((s, w) => s + w, 0);
  let sum = 0;
  for (const i of order) {
    sum += weights[i] ?? 0;
    if (sum >= total / 2) return values[i] ?? 0;
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
  const areas = tracks.map(trackHeadArea);
  const typical = weightedMedian(
    areas,
    tracks.map((t) => t.points.length),
  );
  return tracks.filter((_, i) => (areas[i] ?? 0) >= minShare * typical);
}
