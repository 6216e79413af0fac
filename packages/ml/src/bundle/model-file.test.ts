import { strToU8, unzipSync, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { initBackend } from '../backend.js';
import { detectHeads, thresholdOf } from '../detector/infer.js';
import { createHeadDetector, DEFAULT_ARCHITECTURE } from '../detector/model.js';
import { trainHeadDetector } from '../detector/train.js';
import type { SavedHeadDetector } from '../detector/weights.js';
import { loadWeights, saveWeights } from '../detector/weights.js';
import { generateEllipseSamples } from '../synthetic.js';
import { savedHeadDetectorOf } from './head-detector.js';
import { packModelBundle, unpackModelBundle } from './model-file.js';
import type { ModelBundle, ModelMetadata, SavedWeights } from './types.js';

beforeAll(async () => {
  await initBackend();
});

const metadata: ModelMetadata = {
  format: 'sarm-model',
  format_version: 1,
  type: 'detection',
  name: 'Heads, phase contrast',
  classes: ['sperm'],
  input: { channels: 1, width: null, height: null },
  normalisation: 'per-frame-standardise',
  um_per_pixel: 0.5,
  training: {
    data_label_id: 'label-1',
    dataset_id: null,
    epochs: 2,
    best_epoch: 2,
    metrics: { val_loss: 0.12, val_f1: null },
  },
  created_at: '2025-01-02T03:04:05.000Z',
  runtime: 'tfjs',
};

/** A packed untrained detector, rebuilt with `change` applied to its files. */
function repacked(change: (files: Record<string, Uint8Array>) => void): Uint8Array {
  const model = createHeadDetector(undefined, 5);
  const files = unzipSync(packModelBundle({ metadata, saved: saveWeights(model) }));
  model.dispose();
  change(files);
  return zipSync(files);
}

const firstBytes = (bytes: Uint8Array | undefined, count: number): Uint8Array =>
  (bytes ?? new Uint8Array(0)).slice(0, count);

const json = (value: unknown): Uint8Array => strToU8(JSON.stringify(value));

describe('packModelBundle and unpackModelBundle', () => {
  it('round-trip metadata and weights, and the loaded detector predicts the same', async () => {
    const samples = generateEllipseSamples({ count: 12, seed: 13 });
    const { model } = await trainHeadDetector(samples, {
      epochs: 4,
      batchSize: 6,
      learningRate: 0.02,
    });
    const saved: SavedHeadDetector = saveWeights(model);
    // A saved head detector is a bundle's saved weights as it is.
    const bundle: ModelBundle = { metadata, saved };
    const unpacked = unpackModelBundle(packModelBundle(bundle));
    const loaded = loadWeights(savedHeadDetectorOf(unpacked.saved));
    const frames = generateEllipseSamples({ count: 3, seed: 77 }).map((s) => s.frame);
    const before = frames.map((f) => detectHeads(model, f, 0.1));
    const after = frames.map((f) => detectHeads(loaded, f, 0.1));
    model.dispose();
    loaded.dispose();

    expect(unpacked.metadata).toEqual(metadata);
    expect(unpacked.saved.architecture).toEqual(saved.architecture);
    expect(unpacked.saved.shapes).toEqual(saved.shapes);
    expect(unpacked.saved.weights).toEqual(saved.weights);
    expect(before.flat().length).toBeGreaterThan(0);
    expect(after).toEqual(before);
  });

  it('refuses to pack weights that do not fit their shapes', () => {
    const saved: SavedWeights = {
      architecture: { kind: 'x', version: 1 },
      shapes: [[2, 3]],
      weights: new Float32Array(5),
    };
    expect(() => packModelBundle({ metadata, saved })).toThrow(
      'Weights do not match the architecture: 5 values for shapes that need 6',
    );
  });
});

describe('unpackModelBundle on damaged files', () => {
  // Built inside the test: packing needs the backend, which starts in beforeAll.
  const cases: [string, () => Uint8Array, string][] = [
    ['bytes that are not a zip', () => strToU8('hello'), 'Not a SARM model: the file is not a zip'],
    [
      'a zip without metadata.json',
      () => repacked((f) => delete f['metadata.json']),
      'Not a SARM model: metadata.json is missing',
    ],
    [
      'metadata.json that is not JSON',
      () => repacked((f) => (f['metadata.json'] = strToU8('{'))),
      'Not a SARM model: metadata.json is not valid JSON',
    ],
    [
      'metadata of another format',
      () => repacked((f) => (f['metadata.json'] = json({ ...metadata, format: 'keras' }))),
      'Not a SARM model: metadata.json does not say format "sarm-model"',
    ],
    [
      'a newer format version',
      () => repacked((f) => (f['metadata.json'] = json({ ...metadata, format_version: 2 }))),
      'Unsupported SARM model format version 2',
    ],
    [
      'a field of the wrong type',
      () => repacked((f) => (f['metadata.json'] = json({ ...metadata, input: { channels: 1 } }))),
      'Invalid metadata.json: input.width must be a positive integer or null',
    ],
    [
      'an unknown model type',
      () => repacked((f) => (f['metadata.json'] = json({ ...metadata, type: 'segmentation' }))),
      'Invalid metadata.json: type must be "detection" or "morphology"',
    ],
    [
      'a zip without architecture.json',
      () => repacked((f) => delete f['architecture.json']),
      'Not a SARM model: architecture.json is missing',
    ],
    [
      'an architecture without a kind',
      () => repacked((f) => (f['architecture.json'] = json({ architecture: {}, shapes: [] }))),
      'Invalid architecture.json: architecture.kind must be a string',
    ],
    [
      'a zip without weights.bin',
      () => repacked((f) => delete f['weights.bin']),
      'Not a SARM model: weights.bin is missing',
    ],
    [
      'truncated weights',
      () => repacked((f) => (f['weights.bin'] = firstBytes(f['weights.bin'], 400))),
      'Weights do not match the architecture: 100 values for shapes that need',
    ],
    [
      'weights that are not float32 values',
      () => repacked((f) => (f['weights.bin'] = firstBytes(f['weights.bin'], 401))),
      'Weights do not match the architecture: weights.bin is not float32 values',
    ],
  ];

  it.each(cases)('rejects %s with a message that says so', (_name, bytes, message) => {
    const damaged = bytes();
    expect(() => unpackModelBundle(damaged)).toThrow(message);
  });
});

describe('savedHeadDetectorOf', () => {
  it('rejects weights of another kind of model', () => {
    const saved: SavedWeights = {
      architecture: { kind: 'sarm-morphology-classifier', version: 1 },
      shapes: [],
      weights: new Float32Array(0),
    };
    expect(() => savedHeadDetectorOf(saved)).toThrow('Not a version 1 SARM head detector');
  });

  it('rejects a head detector architecture with a wrong field', () => {
    const saved: SavedWeights = {
      architecture: { kind: 'sarm-head-detector', version: 1, channels: [8, -1], stride: 4 },
      shapes: [],
      weights: new Float32Array(0),
    } as SavedWeights;
    expect(() => savedHeadDetectorOf(saved)).toThrow(
      'Invalid architecture.json: architecture.channels must be a list of positive integers',
    );
  });

  it('reads a stride-2 head detector and refuses a stride the network cannot have', () => {
    const model = createHeadDetector({ ...DEFAULT_ARCHITECTURE, stride: 2 }, 5);
    const bytes = packModelBundle({ metadata, saved: saveWeights(model) });
    model.dispose();
    const saved = savedHeadDetectorOf(unpackModelBundle(bytes).saved);
    expect(saved.architecture.stride).toBe(2);
    const loaded = loadWeights(saved);
    expect(loaded.architecture.stride).toBe(2);
    loaded.dispose();
    const wrong = { ...saved, architecture: { ...saved.architecture, stride: 3 } } as SavedWeights;
    expect(() => savedHeadDetectorOf(wrong)).toThrow(/architecture\.stride/);
  });

  it('reads a detector with a context branch and local normalisation, and refuses an unknown one', () => {
    const architecture = {
      ...DEFAULT_ARCHITECTURE,
      stride: 2,
      channels: [4, 4],
      context: [8, 8],
      normalisation: 'local',
    } as const;
    const model = createHeadDetector(architecture, 5);
    const bytes = packModelBundle({ metadata, saved: saveWeights(model) });
    const frame = generateEllipseSamples({ count: 1, seed: 3 })[0]?.frame;
    if (frame === undefined) throw new Error('No frame');
    const before = detectHeads(model, frame, 0.01);
    model.dispose();
    const saved = savedHeadDetectorOf(unpackModelBundle(bytes).saved);
    expect(saved.architecture).toMatchObject(architecture);
    const loaded = loadWeights(saved);
    expect(detectHeads(loaded, frame, 0.01)).toEqual(before);
    loaded.dispose();
    const wrong = {
      ...saved,
      architecture: { ...saved.architecture, normalisation: 'global' },
    } as SavedWeights;
    expect(() => savedHeadDetectorOf(wrong)).toThrow(/architecture\.normalisation/);
  });

  it('reads the detection threshold the training chose, and refuses one outside 0 to 1', () => {
    const model = createHeadDetector(undefined, 5);
    const bytes = packModelBundle({ metadata, saved: saveWeights(model, 0.55) });
    model.dispose();
    const saved = savedHeadDetectorOf(unpackModelBundle(bytes).saved);
    expect(saved.architecture.threshold).toBe(0.55);
    const loaded = loadWeights(saved);
    expect(thresholdOf(loaded)).toBe(0.55);
    loaded.dispose();
    const wrong = {
      ...saved,
      architecture: { ...saved.architecture, threshold: 2 },
    } as SavedWeights;
    expect(() => savedHeadDetectorOf(wrong)).toThrow(
      'Invalid architecture.json: architecture.threshold must be a number between 0 and 1',
    );
  });
});
