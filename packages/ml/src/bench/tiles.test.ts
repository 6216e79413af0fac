import { describe, expect, it } from 'vitest';
import type { DetectionSample } from '../types.js';
import { cropSample, tileSample } from './tiles.js';

/** A 6x4 frame whose pixel values are their index, with heads centred at (1, 1) and (4, 2.5). */
const sample: DetectionSample = {
  frame: { width: 6, height: 4, data: Uint8Array.from({ length: 24 }, (_, i) => i) },
  boxes: [
    { x1: 0, y1: 0, x2: 2, y2: 2 },
    { x1: 3, y1: 2, x2: 5, y2: 3 },
  ],
};

describe('cropSample', () => {
  it('keeps the region’s pixels and the heads centred in it, shifted', () => {
    const crop = cropSample(sample, { left: 3, top: 1, width: 3, height: 3 });
    expect(Array.from(crop.frame.data)).toEqual([9, 10, 11, 15, 16, 17, 21, 22, 23]);
    expect(crop.boxes).toEqual([{ x1: 0, y1: 1, x2: 2, y2: 2 }]);
  });

  it('refuses a region outside the frame', () => {
    expect(() => cropSample(sample, { left: 4, top: 0, width: 3, height: 2 })).toThrow(RangeError);
  });
});

describe('tileSample', () => {
  it('cuts overlapping tiles a step apart and drops those that do not fit', () => {
    const tiles = tileSample(sample, 4, 2);
    expect(tiles).toHaveLength(2);
    expect(tiles.map((t) => t.boxes.map((b) => b.x1))).toEqual([[0], [1]]);
    expect(tileSample(sample, 3)).toHaveLength(2);
  });
});
