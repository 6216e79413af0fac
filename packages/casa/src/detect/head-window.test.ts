import { describe, expect, it } from 'vitest';
import { lowThresholdScale, peakBoxSide, windowSignificant } from './head-window.js';

/** A 12 x 12 signal map with the given pixels set: [x, y, value]. */
function map(pixels: readonly [number, number, number][]): (pixel: number) => number {
  const signal = new Float64Array(144);
  for (const [x, y, v] of pixels) signal[y * 12 + x] = v;
  return (p) => signal[p] ?? 0;
}

describe('peak significance', () => {
  it('lowers the growing threshold only where a head is under 3 pixels wide', () => {
    expect(lowThresholdScale(0.3)).toBe(1);
    expect(lowThresholdScale(1)).toBe(1);
    expect(lowThresholdScale(1.2)).toBeCloseTo(2.5 / 3, 6);
    expect(lowThresholdScale(1.5)).toBeCloseTo(2 / 3, 6);
  });

  it('keeps the centred box of about 2 µm finer than 1 µm per pixel', () => {
    expect(peakBoxSide(0.5)).toBe(5);
    expect(peakBoxSide(1)).toBe(3);
    // A 3 x 3 mean must reach threshold / 3: nine pixels of 0.34 pass, of 0.32 fail.
    const square = (v: number) =>
      map([5, 6, 7].flatMap((y) => [5, 6, 7].map((x): [number, number, number] => [x, y, v])));
    expect(windowSignificant(square(0.34), 6 * 12 + 6, 12, 12, 1, 1)).toBe(true);
    expect(windowSignificant(square(0.32), 6 * 12 + 6, 12, 12, 1, 1)).toBe(false);
  });

  it('sums a head-sized window that holds the peak when pixels are coarse', () => {
    // 1.5 µm/px: a head 2 pixels wide, 3 long, its peak at the window's corner. Six pixels of 0.42
    // sum to 2.52 >= √6 (2.45); the 2 x 2 window alone sums 1.68 < 2.
    const head = (v: number) =>
      map([
        [4, 4, v],
        [5, 4, v],
        [4, 5, v],
        [5, 5, v],
        [4, 6, v],
        [5, 6, v],
      ]);
    expect(windowSignificant(head(0.42), 4 * 12 + 4, 12, 12, 1.5, 1)).toBe(true);
    expect(windowSignificant(head(0.38), 4 * 12 + 4, 12, 12, 1.5, 1)).toBe(false);
    // A lone bright pixel is not a head, however bright within reason.
    expect(windowSignificant(map([[4, 4, 1.9]]), 4 * 12 + 4, 12, 12, 1.5, 1)).toBe(false);
    // At the frame's corner only the windows inside the frame count.
    const corner = map([
      [0, 0, 0.6],
      [1, 0, 0.6],
      [0, 1, 0.6],
      [1, 1, 0.6],
    ]);
    expect(windowSignificant(corner, 0, 12, 12, 1.5, 1)).toBe(true);
  });
});
