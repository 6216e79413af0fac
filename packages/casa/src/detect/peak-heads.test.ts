import { describe, expect, it } from 'vitest';
import { resolveSettings } from '../settings.js';
import { frameIndex } from '../types.js';
import type { CasaSettings } from '../settings.js';
import { DEFAULT_SIMULATION_PARAMS, HARD_SAMPLE_PARAMS } from '../simulate/params.js';
import type { SimulationParams } from '../simulate/params.js';
import { createSimulation } from '../simulate/simulation.js';
import { createHeadDetector } from './head-detector.js';
import { PeakHeadDetector } from './peak-heads.js';
import { scoreHeadPositions } from './score-heads.js';

/** Precision, recall and F1 of the peak finder against the simulator's heads, within 3 µm. */
function scoreOn(params: Partial<SimulationParams>, overrides: Partial<CasaSettings> = {}) {
  const sim = createSimulation({ fps: 50, frames: 6, ...params });
  const settings = resolveSettings({
    umPerPixel: sim.truth.um_per_pixel,
    headFinding: 'peaks',
    ...overrides,
  });
  const detector = new PeakHeadDetector(settings, { masks: true });
  let marked = 0;
  let found = 0;
  let matched = 0;
  for (let f = 0; f < sim.info.frameCount; f++) {
    const detections = detector.detect(sim.renderFrame(f), settings);
    for (const d of detections) {
      expect(d.x).toBeGreaterThanOrEqual(d.x1 - 0.5);
      expect(d.x).toBeLessThan(d.x2 + 0.5);
      expect(d.mask?.data.some((v) => v === 1)).toBe(true);
    }
    const heads = sim.truth.tracks.flatMap((t) =>
      t.points.filter((p) => p[0] === f).map((p) => ({ x: p[1], y: p[2] })),
    );
    const score = scoreHeadPositions(heads, detections, 3 / settings.umPerPixel);
    marked += score.marked;
    found += score.found;
    matched += score.matched;
  }
  console.log(JSON.stringify(params.umPerPixel), matched / found, matched / marked);
  return { precision: matched / found, recall: matched / marked };
}

describe('PeakHeadDetector', () => {
  it('finds the heads of a dense generated field one by one, touching or not', () => {
    const s = scoreOn({ ...HARD_SAMPLE_PARAMS, sperm: 150, umPerPixel: 0.3, seed: 77 });
    expect(s.recall).toBeGreaterThan(0.9);
    expect(s.precision).toBeGreaterThan(0.9);
  });

  it('finds the heads of a sparse field at the default calibration', () => {
    const s = scoreOn({ ...DEFAULT_SIMULATION_PARAMS, sperm: 40, seed: 5 });
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
    expect(createHeadDetector(settings)).toBeInstanceOf(PeakHeadDetector);
    expect(createHeadDetector(resolveSettings())).not.toBeInstanceOf(PeakHeadDetector);
    expect(() => resolveSettings({ headFinding: 'dots' as 'peaks' })).toThrow(/headFinding/);
  });
});
