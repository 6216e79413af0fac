import { describe, expect, it } from 'vitest';
import { boxMean, robustLevel, smoothed } from './peak-maps.js';

/** The box mean computed pixel by pixel: what the running sums must equal. */
function directBoxMean(src: Float32Array, w: number, h: number, r: number): Float32Array {
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let sum = 0;
      let n = 0;
      for (let yy = Math.max(0, y - r); yy <= Math.min(h - 1, y + r); yy++) {
        for (let xx = Math.max(0, x - r); xx <= Math.min(w - 1, x + r); xx++) {
          sum += src[yy * w + xx]!;
          n++;
        }
      }
      out[y * w + x] = sum / n;
    }
  }
  return out;
}

describe('peak maps', () => {
  const w = 37;
  const h = 23;
  const src = Float32Array.from({ length: w * h }, (_, i) => ((i * 7919) % 101) + (i % w));

  it.each([1, 2, 4, 11, 30, 40])(
    'box mean of radius %i equals the direct mean, edges included',
    (r) => {
      const fast = boxMean(src, w, h, r);
      const direct = directBoxMean(src, w, h, r);
      for (let i = 0; i < fast.length; i++) expect(fast[i]).toBeCloseTo(direct[i]!, 3);
    },
  );

  it('smooths a constant map to itself and spreads a point symmetrically', () => {
    const flat = smoothed(new Float32Array(w * h).fill(5), w, h, 2);
    expect(Math.max(...flat.map((v) => Math.abs(v - 5)))).toBeLessThan(1e-4);
    const point = new Float32Array(w * h);
    point[11 * w + 18] = 1;
    const spread = smoothed(point, w, h, 1);
    expect(spread[11 * w + 18]).toBeGreaterThan(spread[11 * w + 19]!);
    expect(spread[11 * w + 17]).toBeCloseTo(spread[11 * w + 19]!, 6);
    expect(spread[10 * w + 18]).toBeCloseTo(spread[12 * w + 18]!, 6);
  });

  it('selects the same median and deviation as sorting the sample, ties and both parities', () => {
    for (const length of [1, 2, 3, 10, 11, 500, 1001]) {
      const values = Float32Array.from({ length }, (_, i) => ((i * 7919) % 37) / 3 - 5);
      for (const step of [1, 3]) {
        const sample = Float32Array.from(values.filter((_, i) => i % step === 0)).sort();
        const median = sample[sample.length >> 1]!;
        const deviations = sample.map((v) => Math.abs(v - median)).sort();
        expect(robustLevel(values, step)).toEqual({
          median,
          mad: deviations[deviations.length >> 1]!,
        });
      }
    }
  });

  it('gives the median and the median absolute deviation of a sample', () => {
    const values = Float32Array.from([1, 2, 3, 4, 100]);
    expect(robustLevel(values, 1)).toEqual({ median: 3, mad: 1 });
  });
});
