import { beforeAll, describe, expect, it } from 'vitest';
import { initBackend } from '../backend.js';
import { classifyCrops } from './infer.js';
import { classifierArchitecture } from './model.js';
import { generateMorphologyCrops, SYNTHETIC_MORPHOLOGY_CLASSES } from './synthetic.js';
import { trainMorphologyClassifier } from './train.js';
import { loadClassifierWeights, saveClassifierWeights } from './weights.js';

beforeAll(async () => {
  await initBackend();
});

describe('saveClassifierWeights and loadClassifierWeights', () => {
  it('give a model whose predictions equal the original one', async () => {
    const samples = generateMorphologyCrops({ count: 30, seed: 12, masks: true });
    const { model } = await trainMorphologyClassifier(samples, {
      classes: SYNTHETIC_MORPHOLOGY_CLASSES,
      epochs: 2,
      batchSize: 8,
      learningRate: 0.01,
    });
    const saved = saveClassifierWeights(model);
    // A structured clone is what crosses a worker boundary or comes back from storage.
    const copy = loadClassifierWeights(structuredClone(saved));
    const crops = generateMorphologyCrops({ count: 6, seed: 98, masks: true });
    const original = classifyCrops(model, crops);
    const restored = classifyCrops(copy, crops);
    model.dispose();
    copy.dispose();
    expect(saved.shapes[0]).toEqual([3, 3, 2, 16]);
    expect(restored).toEqual(original);
  });

  it('rejects weights that do not fit the architecture', () => {
    const architecture = classifierArchitecture(['a', 'b']);
    expect(() =>
      loadClassifierWeights({
        architecture,
        shapes: [[3, 3, 2, 16]],
        weights: new Float32Array(288),
      }),
    ).toThrow(/do not match the architecture/);
  });

  it('rejects a saved model of another kind', () => {
    // What a later format's file would hold, typed as today's.
    const architecture = Object.assign(classifierArchitecture(['a', 'b']), { version: 2 });
    expect(() =>
      loadClassifierWeights({ architecture, shapes: [], weights: new Float32Array(0) }),
    ).toThrow(/version 1 SARM morphology classifier/);
  });
});
