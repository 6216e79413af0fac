import { describe, expect, it } from 'vitest';
import { BackgroundSubtractor } from './background.js';
import type { ContrastSource } from './head-window.js';
import {
  lowThresholdScale,
  patchFromSignalAt,
  peakBoxSide,
  windowSignificant,
} from './head-window.js';

/** A 12 x 12 signal map with the given pixels set: [x, y, value]. */
function map(pixels: readonly [number, number, number][]): ContrastSource {
  const signal = new Float64Array(144);
  for (const [x, y, v] of pixels) signal[y * 12 + x] = v;
  return { signalAt: (p) => signal[p] ?? 0 };
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

describe('the window test on a subtracted frame', () => {
  /** A seeded grey field with bright and dark specks of a few pixels, 48 x 40. */
  function field(seed: number): Uint8Array {
    let s = seed;
    const rand = () => (s = (s * 16807) % 2147483647) / 2147483647;
    const data = Uint8Array.from({ length: 48 * 40 }, () => 100 + Math.floor(rand() * 16));
    for (let k = 0; k < 30; k++) {
      const p = Math.floor(rand() * data.length);
      const amount = (rand() < 0.5 ? -1 : 1) * Math.floor(rand() * 60);
      for (const q of [p, p + 1, p + 48]) {
        if (q < data.length) data[q] = Math.max(0, Math.min(255, (data[q] ?? 0) + amount));
      }
    }
    return data;
  }

  for (const polarity of ['bright', 'dark'] as const) {
    for (const wasm of [true, false]) {
      it(`reads the same ${polarity} patches and passes the same peaks as from signalAt alone (${wasm ? 'WebAssembly' : 'JavaScript'})`, () => {
        const [width, height] = [48, 40];
        const subtracted = new BackgroundSubtractor({ wasm }).subtract(
          field(3),
          width,
          height,
          20,
          polarity,
          10,
        );
        const { contrastPatch, signalAt } = subtracted;
        expect(contrastPatch).toBeDefined();
        const slow = new Float64Array(81);
        let [passed, differing] = [0, 0];
        for (let p = 0; p < width * height; p++) {
          for (const half of [1, 2, 4]) {
            const fast = contrastPatch?.(p, half) ?? new Float64Array(0);
            patchFromSignalAt(signalAt, p, half, width, height, slow);
            for (let i = 0; i < (2 * half + 1) ** 2; i++) {
              if (!Object.is(fast[i], slow[i])) differing += 1;
            }
          }
          for (const umPerPixel of [0.25, 0.5, 1, 1.5]) {
            for (const threshold of [5, 15, 40]) {
              const a = windowSignificant(subtracted, p, width, height, umPerPixel, threshold);
              const b = windowSignificant({ signalAt }, p, width, height, umPerPixel, threshold);
              if (a !== b) differing += 1;
              if (a) passed += 1;
            }
          }
        }
        expect(differing).toBe(0);
        expect(passed).toBeGreaterThan(100);
      });
    }
  }
});
