import { describe, expect, it } from 'vitest';
import type { Detection } from '../detect/types.js';
import { solveAssignment } from './assignment.js';
import type { FinishedTrack } from './tracker.js';
import { Tracker } from './tracker.js';

const det = (x: number, y: number): Detection => ({
  x,
  y,
  x1: x - 2,
  y1: y - 2,
  x2: x + 2,
  y2: y + 2,
  confidence: 0.9,
  className: 'sperm',
  cellCount: 1,
  morphometry: { area_um2: 10, length_um: 4.5, width_um: 3, ellipticity: 1.5, perimeter_um: 12 },
});

describe('solveAssignment', () => {
  it('finds the minimum-cost assignment (checked against brute force)', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const permutations = (items: number[]): number[][] =>
      items.length <= 1
        ? [items]
        : items.flatMap((x, i) =>
            permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((p) => [x, ...p]),
          );
    for (let trial = 0; trial < 20; trial++) {
      const n = 4;
      const cost = Float64Array.from({ length: n * n }, () => Math.round(rand() * 100));
      const result = solveAssignment(cost, n, n);
      const total = [...result].reduce((s, j, i) => s + (cost[i * n + j] ?? 0), 0);
      const best = Math.min(
        ...permutations([0, 1, 2, 3]).map((p) =>
          p.reduce((s, j, i) => s + (cost[i * n + j] ?? 0), 0),
        ),
      );
      expect(total).toBe(best);
    }
  });
});

describe('Tracker', () => {
  it('keeps identities of two cells whose paths cross', () => {
    const tracks: FinishedTrack[] = [];
    const tracker = new Tracker({ gatePx: 8, maxGapFrames: 2, minTrackFrames: 5 }, (t) =>
      tracks.push(t),
    );
    for (let f = 0; f < 40; f++) {
      // A moves right along y = 50 + small wobble; B moves down-left and crosses A at frame 20.
      tracker.push(f, [det(10 + 2 * f, 50 + (f % 2)), det(50 + 0.5 * (40 - f) - 10, 10 + 2 * f)]);
    }
    tracker.flush();
    expect(tracks).toHaveLength(2);
    for (const t of tracks) {
      expect(t.points).toHaveLength(40);
      const dx = (t.points[39]?.[1] ?? 0) - (t.points[0]?.[1] ?? 0);
      const dy = (t.points[39]?.[2] ?? 0) - (t.points[0]?.[2] ?? 0);
      // Each track keeps its own direction through the crossing.
      expect(Math.abs(dx) > Math.abs(dy) ? Math.abs(dy) < 5 : Math.abs(dx) < 25).toBe(true);
    }
  });

  it('bridges a short gap and drops tracks shorter than the minimum', () => {
    const tracks: FinishedTrack[] = [];
    const tracker = new Tracker({ gatePx: 8, maxGapFrames: 2, minTrackFrames: 5 }, (t) =>
      tracks.push(t),
    );
    for (let f = 0; f < 12; f++)
      tracker.push(
        f,
        f === 6 ? [det(200, 200)] : [det(10 + 2 * f, 10), ...(f < 3 ? [det(200, 200)] : [])],
      );
    tracker.flush();
    expect(tracks).toHaveLength(1);
    expect(tracks[0]?.points).toHaveLength(11);
  });
});
