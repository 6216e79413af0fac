import { afterEach, describe, expect, it, vi } from 'vitest';
import { WasmKernels } from './wasm-kernels.js';

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

/** Identity grey levels, and their inverse: the smallest byte reaching t is t, clamped to 0..256. */
const IDENTITY = Uint8Array.from({ length: 256 }, (_, v) => v);
const AT_LEAST = Int16Array.from({ length: 258 }, (_, i) => Math.max(0, Math.min(256, i - 1)));

describe('WasmKernels', () => {
  it('passes exactly the blocks holding a byte at or past their threshold, thresholds out of range too', () => {
    const kernels = WasmKernels.create();
    expect(kernels).not.toBeNull();
    if (kernels === null) return;
    const [width, height] = [64, 50];
    const blocksWide = width / 4;
    kernels.prepare(width, height);
    kernels.setLevels(IDENTITY, AT_LEAST);
    let s = 11;
    const rand = () => (s = (s * 16807) % 2147483647) / 2147483647;
    let passed = 0;
    for (let trial = 0; trial < 20; trial++) {
      const data = Uint8Array.from({ length: width * height }, () => Math.floor(rand() * 256));
      // Backgrounds giving thresholds below 0 (every byte) to above 255 (none).
      kernels.background.forEach((_, b) => {
        const r = rand();
        kernels.background[b] = r < 0.05 ? -300 : r < 0.1 ? 560 : rand() * 258 - 1.5;
      });
      for (const bright of [true, false]) {
        kernels.thresholds(0, bright);
        expect(kernels.load(data)).toEqual(data);
        kernels.test(bright);
        for (let by = 0; by < 12; by++) {
          for (let bx = 0; bx < blocksWide; bx++) {
            const mask = kernels.masks[(by * width) / 16 + (bx >> 2)] ?? 0;
            const got = ((mask >>> (4 * (bx & 3))) & 15) !== 0;
            const t = kernels.threshold[by * blocksWide + bx] ?? 0;
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

  it('works on whole 16-pixel groups only', () => {
    expect(WasmKernels.fits(640)).toBe(true);
    expect(WasmKernels.fits(644)).toBe(false);
  });

  describe('where compiling WebAssembly is forbidden (a content security policy)', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.resetModules();
    });

    it('answers no kernels, so the detector works in JavaScript instead of finding nothing', async () => {
      vi.resetModules();
      vi.stubGlobal('WebAssembly', {
        validate: () => true,
        Module: class {
          constructor() {
            throw new Error('Refused to compile or instantiate WebAssembly module');
          }
        },
        Instance: (globalThis as unknown as { WebAssembly: { Instance: unknown } }).WebAssembly
          .Instance,
      });
      const fresh = await import('./wasm-kernels.js');
      expect(fresh.WasmKernels.create()).toBeNull();
    });
  });
});
