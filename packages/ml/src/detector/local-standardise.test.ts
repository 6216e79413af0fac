import { describe, expect, it } from 'vitest';
import { paddedSize } from './encode.js';
import {
  LOCAL_MIN_DEVIATION,
  LOCAL_WINDOW_RADIUS,
  localStandardiseInto,
} from './local-standardise.js';

/** The straightforward version: each pixel's clipped window summed pixel by pixel. */
function bruteForce(image: Uint8Array, width: number, height: number, x: number, y: number) {
  const r = LOCAL_WINDOW_RADIUS;
  let sum = 0;
  let sumSquares = 0;
  let count = 0;
  for (let yy = Math.max(0, y - r); yy <= Math.min(height - 1, y + r); yy++) {
    for (let xx = Math.max(0, x - r); xx <= Math.min(width - 1, x + r); xx++) {
      const v = image[yy * width + xx] ?? 0;
      sum += v;
      sumSquares += v * v;
      count += 1;
    }
  }
  const mean = sum / count;
  const deviation = Math.sqrt(Math.max(sumSquares / count - mean * mean, 0));
  return ((image[y * width + x] ?? 0) - mean) / Math.max(deviation, LOCAL_MIN_DEVIATION);
}

/** Pixels `value(r, i)` of a seeded linear congruential sequence r, one draw per pixel i. */
function textured(
  count: number,
  seed: number,
  value: (r: number, i: number) => number,
): Uint8Array {
  const image = new Uint8Array(count);
  let state = seed;
  for (let i = 0; i < count; i++) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    image[i] = value(state, i);
  }
  return image;
}

describe('localStandardiseInto', () => {
  it('answers each pixel minus its window mean over its window deviation, clipped at the edges', () => {
    const width = 45;
    const height = 38;
    // A bright left part and a dark right one, as a field stop makes.
    const image = textured(width * height, 7, (r, i) => (r % 60) + (i % width < 20 ? 150 : 10));
    const stride = 4;
    const out = new Float32Array(paddedSize(width, stride) * paddedSize(height, stride));
    localStandardiseInto(image, width, height, out, 0, stride);
    const pw = paddedSize(width, stride);
    for (const [x, y] of [
      [0, 0],
      [44, 37],
      [19, 10],
      [20, 30],
      [30, 5],
    ] as const) {
      expect(out[y * pw + x]).toBeCloseTo(bruteForce(image, width, height, x, y), 4);
    }
    // The padding columns stay zero.
    expect(out[pw - 1]).toBe(0);
  });

  it('stays within float tolerance of the plain sums on a bright full-size frame', () => {
    const width = 640;
    const height = 480;
    // Bright with a faint texture: large squares and small deviations, where running sums of
    // raw squares would lose ~1e-3.
    const image = textured(
      width * height,
      11,
      (r, i) => 200 + (r % 13) + (i % width > 400 ? 40 : 0),
    );
    const out = new Float32Array(width * height);
    localStandardiseInto(image, width, height, out, 0, 4);
    for (const [x, y] of [
      [0, 0],
      [639, 479],
      [320, 240],
      [401, 470],
      [600, 20],
    ] as const) {
      expect(out[y * width + x]).toBeCloseTo(bruteForce(image, width, height, x, y), 4);
    }
  });

  it('divides a flat field by the smallest deviation, not by its near-zero spread', () => {
    const width = 40;
    const height = 40;
    const image = new Uint8Array(width * height).fill(30);
    image[20 * width + 20] = 50;
    const out = new Float32Array(width * height);
    localStandardiseInto(image, width, height, out, 0, 4);
    const windowPixels = (2 * LOCAL_WINDOW_RADIUS + 1) ** 2;
    const deviation = Math.sqrt((400 / windowPixels) * (1 - 1 / windowPixels));
    expect(deviation).toBeLessThan(LOCAL_MIN_DEVIATION);
    expect(out[20 * width + 20]).toBeCloseTo((20 - 20 / windowPixels) / LOCAL_MIN_DEVIATION, 4);
  });
});
