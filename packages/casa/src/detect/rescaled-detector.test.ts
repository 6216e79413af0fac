import { describe, expect, it } from 'vitest';
import { scoreOnSimulation } from '../bench/simulated-heads.js';
import { resolveSettings } from '../settings.js';
import { createSimulation } from '../simulate/simulation.js';
import { frameIndex } from '../types.js';
import { ClassicalDetector } from './classical-detector.js';
import type { Detection, Detector } from './types.js';
import { RescaledDetector, resampleFrame } from './rescaled-detector.js';

/** A detector that finds nothing and records the size and scale of each frame it is shown. */
function recordingDetector(): Detector & { seen: { width: number; umPerPixel: number }[] } {
  const seen: { width: number; umPerPixel: number }[] = [];
  return {
    seen,
    detect(frame, settings): Detection[] {
      seen.push({ width: frame.width, umPerPixel: settings.umPerPixel });
      return [];
    },
  };
}

describe('RescaledDetector', () => {
  it('resamples keeping pixel centres: a bright pixel stays where it was', () => {
    const data = new Uint8Array(8 * 6);
    data[3 * 8 + 5] = 200;
    const big = resampleFrame({ index: frameIndex(0), width: 8, height: 6, data }, 2);
    expect([big.width, big.height]).toEqual([16, 12]);
    let best = 0;
    for (let i = 1; i < big.data.length; i++) if (big.data[i]! > big.data[best]!) best = i;
    // Frame pixel (5, 3) lands at (11, 7) - 0.5: the brightest pixels are 10-11, 6-7.
    expect([best % 16, Math.floor(best / 16)]).toEqual([10, 6]);
  });

  it('shows the detector frames at the scale it learnt and passes other frames through', () => {
    const inner = recordingDetector();
    const detector = new RescaledDetector(inner, 0.5);
    const frame = { index: frameIndex(0), width: 64, height: 48, data: new Uint8Array(64 * 48) };
    void detector.detect(frame, resolveSettings({ umPerPixel: 1 }));
    void detector.detect(frame, resolveSettings({ umPerPixel: 0.51 }));
    expect(inner.seen).toEqual([
      { width: 128, umPerPixel: 0.5 },
      { width: 64, umPerPixel: 0.51 },
    ]);
  });

  it('finds heads of a 0.25 µm/px video with a detector told 0.5 µm/px, at the true places', async () => {
    const sim = createSimulation({
      sperm: 30,
      umPerPixel: 0.25,
      width: 640,
      height: 480,
      frames: 6,
      seed: 8,
    });
    const settings = resolveSettings({ umPerPixel: 0.25 });
    const inner = new ClassicalDetector(resolveSettings({ umPerPixel: 0.5 }));
    const score = await scoreOnSimulation(sim, new RescaledDetector(inner, 0.5), settings, {
      skipFrames: 2,
    });
    expect(score.recall).toBeGreaterThan(0.95);
    expect(score.precision).toBeGreaterThan(0.95);
  });
});
