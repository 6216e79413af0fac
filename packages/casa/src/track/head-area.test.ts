import { describe, expect, it } from 'vitest';
import { dropSmallHeads, typicalHeadArea } from './head-area.js';
import { lineTrack as track, spans } from './test-tracks.js';

describe('typicalHeadArea', () => {
  it('is the median of the tracks’ head areas, each weighing its points', () => {
    // One head followed for 100 frames outweighs two glimpses of something smaller.
    const tracks = [
      track(1, 0, 99, 10, 10, 0, 0, 12),
      track(2, 0, 9, 50, 50, 0, 0, 5),
      track(3, 0, 9, 90, 90, 0, 0, 6),
    ];
    expect(typicalHeadArea(tracks)).toBe(12);
    expect(typicalHeadArea([])).toBe(0);
  });
});

describe('dropSmallHeads', () => {
  it('drops tracks whose head stays far smaller than the recording’s typical head', () => {
    const tracks = [
      track(1, 0, 99, 10, 10, 0, 0, 12),
      track(2, 0, 99, 30, 30, 0, 0, 13),
      track(3, 0, 99, 40, 40, 0, 0, 12.5),
      track(4, 0, 49, 50, 50, 0, 0, 8), // two thirds of a head: kept
      track(5, 0, 49, 70, 70, 0, 0, 6), // half a head, a midpiece or a speck: dropped
    ];
    expect(typicalHeadArea(tracks)).toBe(12);
    expect(spans(dropSmallHeads(tracks, 0.6)).map(([id]) => id)).toEqual([1, 2, 3, 4]);
  });
});
