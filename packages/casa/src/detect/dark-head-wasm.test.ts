import { describe, expect, it } from 'vitest';
import type { SubtractedFrame } from './background.js';
import { DarkHeadOpening } from './dark-head-map.js';
import { DarkHeadKernels } from './dark-head-wasm.js';

/** A frame of head-positive contrast read from `contrast` (through `contrastInto` when `whole`). */
function frameOf(contrast: Int16Array, whole: boolean): SubtractedFrame {
  return {
    signal: contrast,
    signalAt: (p) => contrast[p] ?? 0,
    sampleHistogram: () => undefined,
    contrastInto: whole ? (out) => out.set(contrast) : undefined,
    candidates: new Int32Array(0),
    candidateCount: 0,
  };
}

/**
 * Contrast of random dark blobs on noise, with runs at the extremes (±255 grey levels, the widest
 * box's sums near the 16-bit limit) and values near the floors.
 */
function randomContrast(width: number, height: number, seed: number): Int16Array {
  let s = seed;
  const rand = () => (s = (s * 16807) % 2147483647) / 2147483647;
  const out = new Int16Array(width * height);
  for (let p = 0; p < out.length; p++) out[p] = Math.round((rand() - 0.5) * 30);
  for (let k = 0; k < 12; k++) {
    const [cx, cy, r] = [rand() * width, rand() * height, 1 + rand() * 6];
    const level = rand() < 0.3 ? 255 * (rand() < 0.5 ? -1 : 1) : Math.round(rand() * 120);
    for (let y = Math.max(0, Math.floor(cy - r)); y < Math.min(height, cy + r); y++) {
      for (let x = Math.max(0, Math.floor(cx - r)); x < Math.min(width, cx + r); x++)
        out[y * width + x] = level;
    }
  }
  return out;
}

describe('DarkHeadKernels', () => {
  it('compiles where WebAssembly SIMD runs', () => {
    expect(DarkHeadKernels.create()).not.toBeNull();
  });

  it('opens the map to the value and lists the same pixels as the JavaScript passes', () => {
    const fast = new DarkHeadOpening();
    const plain = new DarkHeadOpening({ wasm: false });
    let cases = 0;
    for (const [width, height] of [
      [64, 50],
      [40, 30],
      [16, 16],
      [48, 9],
    ] as const) {
      for (const box of [1, 3, 5, 7, 9, 11]) {
        for (const square of [2, 3, 4, 6, 9]) {
          if (square > height) continue;
          const windows = { box, square };
          const contrast = randomContrast(width, height, 7 + box * 31 + square * 101 + width);
          for (const floor of [-300, 0, 3.5, 12, 40, 254.5]) {
            expect(DarkHeadKernels.fits(width, height, windows, floor)).toBe(true);
            const a = fast.open(frameOf(contrast, true), width, height, windows, floor);
            const b = plain.open(frameOf(contrast, false), width, height, windows, floor);
            expect(Array.from(a.signal)).toEqual(Array.from(b.signal));
            expect(a.candidateCount).toBe(b.candidateCount);
            expect(Array.from(a.candidates.subarray(0, a.candidateCount))).toEqual(
              Array.from(b.candidates.subarray(0, b.candidateCount)),
            );
            cases++;
          }
        }
      }
    }
    expect(cases).toBeGreaterThan(600);
  });

  it('leaves frames it does not fit to the JavaScript passes', () => {
    const windows = { box: 3, square: 3 };
    expect(DarkHeadKernels.fits(44, 30, windows, 5)).toBe(false);
    expect(DarkHeadKernels.fits(40, 30, { box: 13, square: 3 }, 5)).toBe(false);
    expect(DarkHeadKernels.fits(40, 30, windows, 40000)).toBe(false);
    expect(DarkHeadKernels.fits(40, 30, windows, NaN)).toBe(false);
  });
});
