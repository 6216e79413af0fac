import { describe, expect, it } from 'vitest';
import { ClassicalDetector } from '../detect/classical-detector.js';
import { resolveSettings } from '../settings.js';
import type { SimulationParams } from '../simulate/params.js';
import { createSimulation } from '../simulate/simulation.js';
import type { GrayFrame } from '../types.js';
import { analyzeFrames } from './analyze-frames.js';

const FIELD: Partial<SimulationParams> = { sperm: 40, frames: 60, seed: 7 };

async function analyse(params: Partial<SimulationParams>) {
  const sim = createSimulation(params);
  function* frames(): Generator<GrayFrame> {
    for (let i = 0; i < sim.info.frameCount; i++) yield sim.renderFrame(i);
  }
  const settings = resolveSettings({ umPerPixel: sim.truth.um_per_pixel });
  return { sim, result: await analyzeFrames(frames(), sim.info, settings) };
}

describe('round cells in an analysis (issue 34)', () => {
  it('counts 10 round cells apart and leaves the sperm count as it was without them', async () => {
    const plain = await analyse(FIELD);
    const mixed = await analyse({ ...FIELD, roundCells: 10 });
    const truth = mixed.sim.truth;
    expect(truth.round_cells).toHaveLength(10);
    expect(plain.sim.truth.expected.mean_count_per_frame).toBe(truth.expected.mean_count_per_frame);
    expect(
      Math.abs(
        mixed.result.concentration.mean_count_per_frame -
          plain.result.concentration.mean_count_per_frame,
      ),
    ).toBeLessThanOrEqual(1);
    const round = mixed.result.round_cells;
    expect(round).toBeDefined();
    expect(Math.abs((round?.mean_count_per_frame ?? 0) - 10)).toBeLessThanOrEqual(2);
    expect(Math.abs((round?.median_count_per_frame ?? 0) - 10)).toBeLessThanOrEqual(2);
    const expected = truth.expected.round_cell_concentration_million_per_ml;
    expect(Math.abs((round?.concentration_million_per_ml ?? 0) - expected)).toBeLessThan(
      0.15 * expected,
    );
    expect(plain.result.round_cells?.mean_count_per_frame).toBe(0);
  });

  it('finds the round cells of every frame within 2, each standing for no spermatozoon', () => {
    const sim = createSimulation({ ...FIELD, frames: 20, roundCells: 10 });
    const settings = resolveSettings({ umPerPixel: sim.truth.um_per_pixel });
    const detector = new ClassicalDetector(settings);
    for (let i = 0; i < sim.info.frameCount; i++) {
      const found = detector.detect(sim.renderFrame(i), settings);
      const seen = found.filter((d) => d.className === 'round_cell');
      const inField = sim.truth.round_cells.filter((c) => c.points.some((p) => p[0] === i));
      expect(Math.abs(seen.length - inField.length), `frame ${i}`).toBeLessThanOrEqual(2);
      expect(seen.every((d) => d.cellCount === 0)).toBe(true);
    }
  });

  it('counts round cells apart under bright field, where the head thresholds cut them into pieces', async () => {
    const field = { ...FIELD, polarity: 'bright-field' as const, seed: 11 };
    const analyseDark = async (params: Partial<SimulationParams>) => {
      const sim = createSimulation(params);
      function* frames(): Generator<GrayFrame> {
        for (let i = 0; i < sim.info.frameCount; i++) yield sim.renderFrame(i);
      }
      const settings = resolveSettings({ umPerPixel: sim.truth.um_per_pixel, polarity: 'dark' });
      return { sim, result: await analyzeFrames(frames(), sim.info, settings) };
    };
    const plain = await analyseDark(field);
    const mixed = await analyseDark({ ...field, roundCells: 10 });
    const round = mixed.result.round_cells;
    expect(round).toBeDefined();
    expect(Math.abs((round?.mean_count_per_frame ?? 0) - 10)).toBeLessThanOrEqual(1.5);
    // Their pieces are not counted as heads.
    const truth = mixed.sim.truth.expected.concentration_million_per_ml;
    const found = mixed.result.concentration.mean_concentration_million_per_ml;
    expect(Math.abs(found - truth) / truth).toBeLessThan(0.08);
    expect(plain.result.round_cells?.mean_count_per_frame ?? 0).toBeLessThan(0.5);
  });
});
