import { describe, expect, it } from 'vitest';
import { maskIoU } from './mask.js';
import { componentAt, maskMorphometry } from './mask-morphometry.js';
import { suggestPoints } from './suggest.js';
import { segmentFromPoints } from './segment.js';
import { syntheticCrop } from './synthetic-crop.js';

const HELD_OUT = [7100, 7101, 7102, 7103, 7104, 7105, 7106, 7107];
const relative = (measured: number, truth: number) => Math.abs(measured - truth) / truth;

describe('mask morphometry', () => {
  it('measures a drawn ellipse: axes, area, ratios', () => {
    const size = 64;
    const mask = new Uint8Array(size * size);
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++)
        if (((x - 32) / 12) ** 2 + ((y - 32) / 6) ** 2 <= 1) mask[y * size + x] = 1;
    const shape = maskMorphometry(mask, size, size, 0.5);
    expect(shape.length_um).toBeCloseTo(12, 0);
    expect(shape.width_um).toBeCloseTo(6, 0);
    expect(relative(shape.area_um2, Math.PI * 6 * 3)).toBeLessThan(0.03);
    expect(shape.elongation).toBeCloseTo(1 / 3, 1);
    expect(shape.regularity).toBeCloseTo(1, 1);
  });

  it('is within 10 % of the true head length, width and area from a one-point mask', () => {
    for (const seed of HELD_OUT) {
      const crop = syntheticCrop(seed);
      const { mask } = segmentFromPoints(crop.image, [
        { x: crop.head.cx, y: crop.head.cy, label: 1 },
      ]);
      const shape = maskMorphometry(mask, crop.image.width, crop.image.height, 1);
      expect(relative(shape.length_um, 2 * crop.head.a), `seed ${seed} length`).toBeLessThan(0.1);
      expect(relative(shape.width_um, 2 * crop.head.b), `seed ${seed} width`).toBeLessThan(0.1);
      expect(
        relative(shape.area_um2, Math.PI * crop.head.a * crop.head.b),
        `seed ${seed} area`,
      ).toBeLessThan(0.1);
    }
  });
});

describe('masks from suggested points', () => {
  it('keep the head: the component under the head point matches the true head (held-out seeds)', () => {
    const scores = HELD_OUT.map((seed) => {
      const crop = syntheticCrop(seed);
      const points = suggestPoints(crop.image, crop.headBox, 5);
      const head = points[0];
      if (head === undefined) throw new Error('no point');
      const { mask } = segmentFromPoints(crop.image, points);
      return maskIoU(componentAt(mask, crop.image.width, crop.image.height, head), crop.headMask);
    });
    expect(scores.reduce((sum, value) => sum + value, 0) / scores.length).toBeGreaterThan(0.8);
  });
});
