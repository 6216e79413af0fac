import { describe, expect, it } from 'vitest';
import { scanCandidates } from './peak-local.js';
import { boxMean } from './peak-maps.js';
import { LEVEL_SAMPLE_STEP } from './peak-params.js';
import { PeakWasm, float32AtLeast } from './peak-wasm.js';

const SIZES = [
  [160, 121],
  [37, 23],
  [17, 9],
  [5, 3],
  [1, 1],
  [16, 2],
] as const;

function kernelsFor(width: number, height: number) {
  const wasm = PeakWasm.create();
  expect(wasm).not.toBeNull();
  const maps = wasm!.prepare(width, height, Math.ceil((width * height) / LEVEL_SAMPLE_STEP));
  return { wasm: wasm!, maps };
}

/** Values with few distinct levels (ties everywhere) and fractions that round. */
function valuesOf(n: number, seed: number): Float32Array {
  return Float32Array.from(
    { length: n },
    (_, i) => ((i * 7919 + seed) % 13) + ((i * seed) % 7) / 3,
  );
}

describe('PeakWasm', () => {
  it.each(SIZES)('box means of %i x %i equal the JavaScript ones bit for bit', (w, h) => {
    const { wasm, maps } = kernelsFor(w, h);
    const src = valuesOf(w * h, 5);
    const n = Math.ceil((w * h) / LEVEL_SAMPLE_STEP);
    for (const r of [1, 2, 8, 30]) {
      const js = boxMean(src, w, h, r);
      maps.grey.set(src);
      wasm.boxMean('grey', 'a', r, { sample: 'difference' });
      expect(Array.from(maps.a)).toEqual(Array.from(js));
      const differences = Array.from({ length: n }, (_, k) =>
        Math.fround(src[k * LEVEL_SAMPLE_STEP]! - js[k * LEVEL_SAMPLE_STEP]!),
      );
      expect(Array.from(maps.sample.subarray(0, n))).toEqual(differences);
      wasm.boxMean('a', 'b', r, { sample: 'mean' });
      const again = boxMean(js, w, h, r);
      expect(Array.from(maps.b)).toEqual(Array.from(again));
      expect(Array.from(maps.sample.subarray(0, n))).toEqual(
        Array.from({ length: n }, (_, k) => again[k * LEVEL_SAMPLE_STEP]!),
      );
      wasm.boxMean('grey', 'grey', r, { subtractSign: -1 });
      expect(Array.from(maps.grey)).toEqual(Array.from(src, (v, i) => Math.fround(-(v - js[i]!))));
    }
  });

  it.each(SIZES)('loads the bytes of a %i x %i frame as grey levels', (w, h) => {
    const { wasm, maps } = kernelsFor(w, h);
    const data = Uint8Array.from({ length: w * h }, (_, i) => (i * 7919 + 13) % 256);
    wasm.loadBytes(data);
    expect(Array.from(maps.grey)).toEqual(Array.from(data));
  });

  it.each(SIZES)('scans a %i x %i map for the candidates the JavaScript scan lists', (w, h) => {
    const { wasm, maps } = kernelsFor(w, h);
    maps.a.set(valuesOf(w * h, 11));
    const contrast = { map: maps.a, bin: 1, width: w, height: h, median: 0, sigma: 1 };
    // Thresholds at a level, just off it either way, between Float32 values, and none passing.
    for (const threshold of [0, 4, 4 + 1e-9, 4 - 1e-9, 17 / 3, 100, -Infinity]) {
      for (const step of [1, 2]) {
        const js = scanCandidates(contrast, step, threshold);
        const fast = wasm.scan(step, threshold);
        expect(fast.count).toBe(js.count);
        expect(Array.from(fast.list.subarray(0, fast.count))).toEqual(Array.from(js.list));
      }
    }
  });

  it('rounds a threshold up to the smallest Float32 reaching it', () => {
    for (const v of [0, 1, 1 / 3, -1 / 3, 1e-50, -1e-50, 255.1, -7.7, Infinity, -Infinity]) {
      const t = float32AtLeast(v);
      expect(t).toBe(Math.fround(t));
      expect(t).toBeGreaterThanOrEqual(v);
      // The Float32 just below it is below the value.
      const below = new Float32Array([t]);
      const bits = new Int32Array(below.buffer);
      if (Number.isFinite(t) && t !== 0) {
        bits[0]! += t > 0 ? -1 : 1;
        expect(below[0]).toBeLessThan(v);
      }
    }
  });
});
