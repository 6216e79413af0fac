import { describe, expect, it } from 'vitest';
import { cropScore, isolationOf, laplacianVariance, normaliseSharpness } from './crop-quality.js';

const WIDTH = 40;
/** A 40x40 grey image with a bright square at 10..20, hard-edged or ramped over `ramp` pixels. */
function square(ramp: number): Uint8Array {
  const gray = new Uint8Array(WIDTH * WIDTH).fill(50);
  for (let y = 0; y < WIDTH; y++)
    for (let x = 0; x < WIDTH; x++) {
      const inside = Math.min(x - 10, 20 - x, y - 10, 20 - y);
      const t = ramp === 0 ? (inside >= 0 ? 1 : 0) : Math.min(1, Math.max(0, inside / ramp + 0.5));
      gray[y * WIDTH + x] = Math.round(50 + 150 * t);
    }
  return gray;
}
const whole = { x: 0, y: 0, w: WIDTH, h: WIDTH };

describe('laplacianVariance', () => {
  it('is zero on a flat region and larger for hard edges than for soft ones', () => {
    expect(laplacianVariance(new Uint8Array(WIDTH * WIDTH).fill(90), WIDTH, whole)).toBe(0);
    const hard = laplacianVariance(square(0), WIDTH, whole);
    const soft = laplacianVariance(square(6), WIDTH, whole);
    expect(hard).toBeGreaterThan(0);
    expect(soft).toBeLessThan(hard / 4);
  });
  it('reads only the region, and answers 0 for a region without an inner pixel', () => {
    expect(laplacianVariance(square(0), WIDTH, { x: 25, y: 25, w: 10, h: 10 })).toBe(0);
    expect(laplacianVariance(square(0), WIDTH, { x: 10, y: 10, w: 2, h: 2 })).toBe(0);
  });
});

describe('isolationOf', () => {
  const box = { x1: 100, y1: 100, x2: 120, y2: 120 };
  const crop = { x: 92, y: 92, w: 36, h: 36 };
  const at = (dx: number) => ({ x1: 100 + dx, y1: 100, x2: 120 + dx, y2: 120 });

  it('is 1 alone on the frame or three box sizes from the nearest neighbour', () => {
    expect(isolationOf(box, crop, [])).toBe(1);
    expect(isolationOf(box, crop, [at(60)])).toBe(1);
    expect(isolationOf(box, crop, [at(200), at(60)])).toBe(1);
  });
  it('rises from 0 at one box size', () => {
    expect(isolationOf(box, crop, [at(40)])).toBeCloseTo(0.5);
    expect(isolationOf(box, crop, [at(-30), at(200)])).toBeCloseTo(0.25);
  });
  it('stays at most 0.1 when a neighbour reaches into the crop', () => {
    expect(isolationOf(box, crop, [at(10)])).toBe(0);
    // 27 px away (1.35 box sizes) but the neighbour's box starts inside the crop's margin.
    expect(isolationOf(box, crop, [at(27)])).toBeLessThanOrEqual(0.1);
  });
});

describe('normaliseSharpness and cropScore', () => {
  it('scales by the sharpest of the set and blends both halves equally', () => {
    expect(normaliseSharpness([10, 40, 0])).toEqual([0.25, 1, 0]);
    expect(normaliseSharpness([0, 0])).toEqual([0, 0]);
    expect(cropScore(1, 0)).toBe(0.5);
    expect(cropScore(0.5, 1)).toBe(0.75);
  });
});
