import { describe, expect, it } from 'vitest';
import { resolveSettings } from '../settings.js';
import { createSimulation } from '../simulate/simulation.js';
import type { GrayFrame } from '../types.js';
import { analyzeFrames } from './analyze-frames.js';
import { HeadSizeMeter, checkCalibration } from './head-size.js';

function* framesOf(sim: ReturnType<typeof createSimulation>): Generator<GrayFrame> {
  for (let i = 0; i < sim.info.frameCount; i++) yield sim.renderFrame(i);
}

describe('calibration warning', () => {
  // A video recorded at 0.5 µm/px, analysed with the right and two wrong calibrations.
  const sim = createSimulation({ sperm: 25, frames: 12, seed: 21, umPerPixel: 0.5 });
  const analyse = (umPerPixel: number) =>
    analyzeFrames(framesOf(sim), sim.info, resolveSettings({ umPerPixel }));

  it('stays silent with the true calibration', async () => {
    const result = await analyse(0.5);
    expect(result.calibration_warning).toBeNull();
  });

  it('warns that heads are too large when the settings say 1.5 µm/px', async () => {
    const warning = (await analyse(1.5)).calibration_warning;
    expect(warning?.code).toBe('heads_too_large');
    expect(warning?.measured_head_area_um2).toBeGreaterThan(warning?.expected_range_um2[1] ?? 0);
    // The suggestion points back towards the true scale.
    expect(warning?.suggested_um_per_pixel).toBeLessThan(0.9);
  });

  it('warns that heads are too small when the settings say 0.15 µm/px', async () => {
    const warning = (await analyse(0.15)).calibration_warning;
    expect(warning?.code).toBe('heads_too_small');
    expect(warning?.measured_head_area_um2).toBeLessThan(warning?.expected_range_um2[0] ?? 0);
    expect(warning?.suggested_um_per_pixel).toBeGreaterThan(0.25);
  });

  it('stays silent on dark bright-field heads at 0.3 µm/px, the smallest the simulator draws', async () => {
    const dark = createSimulation({
      sperm: 25,
      frames: 8,
      seed: 22,
      umPerPixel: 0.3,
      polarity: 'bright-field',
    });
    const result = await analyzeFrames(
      framesOf(dark),
      dark.info,
      resolveSettings({ umPerPixel: 0.3, polarity: 'dark' }),
    );
    expect(result.calibration_warning).toBeNull();
  });

  it('does not judge a recording with too few objects', () => {
    expect(checkCalibration(new HeadSizeMeter(), 0.5)).toBeNull();
  });
});
