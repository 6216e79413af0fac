import { describe, expect, it } from 'vitest';
import type { Detection } from '../detect/types.js';
import { solveAssignment } from './assignment.js';
import type { FinishedTrack, TrackerOptions } from './tracker.js';
import { Tracker } from './tracker.js';

/** A head of `area` µm² at (x, y) px, its box ±2 px (or `half` px), long axis along `angle`. */
const det = (x: number, y: number, area = 10, half = 2, angle = 0): Detection => ({
  x,
  y,
  x1: x - half,
  y1: y - half,
  x2: x + half,
  y2: y + half,
  confidence: 0.9,
  className: 'sperm',
  cellCount: 1,
  angle,
  morphometry: { area_um2: area, length_um: 4.5, width_um: 3, ellipticity: 1.5, perimeter_um: 12 },
});

function track(
  frames: number,
  detectionsAt: (f: number) => Detection[],
  options?: Partial<TrackerOptions>,
): FinishedTrack[] {
  const tracks: FinishedTrack[] = [];
  const tracker = new Tracker({ gatePx: 8, maxGapFrames: 2, minTrackFrames: 5, ...options }, (t) =>
    tracks.push(t),
  );
  for (let f = 0; f < frames; f++) tracker.push(f, detectionsAt(f));
  tracker.flush();
  return tracks.sort((a, b) => (a.points[0]?.[1] ?? 0) - (b.points[0]?.[1] ?? 0));
}

describe('solveAssignment', () => {
  it('finds the minimum-cost assignment of random rectangular matrices (checked by brute force)', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    /** All injective maps of rows 0..n-1 into columns 0..m-1. */
    const injections = (n: number, m: number, used: number[] = []): number[][] =>
      used.length === n
        ? [used]
        : Array.from({ length: m }, (_, j) => j)
            .filter((j) => !used.includes(j))
            .flatMap((j) => injections(n, m, [...used, j]));
    for (let trial = 0; trial < 60; trial++) {
      const n = 1 + Math.floor(rand() * 5);
      const m = n + Math.floor(rand() * 3);
      const cost = Float64Array.from({ length: n * m }, () => Math.round(rand() * 100));
      const result = solveAssignment(cost, n, m);
      expect(new Set(result).size).toBe(n);
      const total = [...result].reduce((s, j, i) => s + (cost[i * m + j] ?? 0), 0);
      const best = Math.min(
        ...injections(n, m).map((p) => p.reduce((s, j, i) => s + (cost[i * m + j] ?? 0), 0)),
      );
      expect(total).toBe(best);
    }
  });
});

describe('Tracker', () => {
  it('does not move a still head hidden for two frames onto a neighbour beyond its gate', () => {
    // A still head near x = 100, its centre jittering by up to 2 px (a dense bright field), is
    // unseen in frames 30-32 (under a passing cell); another head appears 11 px away in frame 31:
    // within two steps of a moving head's gate, not within a still one's.
    const jitter = (f: number) => ((f * 7) % 5) - 2;
    const tracks = track(60, (f) => [
      ...(f < 30 || f > 32 ? [det(100 + jitter(f), 100 + jitter(f + 2))] : []),
      ...(f >= 31 ? [det(111, 100)] : []),
    ]);
    expect(tracks.map((t) => t.points.every(([, x]) => x <= 102))).toEqual([true, false]);
    expect(tracks.map((t) => t.points.length)).toEqual([57, 29]);
  });

  it('keeps identities of two cells whose paths cross', () => {
    // A moves right along y = 50 with a small wobble; B moves down-left and meets A at frame 20.
    const tracks = track(40, (f) => [det(10 + 2 * f, 50 + (f % 2)), det(60 - 0.5 * f, 10 + 2 * f)]);
    expect(tracks).toHaveLength(2);
    const [a, b] = tracks;
    expect(a?.points).toHaveLength(40);
    expect(b?.points).toHaveLength(40);
    // A stays on its row, B on its steep line.
    expect(a?.points.every(([, , y]) => Math.abs(y - 50) <= 1)).toBe(true);
    expect(b?.points.every(([f, x]) => Math.abs(x - (60 - 0.5 * f)) < 1)).toBe(true);
  });

  it('carries a moving and a still cell through the frames where they form one blob', () => {
    // A swims right at 2 px/frame past B, which stays at (60, 52). While they overlap the detector
    // sees one larger blob between them.
    const tracks = track(50, (f) => {
      const ax = 10 + 2 * f;
      if (Math.abs(ax - 60) >= 6) return [det(ax, 50), det(60, 52)];
      return [det((ax + 60) / 2, 51, 17, 6)];
    });
    expect(tracks).toHaveLength(2);
    const [a, b] = tracks;
    expect(a?.points).toHaveLength(50);
    expect(a?.points.at(-1)?.[1]).toBeCloseTo(108, 0);
    expect(b?.points.every(([, x, y]) => Math.hypot(x - 60, y - 52) < 3)).toBe(true);
  });

  it('does not pull a still head onto a cell passing close by', () => {
    // A beats sideways by ±2 px while passing 4 px from the still head B.
    const tracks = track(50, (f) => [det(10 + 2 * f, 48 + (f % 2 ? 2 : -2)), det(60, 52)]);
    expect(tracks).toHaveLength(2);
    expect(tracks[1]?.points.every(([, x, y]) => Math.hypot(x - 60, y - 52) < 1)).toBe(true);
  });

  it('keeps a still head hidden for longer than the gap limit, but not a moving one', () => {
    const hidden = (f: number) => f >= 10 && f < 16;
    const still = track(30, (f) => (hidden(f) ? [] : [det(60, 52)]));
    expect(still).toHaveLength(1);
    const moving = track(30, (f) => (hidden(f) ? [] : [det(10 + 2 * f, 52)]));
    expect(moving).toHaveLength(2);
  });

  it('does not let a hidden still head jump to a head appearing beside it', () => {
    // B stays at (60, 52) but goes unseen for frames 20 to 25 (under a passing cell); C appears
    // 7 px away at frame 25 and swims off. A still head is where it was, however long it is hidden.
    const tracks = track(40, (f) => [
      ...(f < 20 || f > 25 ? [det(60, 52)] : []),
      ...(f >= 25 ? [det(67 + (f - 25), 52)] : []),
    ]);
    expect(tracks).toHaveLength(2);
    expect(tracks[0]?.points.every(([, x, y]) => Math.hypot(x - 60, y - 52) < 1)).toBe(true);
    expect(tracks[1]?.points[0]?.[0]).toBe(25);
  });

  it('bridges a short gap and drops tracks shorter than the minimum', () => {
    const tracks = track(12, (f) =>
      f === 6 ? [det(200, 200)] : [det(10 + 2 * f, 10), ...(f < 3 ? [det(200, 200)] : [])],
    );
    expect(tracks).toHaveLength(1);
    expect(tracks[0]?.points).toHaveLength(11);
  });
  it('ends a head that leaves the field at its edge, so it cannot take a head entering there', () => {
    // A swims up and out at the top edge after frame 10; B enters there at frame 12, swimming down.
    const at = (f: number) => [
      ...(f <= 10 ? [det(20, 40 - 3 * f)] : []),
      ...(f >= 12 ? [det(20, 8 + 3 * (f - 12))] : []),
    ];
    const field = { width: 100, height: 100, edgePx: 8 };
    const separate = track(25, at, { field });
    expect(separate.map((t) => t.points.length).sort((a, b) => a - b)).toEqual([11, 13]);
    // Without the field, A coasts past the edge and turns back onto B.
    expect(track(25, at)).toHaveLength(1);
  });
});
