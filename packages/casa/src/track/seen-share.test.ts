import { describe, expect, it } from 'vitest';
import { seenShare } from './seen-share.js';
import type { TrackPoint } from './tracker.js';

describe('seenShare', () => {
  it('is the share of frames from first to last point that hold a point', () => {
    const every: TrackPoint[] = [0, 1, 2, 3].map((f) => [f, 0, 0]);
    const glimpses: TrackPoint[] = [0, 4, 8, 12].map((f) => [f, 0, 0]);
    expect(seenShare(every)).toBe(1);
    expect(seenShare(glimpses)).toBeCloseTo(4 / 13);
    expect(seenShare([])).toBe(0);
  });
});
