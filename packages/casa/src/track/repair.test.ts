import { describe, expect, it } from 'vitest';
import { repairSwaps } from './repair.js';
import type { FinishedTrack, TrackPoint } from './tracker.js';

const path = (frames: number, at: (f: number) => [number, number]): TrackPoint[] =>
  Array.from({ length: frames }, (_, f): TrackPoint => [f, ...at(f)]);

const east = (f: number): [number, number] => [10 + 2 * f, 50];
const south = (f: number): [number, number] => [50, 10 + 2 * f];

describe('repairSwaps', () => {
  // Both cells reach (50, 50) at frame 20 (off the field when shifted, as coasting predictions
  // can be); the tracker linked each to the other's tail.
  it.each([0, -100.03])(
    'gives each cell back its own course after a crossing where the tracks swapped (x shifted by %d)',
    (shift) => {
      const moved =
        (at: (f: number) => [number, number]) =>
        (f: number): [number, number] => {
          const [x, y] = at(f);
          return [x + shift, y];
        };
      const [e, s] = [moved(east), moved(south)];
      const swapped: FinishedTrack[] = [
        { id: 1, detections: [], points: path(40, (f) => (f <= 20 ? e(f) : s(f))) },
        { id: 2, detections: [], points: path(40, (f) => (f <= 20 ? s(f) : e(f))) },
      ];
      const [a, b] = repairSwaps(swapped, { encounterPx: 8, courseFrames: 6 });
      expect(a?.points).toEqual(path(40, e));
      expect(b?.points).toEqual(path(40, s));
    },
  );

  it('leaves tracks that keep their courses through an encounter alone', () => {
    const tracks: FinishedTrack[] = [
      { id: 1, detections: [], points: path(40, east) },
      { id: 2, detections: [], points: path(40, south) },
      // Two still heads side by side look the same either way: no swap.
      { id: 3, detections: [], points: path(40, () => [200, 200]) },
      { id: 4, detections: [], points: path(40, () => [204, 200]) },
    ];
    const repaired = repairSwaps(tracks, { encounterPx: 8, courseFrames: 6 });
    repaired.forEach((t, i) => expect(t.points).toEqual(tracks[i]?.points));
  });

  it('follows a cell onto the track an earlier repair moved it to', () => {
    // East and south cross at (50, 50) at frame 20; south then crosses a westward cell at (50, 70)
    // at frame 30. The tracker swapped at both crossings, so the second encounter was found
    // between track 1 (holding south's middle) and track 3; after the first repair south's middle
    // is on track 2, and that is where the second swap must be undone.
    const west = (f: number): [number, number] => [110 - 2 * f, 70];
    const tracked: FinishedTrack[] = [
      {
        id: 1,
        detections: [],
        points: path(45, (f) => (f <= 20 ? east(f) : f <= 30 ? south(f) : west(f))),
      },
      { id: 2, detections: [], points: path(45, (f) => (f <= 20 ? south(f) : east(f))) },
      { id: 3, detections: [], points: path(45, (f) => (f <= 30 ? west(f) : south(f))) },
    ];
    const [a, b, c] = repairSwaps(tracked, { encounterPx: 8, courseFrames: 6 });
    expect(a?.points).toEqual(path(45, east));
    expect(b?.points).toEqual(path(45, south));
    expect(c?.points).toEqual(path(45, west));
  });
});
