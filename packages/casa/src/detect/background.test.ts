import { describe, expect, it } from 'vitest';
import type { Polarity } from '../settings.js';
import { BackgroundSubtractor } from './background.js';
import { WasmKernels } from './wasm-kernels.js';

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
  wasm = true,
): number[] {
  const subtractor = new BackgroundSubtractor({ wasm });
  const subtracted = subtractor.subtract(data, width, height, 24, polarity, floor);
  return Array.from(subtracted.candidates.subarray(0, subtracted.candidateCount));
}

describe('BackgroundSubtractor candidates', () => {
  // A frame one byte into its buffer cannot be read as words: without SIMD every pixel is tested
  // on its own, which is the reference for the tests of whole blocks (SIMD where the width is a
  // multiple of 16, else 32-bit words).
  const unaligned = (data: Uint8Array): Uint8Array => {
    const copy = new Uint8Array(data.length + 1).subarray(1);
    copy.set(data);
    return copy;
  };

  it('tests blocks with WebAssembly SIMD here', () => {
    expect(WasmKernels.create()).not.toBeNull();
  });

  for (const polarity of ['bright', 'dark'] as const) {
    for (const [width, height] of [
      [64, 48],
      [64, 50],
      [68, 50],
    ] as const) {
      it(`lists the same ${polarity} candidates, in raster order, block by block as pixel by pixel (${width}x${height})`, () => {
        for (const floor of [-300, 0, 12, 30, 300]) {
          const data = frame(width, height, 7);
          const wasm = candidatesOf(data, width, height, polarity, floor);
          const reference = candidatesOf(unaligned(data), width, height, polarity, floor, false);
          expect(wasm).toEqual(reference);
          expect(candidatesOf(data, width, height, polarity, floor, false)).toEqual(reference);
          expect(wasm).toEqual([...wasm].sort((a, b) => a - b));
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

describe('BackgroundSubtractor signal', () => {
  for (const polarity of ['bright', 'dark'] as const) {
    it(`holds each ${polarity} pixel's contrast, or a value below the floor where the contrast is`, () => {
      const [width, height, floor] = [64, 48, 12];
      const subtractor = new BackgroundSubtractor();
      // Spots move between frames, so blocks filled in one frame hold no candidate in the next.
      for (let seed = 1; seed <= 6; seed++) {
        const s = subtractor.subtract(
          frame(width, height, seed),
          width,
          height,
          24,
          polarity,
          floor,
        );
        let filled = 0;
        for (let p = 0; p < width * height; p++) {
          const signal = s.signal[p] ?? 0;
          if (signal === s.signalAt(p)) filled += 1;
          else {
            expect(signal).toBeLessThan(floor);
            expect(s.signalAt(p)).toBeLessThan(floor);
          }
        }
        const candidates = Array.from(s.candidates.subarray(0, s.candidateCount));
        expect(candidates.length).toBeGreaterThan(0);
        for (const p of candidates) expect(s.signal[p]).toBe(s.signalAt(p));
        expect(filled).toBeGreaterThanOrEqual(candidates.length);
      }
    });
  }
});

describe('BackgroundSubtractor background', () => {
  /**
   * A field of 100 with a dark particle of radius 12 px (contrast -70) at (60, 50), under a
   * background window of 40 px: about the sizes of the largest particles of the hard samples
   * (radius 4 µm) and the default window (12 µm).
   */
  function fieldWithDarkParticle(): Uint8Array {
    const data = new Uint8Array(128 * 96).fill(100);
    for (let y = 0; y < 96; y++) {
      for (let x = 0; x < 128; x++) {
        if (Math.hypot(x - 60, y - 50) <= 12) data[y * 128 + x] = 30;
      }
    }
    return data;
  }
  const subtract = (data: Uint8Array) =>
    new BackgroundSubtractor().subtract(data, 128, 96, 40, 'bright', 12);

  it('keeps a dark particle from lowering the background until the field beside it passes for heads', () => {
    // A plain box mean lowers the background beside the particle by about 16 grey levels.
    expect(subtract(fieldWithDarkParticle()).candidateCount).toBe(0);
  });

  it('still finds a head beside the particle, at nearly its contrast', () => {
    const data = fieldWithDarkParticle();
    const head = 50 * 128 + 80;
    data[head] = 140;
    const subtracted = subtract(data);
    expect(Array.from(subtracted.candidates.subarray(0, subtracted.candidateCount))).toEqual([
      head,
    ]);
    expect(subtracted.signalAt(head)).toBeGreaterThanOrEqual(40);
    expect(subtracted.signalAt(head)).toBeLessThanOrEqual(45);
  });
});

describe('BackgroundSubtractor in WebAssembly', () => {
  for (const polarity of ['bright', 'dark'] as const) {
    it(`gives JavaScript's ${polarity} background, candidates, signal and noise histogram, frame after frame`, () => {
      const [width, height] = [64, 50];
      // Limited-range luma read as stored: grey levels through a table.
      const levels = Uint8Array.from({ length: 256 }, (_, v) =>
        Math.max(0, Math.min(255, Math.round(((v - 16) * 255) / 219))),
      );
      const inWasm = new BackgroundSubtractor();
      const inJs = new BackgroundSubtractor({ wasm: false });
      const histograms = [new Uint32Array(1024), new Uint32Array(1024)] as const;
      // Twelve frames: the background is re-estimated every few, from the last estimate, and the
      // floor changes (new thresholds without a new estimate).
      for (let seed = 1; seed <= 12; seed++) {
        const data = frame(width, height, seed);
        const floor = seed % 5 === 0 ? 7 : 12;
        const a = inWasm.subtract(data, width, height, 24, polarity, floor, levels);
        const candidates = Array.from(a.candidates.subarray(0, a.candidateCount));
        const signal = candidates.map((p) => a.signal[p]);
        const everywhere = Array.from({ length: width * height }, (_, p) => a.signalAt(p));
        a.sampleHistogram(histograms[0], 1, true);
        const b = inJs.subtract(data, width, height, 24, polarity, floor, levels);
        expect(candidates).toEqual(Array.from(b.candidates.subarray(0, b.candidateCount)));
        expect(candidates.length).toBeGreaterThan(0);
        expect(signal).toEqual(candidates.map((p) => b.signal[p]));
        expect(everywhere).toEqual(Array.from({ length: width * height }, (_, p) => b.signalAt(p)));
        const contrasts = [new Int16Array(width * height), new Int16Array(width * height)];
        a.contrastInto?.(contrasts[0]!);
        b.contrastInto?.(contrasts[1]!);
        // What signalAt gives, stored in 16 bits (where -0 is 0).
        expect(contrasts[0]).toEqual(Int16Array.from(everywhere));
        expect(contrasts[1]).toEqual(Int16Array.from(everywhere));
        b.sampleHistogram(histograms[1], 1, true);
        expect(histograms[0]).toEqual(histograms[1]);
      }
    });
  }
});

describe('BackgroundSubtractor contrast of every pixel', () => {
  for (const polarity of ['bright', 'dark'] as const) {
    it(`gives the ${polarity} contrast signalAt gives, in WebAssembly and JavaScript, on grey frames`, () => {
      const [width, height] = [48, 38];
      const inWasm = new BackgroundSubtractor();
      const inJs = new BackgroundSubtractor({ wasm: false });
      for (let seed = 1; seed <= 6; seed++) {
        const data = frame(width, height, seed);
        for (const subtractor of [inWasm, inJs]) {
          const subtracted = subtractor.subtract(data, width, height, 24, polarity, 9);
          const contrast = new Int16Array(width * height);
          subtracted.contrastInto?.(contrast);
          const expected = Int16Array.from({ length: width * height }, (_, p) =>
            subtracted.signalAt(p),
          );
          expect(contrast).toEqual(expected);
        }
      }
    });
  }
});

describe('BackgroundSubtractor on coded luma with grey levels', () => {
  /** Limited-range luma (16..235) stretched onto 0..255, rounded: non-decreasing, not one-to-one. */
  const levels = Uint8Array.from({ length: 256 }, (_, v) =>
    Math.max(0, Math.min(255, Math.round(((v - 16) * 255) / 219))),
  );
  const toGrey = (luma: Uint8Array) => luma.map((v) => levels[v] ?? 0);

  for (const polarity of ['bright', 'dark'] as const) {
    it(`gives the grey frame's ${polarity} candidates and signal without converting it`, () => {
      const [width, height] = [64, 48];
      const onLuma = new BackgroundSubtractor();
      const onGrey = new BackgroundSubtractor();
      const histograms = [new Uint32Array(1024), new Uint32Array(1024)] as const;
      // Ten frames: the background is re-estimated from the last estimate every few frames.
      for (let seed = 1; seed <= 10; seed++) {
        const luma = frame(width, height, seed);
        for (const floor of [0, 9, 25]) {
          const a = onLuma.subtract(luma, width, height, 24, polarity, floor, levels);
          const candidates = Array.from(a.candidates.subarray(0, a.candidateCount));
          const signal = candidates.map((p) => a.signal[p]);
          const everywhere = Array.from({ length: width * height }, (_, p) => a.signalAt(p));
          a.sampleHistogram(histograms[0], 2);
          const b = onGrey.subtract(toGrey(luma), width, height, 24, polarity, floor);
          expect(candidates).toEqual(Array.from(b.candidates.subarray(0, b.candidateCount)));
          expect(candidates.length).toBeGreaterThan(0);
          expect(signal).toEqual(candidates.map((p) => b.signal[p]));
          expect(everywhere).toEqual(
            Array.from({ length: width * height }, (_, p) => b.signalAt(p)),
          );
          b.sampleHistogram(histograms[1], 2);
          expect(histograms[0]).toEqual(histograms[1]);
        }
      }
    });
  }
});
