import { describe, expect, it } from 'vitest';
import { generateMorphologyCrops, SYNTHETIC_MORPHOLOGY_CLASSES } from './synthetic.js';

describe('generateMorphologyCrops', () => {
  it('gives the same bytes for the same seed and cycles through the classes', () => {
    const a = generateMorphologyCrops({ count: 7, seed: 3, masks: true });
    const b = generateMorphologyCrops({ count: 7, seed: 3, masks: true });
    expect(a).toEqual(b);
    expect(a.map((s) => s.label)).toEqual([0, 1, 2, 3, 4, 0, 1]);
    expect(SYNTHETIC_MORPHOLOGY_CLASSES).toHaveLength(5);
  });

  it('draws crops in the size range with a mask of the cell that is brighter than the rest', () => {
    for (const s of generateMorphologyCrops({ count: 10, seed: 9, size: [30, 50], masks: true })) {
      const { width, height, data } = s.crop;
      for (const side of [width, height]) {
        expect(side).toBeGreaterThanOrEqual(30);
        expect(side).toBeLessThanOrEqual(50);
      }
      expect(s.mask).toHaveLength(width * height);
      let cell = 0;
      let cellSum = 0;
      let backgroundSum = 0;
      data.forEach((v, i) => {
        if (s.mask?.[i] === 1) {
          cell += 1;
          cellSum += v;
        } else backgroundSum += v;
      });
      expect(cell).toBeGreaterThan(10);
      expect(cell).toBeLessThan(data.length / 3);
      expect(cellSum / cell).toBeGreaterThan(backgroundSum / (data.length - cell) + 20);
    }
  });

  it('leaves the mask out unless asked', () => {
    expect(generateMorphologyCrops({ count: 2 }).every((s) => s.mask === undefined)).toBe(true);
  });
});
