import { describe, expect, it } from 'vitest';
import { resolveSettings } from '../settings.js';
import { frameIndex } from '../types.js';
import { DEFAULT_SIMULATION_PARAMS, HARD_SAMPLE_PARAMS } from '../simulate/params.js';
import type { SimulationParams } from '../simulate/params.js';
import { createSimulation } from '../simulate/simulation.js';
import { createHeadDetector } from './head-detector.js';
import { PeakHeadDetector } from './peak-heads.js';
import { scoreOnSimulation } from '../bench/simulated-heads.js';

/** Precision and recall of the peak finder against the simulator's heads, within 3 µm. */
async function scoreOn(params: Partial<SimulationParams>) {
  const sim = createSimulation({ fps: 50, frames: 6, ...params });
  const settings = resolveSettings({ umPerPixel: sim.truth.um_per_pixel, headFinding: 'peaks' });
  const detector = new PeakHeadDetector(settings, { masks: true });
  return scoreOnSimulation(sim, detector, settings, {
    onFrame: (detections) => {
      for (const d of detections) {
        expect(d.x).toBeGreaterThanOrEqual(d.x1 - 0.5);
        expect(d.x).toBeLessThan(d.x2 + 0.5);
        expect(d.mask?.data.some((v) => v === 1)).toBe(true);
      }
    },
  });
}

describe('PeakHeadDetector', () => {
  it('finds the heads of a dense generated field one by one, touching or not', async () => {
    const s = await scoreOn({ ...HARD_SAMPLE_PARAMS, sperm: 150, umPerPixel: 0.3, seed: 77 });
    expect(s.recall).toBeGreaterThan(0.9);
    expect(s.precision).toBeGreaterThan(0.9);
  });

  it('finds the heads of a sparse field at the default calibration', async () => {
    const s = await scoreOn({ ...DEFAULT_SIMULATION_PARAMS, sperm: 40, seed: 5 });
    expect(s.recall).toBeGreaterThan(0.95);
    expect(s.precision).toBeGreaterThan(0.95);
  });

  it('finds nothing in an even frame and is chosen by the headFinding setting', () => {
    const settings = resolveSettings({ headFinding: 'peaks' });
    const frame = {
      index: frameIndex(0),
      width: 64,
      height: 48,
      data: new Uint8Array(64 * 48).fill(120),
    };
    expect(createHeadDetector(settings).detect(frame, settings)).toEqual([]);
    expect(createHeadDetector(settings).headFinder).toBeInstanceOf(PeakHeadDetector);
    expect(createHeadDetector(resolveSettings()).headFinder).not.toBeInstanceOf(PeakHeadDetector);
    expect(() => resolveSettings({ headFinding: 'dots' as 'peaks' })).toThrow(/headFinding/);
  });
});
