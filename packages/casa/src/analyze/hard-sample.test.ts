import { WHO_MOTILITY_CATEGORIES } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import { resolveSettings } from '../settings.js';
import type { SimulationParams } from '../simulate/params.js';
import { HARD_SAMPLE_PARAMS } from '../simulate/params.js';
import { createSimulation } from '../simulate/simulation.js';
import type { GrayFrame } from '../types.js';
import { analyzeFrames } from './analyze-frames.js';

/** A small, short hard-sample video (Brownian immotile cells, drift, beating heads, defocus). */
async function analyseHardSample(params: Partial<SimulationParams>) {
  const sim = createSimulation({
    ...HARD_SAMPLE_PARAMS,
    width: 320,
    height: 240,
    sperm: 40,
    mix: [0.2, 0.1, 0.3, 0.4],
    ...params,
  });
  function* frames(): Generator<GrayFrame> {
    for (let i = 0; i < sim.info.frameCount; i++) yield sim.renderFrame(i);
  }
  const upp = sim.truth.um_per_pixel;
  const result = await analyzeFrames(frames(), sim.info, resolveSettings({ umPerPixel: upp }));
  const driftError = Math.hypot(
    result.drift.vx_um_per_s - sim.truth.drift.vx_um_per_s,
    result.drift.vy_um_per_s - sim.truth.drift.vy_um_per_s,
  );
  return { result, truth: sim.truth, driftError };
}

describe('analysis of samples with Brownian immotile cells and stage drift', () => {
  it('keeps every WHO class share within 5 pp and the drift within 0.5 µm/s (50 fps, 0.5 µm/px)', async () => {
    const { result, truth, driftError } = await analyseHardSample({
      fps: 50,
      umPerPixel: 0.5,
      frames: 150,
      seed: 1,
    });
    for (const c of WHO_MOTILITY_CATEGORIES) {
      const error =
        result.motility.motility_distribution[c] - truth.expected.motility_distribution[c];
      expect(Math.abs(error), c).toBeLessThan(5);
    }
    expect(truth.drift.speed_um_per_s).toBeGreaterThan(1.5);
    expect(driftError).toBeLessThan(0.5);
  });

  it.each([
    [25, 0.3, 75],
    [100, 0.8, 300],
  ])(
    'keeps non-progressive and immotile within 5 pp at %i fps and %f µm/px',
    async (fps, umPerPixel, frames) => {
      const { result, truth, driftError } = await analyseHardSample({
        fps,
        umPerPixel,
        frames,
        seed: 1,
      });
      for (const c of ['Non Progressive', 'Immotile'] as const) {
        const error =
          result.motility.motility_distribution[c] - truth.expected.motility_distribution[c];
        expect(Math.abs(error), c).toBeLessThan(5);
      }
      expect(driftError).toBeLessThan(0.5);
    },
  );

  it('calls cells that only diffuse and drift immotile, however far they wander', async () => {
    const { result } = await analyseHardSample({ mix: [0, 0, 0, 1], frames: 100, seed: 2 });
    expect(result.motility.track_count).toBeGreaterThan(30);
    expect(result.motility.motility_distribution.Immotile).toBeGreaterThan(95);
  });

  it('calls heads that beat on the spot non-progressive', async () => {
    const { result } = await analyseHardSample({
      mix: [0, 0, 1, 0],
      defocusShare: 0,
      frames: 100,
      seed: 3,
    });
    expect(result.motility.track_count).toBeGreaterThan(30);
    expect(result.motility.motility_distribution['Non Progressive']).toBeGreaterThan(90);
  });

  it('calls heads stuck to the glass immotile when still and non-progressive when they rock', async () => {
    const still = await analyseHardSample({
      mix: [0, 0, 0, 1],
      stuckShare: 1,
      frames: 100,
      seed: 4,
    });
    expect(still.result.motility.track_count).toBeGreaterThan(30);
    expect(still.result.motility.motility_distribution.Immotile).toBeGreaterThan(95);
    // The stage alone moves them: a perfect reference for the drift.
    expect(still.driftError).toBeLessThan(0.1);
    const rocking = await analyseHardSample({
      mix: [0, 0, 1, 0],
      stuckShare: 1,
      defocusShare: 0,
      frames: 100,
      seed: 5,
    });
    expect(rocking.result.motility.track_count).toBeGreaterThan(30);
    expect(rocking.result.motility.motility_distribution['Non Progressive']).toBeGreaterThan(90);
  });
});
