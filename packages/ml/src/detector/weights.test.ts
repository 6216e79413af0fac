import { beforeAll, describe, expect, it } from 'vitest';
import { initBackend } from '../backend.js';
import { generateEllipseSamples } from '../synthetic.js';
import { detectHeads } from './infer.js';
import { trainHeadDetector } from './train.js';
import { loadWeights, saveWeights } from './weights.js';

beforeAll(async () => {
  await initBackend();
});

describe('saveWeights and loadWeights', () => {
  it('give a model whose predictions equal the original one', async () => {
    const samples = generateEllipseSamples({ count: 16, seed: 11 });
    const { model } = await trainHeadDetector(samples, {
      epochs: 5,
      batchSize: 8,
      learningRate: 0.02,
    });
    const saved = saveWeights(model);
    // A structured clone is what crosses a worker boundary or comes back from storage.
    const copy = loadWeights(structuredClone(saved));
    const frames = generateEllipseSamples({ count: 3, seed: 99 }).map((s) => s.frame);
    const original = frames.map((f) => detectHeads(model, f));
    const restored = frames.map((f) => detectHeads(copy, f));
    model.dispose();
    copy.dispose();
    expect(original.flat().length).toBeGreaterThan(0);
    expect(restored).toEqual(original);
  });

  it('rejects weights that do not fit the architecture', () => {
    expect(() =>
      loadWeights({
        architecture: { kind: 'sarm-head-detector', version: 1, channels: [8, 16, 16], stride: 4 },
        shapes: [[3, 3, 1, 8]],
        weights: new Float32Array(72),
      }),
    ).toThrow(/do not match/);
  });
});
