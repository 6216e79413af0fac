import { beforeAll, describe, expect, it } from 'vitest';
import { initBackend } from '../backend.js';
import { classifyCrops } from '../classifier/infer.js';
import { classifierArchitecture, createMorphologyClassifier } from '../classifier/model.js';
import { generateMorphologyCrops } from '../classifier/synthetic.js';
import { loadClassifierWeights, saveClassifierWeights } from '../classifier/weights.js';
import { packModelBundle, unpackModelBundle } from './model-file.js';
import { savedMorphologyClassifierOf } from './morphology-classifier.js';
import type { ModelMetadata, SavedWeights } from './types.js';

beforeAll(async () => {
  await initBackend();
});

const metadata: ModelMetadata = {
  format: 'sarm-model',
  format_version: 1,
  type: 'morphology',
  name: 'Shapes',
  classes: ['a', 'b', 'c'],
  input: { channels: 2, width: 16, height: 16 },
  normalisation: 'per-crop standardisation of grey values, cell mask',
  um_per_pixel: null,
  training: null,
  created_at: '2025-01-01T00:00:00.000Z',
  runtime: 'tfjs',
};

describe('savedMorphologyClassifierOf', () => {
  it('gives weights from a model file that load into the same classifier', () => {
    const model = createMorphologyClassifier(
      classifierArchitecture(['a', 'b', 'c'], { inputSize: 16, channels: [4, 4] }),
      3,
    );
    const saved = saveClassifierWeights(model);
    const { saved: read } = unpackModelBundle(packModelBundle({ metadata, saved }));
    const restored = loadClassifierWeights(savedMorphologyClassifierOf(read));
    const crops = generateMorphologyCrops({ count: 3, size: [16, 20], seed: 2 });
    expect(classifyCrops(restored, crops)).toEqual(classifyCrops(model, crops));
    expect(restored.architecture).toEqual(model.architecture);
    model.dispose();
    restored.dispose();
  });

  it('rejects weights of another kind of model', () => {
    const saved: SavedWeights = {
      architecture: { kind: 'sarm-head-detector', version: 1 },
      shapes: [],
      weights: new Float32Array(0),
    };
    expect(() => savedMorphologyClassifierOf(saved)).toThrow(
      'Not a version 1 SARM morphology classifier',
    );
  });

  it('rejects a classifier architecture with a wrong field', () => {
    const saved = {
      architecture: {
        kind: 'sarm-morphology-classifier',
        version: 1,
        classes: ['a', 'b'],
        inputSize: 16,
        channels: [4, 0],
      },
      shapes: [],
      weights: new Float32Array(0),
    } as SavedWeights;
    expect(() => savedMorphologyClassifierOf(saved)).toThrow(
      'Invalid architecture.json: architecture.channels must be a list of positive integers',
    );
  });
});
