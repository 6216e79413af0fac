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

  it('fills the signal as the doubles give it, backgrounds near integers and near 0 too', () => {
    const kernels = WasmKernels.create();
    expect(kernels).not.toBeNull();
    if (kernels === null) return;
    const [width, height] = [64, 50];
    const blocks = (width / 4) * Math.ceil(height / 4);
    kernels.prepare(width, height);
    kernels.setLevels(IDENTITY, AT_LEAST);
    let s = 5;
    const rand = () => (s = (s * 16807) % 2147483647) / 2147483647;
    // Integers, halves, floats just off an integer, and residues near 0 (filled in doubles).
    const special = [0, 7, -3.5, 1 - 2 ** -24, 100 + 2 ** -16, 2 ** -29, -(2 ** -31), 1e-40, 1e-20];
    const [active, stale] = kernels.blockLists;
    for (let b = 0; b < blocks; b++) active[b] = b;
    for (let trial = 0; trial < 8; trial++) {
      const data = kernels.load(
        Uint8Array.from({ length: width * height }, () => Math.floor(rand() * 256)),
      );
      kernels.background.forEach((_, b) => {
        const r = rand();
        kernels.background[b] =
          r < 0.4 ? (special[b % special.length] ?? 0) * (rand() < 0.5 ? -1 : 1) : rand() * 300;
      });
      for (const bright of [true, false]) {
        kernels.fill(active, blocks, stale, 0, 2 * trial + (bright ? 1 : 2), bright);
        const sign = bright ? 1 : -1;
        const expected = Int16Array.from({ length: width * height }, (_, p) => {
          const x = p % width;
          const block = Math.floor(p / width / 4) * (width / 4) + Math.floor(x / 4);
          return sign * (data[p] ?? 0) - sign * (kernels.background[block] ?? 0);
        });
        expect(kernels.signal).toEqual(expected);
      }
    }
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
