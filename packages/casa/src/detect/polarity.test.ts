import { describe, expect, it } from 'vitest';
import { analyzeFrames } from '../analyze/analyze-frames.js';
import { resolveSettings } from '../settings.js';
import { createSimulation } from '../simulate/simulation.js';
import type { GrayFrame, VideoInfo } from '../types.js';
import { frameIndex } from '../types.js';
import { decidePolarity, POLARITY_SAMPLE_FRAMES } from './polarity.js';

function simulatedFrames(polarity: 'phase-contrast' | 'bright-field', sperm: number, seed = 7) {
  const sim = createSimulation({
    polarity,
    sperm,
    width: 320,
    height: 240,
    debris: 10,
    frames: 12,
    seed,
  });
  return { info: sim.info, frames: Array.from({ length: 12 }, (_, i) => sim.renderFrame(i)) };
}

/** A flat grey field with round Gaussian dots of `contrast` grey levels (not head-shaped). */
function dotFrames(contrast: number): GrayFrame[] {
  const width = 160;
  const height = 120;
  return Array.from({ length: 4 }, (_, f) => {
    const data = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let v = 128 + (((x * 7 + y * 13 + f) % 5) - 2);
        for (const [cx, cy] of [
          [30, 30],
          [90, 40],
          [130, 90],
          [50, 95],
        ] as const) {
          v += contrast * Math.exp(-((x - cx) ** 2 + (y - cy) ** 2) / 8);
        }
        data[y * width + x] = Math.max(0, Math.min(255, Math.round(v)));
      }
    }
    return { index: frameIndex(f), width, height, data };
  });
}

describe('decidePolarity', () => {
  it('finds bright heads in a phase-contrast field', () => {
    const d = decidePolarity(simulatedFrames('phase-contrast', 12).frames, resolveSettings());
    expect(d).toMatchObject({ polarity: 'bright', method: 'head_count' });
    expect(d.frames_sampled).toBe(POLARITY_SAMPLE_FRAMES);
    expect(d.bright_heads_per_frame).toBeGreaterThan(2 * d.dark_heads_per_frame);
  });

  it('finds dark heads in a bright-field field', () => {
    const d = decidePolarity(simulatedFrames('bright-field', 12).frames, resolveSettings());
    expect(d).toMatchObject({ polarity: 'dark', method: 'head_count' });
    expect(d.dark_heads_per_frame).toBeGreaterThan(2 * d.bright_heads_per_frame);
  });

  it('is not fooled by dark debris when only two heads are in view', () => {
    const sim = createSimulation({ polarity: 'phase-contrast', sperm: 2, frames: 10, seed: 3 });
    const frames = Array.from({ length: 10 }, (_, i) => sim.renderFrame(i));
    expect(decidePolarity(frames, resolveSettings({ polarity: 'dark' })).polarity).toBe('bright');
  });

  it('falls back to the residual skewness when no blob is head-shaped', () => {
    const bright = decidePolarity(dotFrames(80), resolveSettings({ polarity: 'dark' }));
    expect(bright).toMatchObject({ polarity: 'bright', method: 'residual_skewness' });
    expect(bright.residual_skewness).toBeGreaterThan(0);
    const dark = decidePolarity(dotFrames(-80), resolveSettings());
    expect(dark).toMatchObject({ polarity: 'dark', method: 'residual_skewness' });
  });

  it('keeps the settings polarity when the field shows nothing', () => {
    const blank = dotFrames(0);
    expect(decidePolarity(blank, resolveSettings({ polarity: 'dark' }))).toMatchObject({
      polarity: 'dark',
      method: 'default',
    });
    expect(decidePolarity([], resolveSettings()).polarity).toBe('bright');
  });
});

describe('analyzeFrames with autoPolarity', () => {
  it('analyses a bright-field video with dark heads and reports the choice', async () => {
    const { info, frames } = simulatedFrames('bright-field', 12);
    const result = await analyzeFrames(frames, info, resolveSettings(), { autoPolarity: true });
    expect(result.polarity).toMatchObject({ used: 'dark', chosen_by: 'auto' });
    expect(result.polarity.auto?.method).toBe('head_count');
    expect(result.settings.polarity).toBe('dark');
    // Every frame is analysed once, the peeked ones included.
    expect(result.per_frame.map((f) => f.frame)).toEqual(frames.map((f) => f.index));
    expect(result.concentration.mean_count_per_frame).toBeGreaterThan(6);
  });

  it('takes the settings polarity without the option, as the server does', async () => {
    const { info, frames } = simulatedFrames('bright-field', 12);
    const result = await analyzeFrames(frames, info, resolveSettings());
    expect(result.polarity).toEqual({ used: 'bright', chosen_by: 'settings', auto: null });
    expect(result.settings.polarity).toBe('bright');
  });

  it('reads an async stream shorter than the sample', async () => {
    const { info, frames } = simulatedFrames('phase-contrast', 12);
    async function* few(): AsyncGenerator<GrayFrame> {
      for (const frame of frames.slice(0, 4)) yield await Promise.resolve(frame);
    }
    const short: VideoInfo = { ...info, frameCount: 4 };
    const result = await analyzeFrames(few(), short, resolveSettings(), { autoPolarity: true });
    expect(result.polarity.used).toBe('bright');
    expect(result.per_frame).toHaveLength(4);
  });
});
