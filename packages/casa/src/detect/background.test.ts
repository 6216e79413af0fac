import { describe, expect, it } from 'vitest';
import type { Polarity } from '../settings.js';
import { BackgroundSubtractor } from './background.js';

/** A grey field with seeded noise, bright and dark spots, and a few saturated pixels. */
function frame(width: number, height: number, seed: number): Uint8Array {
  let s = seed;
  const rand = () => (s = (s * 16807) % 2147483647) / 2147483647;
  const data = Uint8Array.from({ length: width * height }, () => 100 + Math.floor(rand() * 12));
  for (let k = 0; k < 40; k++) {
    const cx = Math.floor(rand() * width);
    const cy = Math.floor(rand() * height);
    const amount = (rand() < 0.5 ? -1 : 1) * (20 + Math.floor(rand() * 140));
    for (let y = Math.max(0, cy - 2); y <= Math.min(height - 1, cy + 2); y++) {
      for (let x = Math.max(0, cx - 3); x <= Math.min(width - 1, cx + 3); x++) {
        const i = y * width + x;
        data[i] = Math.max(0, Math.min(255, (data[i] ?? 0) + amount));
      }
    }
  }
  return data;
}

/** The candidates of a subtraction, copied out of the subtractor's reused buffer. */
function candidatesOf(
  data: Uint8Array,
  width: number,
  height: number,
  polarity: Polarity,
  floor: number,
): number[] {
  const subtracted = new BackgroundSubtractor().subtract(data, width, height, 24, polarity, floor);
  return Array.from(subtracted.candidates.subarray(0, subtracted.candidateCount));
}

describe('BackgroundSubtractor candidates', () => {
  // A frame one byte into its buffer cannot be read as words: every pixel is tested on its own,
  // which is the reference for the word-at-a-time test of whole blocks.
  const unaligned = (data: Uint8Array): Uint8Array => {
    const copy = new Uint8Array(data.length + 1).subarray(1);
    copy.set(data);
    return copy;
  };

  for (const polarity of ['bright', 'dark'] as const) {
    for (const [width, height] of [
      [64, 48],
      [64, 50],
    ] as const) {
      it(`lists the same ${polarity} candidates, in raster order, word by word as pixel by pixel (${width}x${height})`, () => {
        for (const floor of [-300, 0, 12, 30, 300]) {
          const data = frame(width, height, 7);
          const fast = candidatesOf(data, width, height, polarity, floor);
          expect(fast).toEqual(candidatesOf(unaligned(data), width, height, polarity, floor));
          expect(fast).toEqual([...fast].sort((a, b) => a - b));
        }
      });
    }
  }

  it('finds a bright spot and nothing in a flat field', () => {
    const data = new Uint8Array(64 * 48).fill(100);
    expect(candidatesOf(data, 64, 48, 'bright', 10)).toEqual([]);
    data[20 * 64 + 30] = 200;
    expect(candidatesOf(data, 64, 48, 'bright', 10)).toEqual([20 * 64 + 30]);
  });
});
