import type { GrayFrame } from '@sarm/casa';
import { analyzeFrames, createSimulation, frameIndex, resolveSettings } from '@sarm/casa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initBackend } from '../backend.js';
import { generateEllipseSamples } from '../synthetic.js';
import { boxMorphometry, TrainedHeadDetector } from './casa-detector.js';
import type { HeadDetectorModel } from './model.js';
import { trainHeadDetector } from './train.js';

let model: HeadDetectorModel | undefined;

beforeAll(async () => {
  await initBackend();
  const samples = generateEllipseSamples({ count: 32, seed: 21 });
  ({ model } = await trainHeadDetector(samples, {
    epochs: 6,
    batchSize: 8,
    learningRate: 0.01,
    seed: 3,
  }));
});

afterAll(() => model?.dispose());

function trained(): HeadDetectorModel {
  if (model === undefined) throw new Error('The model was not trained');
  return model;
}

describe('TrainedHeadDetector', () => {
  it('lets analyzeFrames track the heads of a simulated video', async () => {
    // No debris: the ellipse frames the model learned from hold only specks, not head-sized debris.
    const sim = createSimulation({
      width: 160,
      height: 128,
      sperm: 8,
      frames: 24,
      seed: 5,
      debris: 0,
    });
    const frames: GrayFrame[] = Array.from({ length: sim.info.frameCount }, (_, i) =>
      sim.renderFrame(i),
    );
    const settings = resolveSettings();
    const result = await analyzeFrames(frames, sim.info, settings, {
      detector: new TrainedHeadDetector(trained()),
    });
    const meanCount = result.per_frame.reduce((s, f) => s + f.count, 0) / result.per_frame.length;
    const truthPerFrame =
      sim.truth.tracks.reduce((s, t) => s + t.points.length, 0) / sim.info.frameCount;
    expect(result.per_frame).toHaveLength(24);
    expect(result.tracks.length).toBeGreaterThan(0);
    expect(meanCount).toBeGreaterThan(truthPerFrame * 0.5);
    expect(meanCount).toBeLessThan(truthPerFrame * 1.5);
  });

  it('turns each prediction into one sperm head with box morphometry in µm', () => {
    const [sample] = generateEllipseSamples({ count: 1, seed: 8, heads: [3, 3], debris: [0, 0] });
    if (sample === undefined) throw new Error('No sample');
    const frame: GrayFrame = { index: frameIndex(0), ...sample.frame };
    const detections = new TrainedHeadDetector(trained()).detect(
      frame,
      resolveSettings({ umPerPixel: 0.25 }),
    );
    expect(detections.length).toBeGreaterThan(0);
    for (const d of detections) {
      expect(d.className).toBe('sperm');
      expect(d.cellCount).toBe(1);
      expect(d.morphometry).toEqual(boxMorphometry(d.x2 - d.x1, d.y2 - d.y1, 0.25));
    }
  });

  it('keeps only predictions above its threshold', () => {
    const [sample] = generateEllipseSamples({ count: 1, seed: 9 });
    if (sample === undefined) throw new Error('No sample');
    const frame: GrayFrame = { index: frameIndex(0), ...sample.frame };
    const settings = resolveSettings();
    const strict = new TrainedHeadDetector(trained(), { threshold: 0.99 }).detect(frame, settings);
    const loose = new TrainedHeadDetector(trained(), { threshold: 0.05 }).detect(frame, settings);
    expect(loose.length).toBeGreaterThan(strict.length);
    expect(strict.every((d) => d.confidence >= 0.99)).toBe(true);
  });
});

describe('boxMorphometry', () => {
  it('measures the ellipse inscribed in the box', () => {
    const m = boxMorphometry(4, 8, 0.5);
    expect(m.length_um).toBe(4);
    expect(m.width_um).toBe(2);
    expect(m.ellipticity).toBe(2);
    expect(m.area_um2).toBeCloseTo(Math.PI * 2 * 1, 10);
    // Ramanujan's approximation of a 2 x 1 semi-axis ellipse: 9.6884...
    expect(m.perimeter_um).toBeCloseTo(9.6884, 3);
  });

  it('gives a circle its circumference', () => {
    const m = boxMorphometry(6, 6, 1);
    expect(m.ellipticity).toBe(1);
    expect(m.perimeter_um).toBeCloseTo(Math.PI * 6, 10);
  });
});
