import { describe, expect, it } from 'vitest';
import { dropSatellites } from './satellites.js';
import { lineTrack as track } from './test-tracks.js';

const OPTIONS = { radiusPx: 12, minSharedShare: 0.8, maxHeadShare: 1.5 };
const ids = (tracks: readonly { id: number }[]) => tracks.map((t) => t.id);

describe('dropSatellites', () => {
  it('drops a smaller blob moving with a head a head’s length behind it: a piece of its tail', () => {
    const tracks = [
      // A head swimming 2 px a frame, and a bend of its tail 9 px behind it for 40 frames.
      track(1, 0, 99, 100, 100, 2, 0, 12),
      track(2, 30, 69, 100 + 2 * 30 - 9, 100, 2, 0, 8),
      // Still heads elsewhere.
      track(3, 0, 99, 300, 300, 0, 0, 12),
      track(4, 0, 99, 400, 300, 0, 0, 13),
    ];
    expect(ids(dropSatellites(tracks, OPTIONS))).toEqual([1, 3, 4]);
  });

  it('keeps heads that only pass each other, lie apart, or sit beside a particle of debris', () => {
    const tracks = [
      // Two heads crossing: near each other for a few of their frames only.
      track(1, 0, 99, 100, 100, 2, 0, 12),
      track(2, 0, 99, 300, 110, -2, 0, 11),
      // Two still heads 15 px apart.
      track(3, 0, 99, 100, 300, 0, 0, 12),
      track(4, 0, 99, 115, 300, 0, 0, 10),
      // A head beside a round particle of debris twice a head's size.
      track(5, 0, 99, 400, 300, 0, 0, 11),
      track(6, 0, 99, 408, 300, 0, 0, 25),
      track(7, 0, 99, 500, 400, 0, 0, 12),
    ];
    expect(ids(dropSatellites(tracks, OPTIONS))).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
