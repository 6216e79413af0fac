import { describe, expect, it } from 'vitest';
import { SimdBlockTest } from './block-test.js';

/** Whether block (bx, by) holds a byte at or past its threshold, pixel by pixel. */
function passes(
  data: Uint8Array,
  width: number,
  bx: number,
  by: number,
  t: number,
  bright: boolean,
) {
  for (let y = by * 4; y < by * 4 + 4; y++) {
    for (let x = bx * 4; x < bx * 4 + 4; x++) {
      const v = data[y * width + x] ?? 0;
      if (bright ? v >= t : v <= t) return true;
    }
  }
  return false;
}

describe('SimdBlockTest', () => {
  it('passes exactly the blocks holding a byte at or past their threshold, thresholds out of range too', () => {
    const tester = SimdBlockTest.create();
    expect(tester).not.toBeNull();
    if (tester === null) return;
    const [width, height] = [64, 50];
    const blocksWide = width / 4;
    tester.prepare(width, height);
    let s = 11;
    const rand = () => (s = (s * 16807) % 2147483647) / 2147483647;
    let passed = 0;
    for (let trial = 0; trial < 20; trial++) {
      const data = Uint8Array.from({ length: width * height }, () => Math.floor(rand() * 256));
      // Thresholds from -1 (every byte) to 256 (none), and far outside.
      const threshold = Int32Array.from({ length: blocksWide * 13 }, () => {
        const r = rand();
        return r < 0.05 ? -300 : r < 0.1 ? 300 : Math.floor(rand() * 258) - 1;
      });
      for (const bright of [true, false]) {
        for (let b = 0; b < threshold.length; b++)
          tester.setThreshold(b, threshold[b] ?? 0, bright);
        expect(tester.load(data)).toEqual(data);
        tester.test(bright);
        for (let by = 0; by < 12; by++) {
          for (let bx = 0; bx < blocksWide; bx++) {
            const mask = tester.masks[(by * width) / 16 + (bx >> 2)] ?? 0;
            const got = ((mask >>> (4 * (bx & 3))) & 15) !== 0;
            const t = threshold[by * blocksWide + bx] ?? 0;
            expect(got).toBe(passes(data, width, bx, by, t, bright));
            if (got) passed += 1;
          }
        }
      }
    }
    // Neither all nor none: the test tells blocks apart.
    expect(passed).toBeGreaterThan(2000);
    expect(passed).toBeLessThan(7000);
  });

  it('is used only for whole 16-pixel groups', () => {
    expect(SimdBlockTest.fits(640)).toBe(true);
    expect(SimdBlockTest.fits(644)).toBe(false);
  });
});
