import { describe, expect, it } from 'vitest';
import { resolveSettings } from '../settings.js';
import { HARD_SAMPLE_PARAMS } from '../simulate/params.js';
import type { SimulationParams } from '../simulate/params.js';
import { createSimulation } from '../simulate/simulation.js';
import type { GrayFrame } from '../types.js';
import { PeakHeadDetector } from './peak-heads.js';
import { referencePeakDetections } from './peak-reference.js';
import type { Detection } from './types.js';

/** The fast detections equal the reference's: same heads, boxes and masks, centres within 1e-6 px. */
function expectSameDetections(fast: readonly Detection[], reference: readonly Detection[]): void {
  expect(fast.length).toBe(reference.length);
  fast.forEach((d, k) => {
    const r = reference[k]!;
    expect(Math.abs(d.x - r.x)).toBeLessThan(1e-6);
    expect(Math.abs(d.y - r.y)).toBeLessThan(1e-6);
    expect([d.x1, d.y1, d.x2, d.y2, d.className, d.cellCount]).toEqual([
      r.x1,
      r.y1,
      r.x2,
      r.y2,
      r.className,
      r.cellCount,
    ]);
    expect(Math.abs(d.confidence - r.confidence)).toBeLessThan(1e-6);
    expect(d.angle).toBeCloseTo(r.angle ?? 0, 6);
    expect(d.morphometry?.area_um2).toBeCloseTo(r.morphometry?.area_um2 ?? 0, 6);
    expect(d.morphometry?.length_um).toBeCloseTo(r.morphometry?.length_um ?? 0, 6);
    expect(d.mask).toEqual(r.mask);
  });
}

function framesOf(params: Partial<SimulationParams>, count: number) {
  const sim = createSimulation({ fps: 50, frames: count, ...params });
  return {
    umPerPixel: sim.truth.um_per_pixel,
    frames: Array.from({ length: count }, (_, i) => sim.renderFrame(i)),
  };
}

/** A frame cut to `width` x `height` from its top left (sizes the kernels' layout must handle). */
function cropped(frame: GrayFrame, width: number, height: number): GrayFrame {
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    data.set(frame.data.subarray(y * frame.width, y * frame.width + width), y * width);
  }
  return { ...frame, width, height, data };
}

describe('PeakHeadDetector fast path', () => {
  it.each([
    ['250 dark-halo heads, 0.5 um/px', { ...HARD_SAMPLE_PARAMS, sperm: 250, umPerPixel: 0.5 }],
    [
      '150 hard heads, 0.3 um/px (binned by 2)',
      { ...HARD_SAMPLE_PARAMS, sperm: 150, umPerPixel: 0.3 },
    ],
    ['250 heads, 0.8 um/px', { ...HARD_SAMPLE_PARAMS, sperm: 250, umPerPixel: 0.8 }],
    ['40 bright heads, default imaging', { sperm: 40 }],
    [
      '80 hard heads, 1.5 um/px (discs of radius 1)',
      { ...HARD_SAMPLE_PARAMS, sperm: 80, umPerPixel: 1.5 },
    ],
    ['100 heads, 0.17 um/px (binned by 3)', { sperm: 100, umPerPixel: 0.17 }],
  ] as const)(
    'equals the straightforward reference on %s, with and without WebAssembly',
    (_, params) => {
      const { umPerPixel, frames } = framesOf({ ...params, seed: 4242 }, 3);
      for (const polarity of ['bright', 'dark'] as const) {
        const settings = resolveSettings({ umPerPixel, headFinding: 'peaks', polarity });
        const detectors = [true, false].map(
          (wasm) => new PeakHeadDetector(settings, { masks: true, wasm }),
        );
        for (const frame of frames) {
          const reference = referencePeakDetections(frame, settings, true);
          expect(reference.length).toBeGreaterThan(0);
          for (const detector of detectors) expectSameDetections(detector.detect(frame), reference);
        }
      }
    },
  );

  it('equals the reference on frames of other sizes, one detector for all of them', () => {
    const { umPerPixel, frames } = framesOf({ ...HARD_SAMPLE_PARAMS, sperm: 120, seed: 7 }, 1);
    const settings = resolveSettings({ umPerPixel, headFinding: 'peaks', polarity: 'dark' });
    const detector = new PeakHeadDetector(settings, { masks: true });
    for (const [w, h] of [
      [640, 480],
      [333, 201],
      [17, 9],
      [640, 480],
      [64, 48],
    ] as const) {
      const frame = cropped(frames[0]!, w, h);
      expectSameDetections(detector.detect(frame), referencePeakDetections(frame, settings, true));
    }
  });
});
