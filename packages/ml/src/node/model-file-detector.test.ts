import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GrayFrame } from '@sarm/casa';
import { frameIndex, resolveSettings } from '@sarm/casa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initBackend } from '../backend.js';
import { packModelBundle } from '../bundle/model-file.js';
import type { ModelMetadata } from '../bundle/types.js';
import { TrainedHeadDetector } from '../detector/casa-detector.js';
import type { HeadDetectorModel } from '../detector/model.js';
import { createHeadDetector } from '../detector/model.js';
import { trainHeadDetector } from '../detector/train.js';
import { saveWeights } from '../detector/weights.js';
import { generateEllipseSamples } from '../synthetic.js';
import { loadDetectorFromModelFile } from './model-file-detector.js';

const metadata: ModelMetadata = {
  format: 'sarm-model',
  format_version: 1,
  type: 'detection',
  name: 'Heads, phase contrast',
  classes: ['sperm'],
  input: { channels: 1, width: null, height: null },
  normalisation: 'per-frame-standardise',
  um_per_pixel: 0.5,
  training: null,
  created_at: '2025-01-02T03:04:05.000Z',
  runtime: 'tfjs',
};

let dir = '';
let model: HeadDetectorModel | undefined;

beforeAll(async () => {
  await initBackend();
  dir = await mkdtemp(join(tmpdir(), 'ml-model-file-'));
  ({ model } = await trainHeadDetector(generateEllipseSamples({ count: 12, seed: 13 }), {
    epochs: 2,
    batchSize: 6,
    learningRate: 0.01,
  }));
});

afterAll(async () => {
  model?.dispose();
  await rm(dir, { recursive: true, force: true });
});

function trained(): HeadDetectorModel {
  if (model === undefined) throw new Error('The model was not trained');
  return model;
}

function generatedFrame(seed: number): GrayFrame {
  const [sample] = generateEllipseSamples({ count: 1, seed, heads: [3, 3] });
  if (sample === undefined) throw new Error('No sample');
  return { index: frameIndex(0), ...sample.frame };
}

describe('loadDetectorFromModelFile', () => {
  it('answers a detector that finds what the packed model finds, and the model info', async () => {
    const path = join(dir, 'heads.zip');
    await writeFile(path, packModelBundle({ metadata, saved: saveWeights(trained()) }));
    const { detector, info } = await loadDetectorFromModelFile(path);
    expect(info).toEqual({ name: 'Heads, phase contrast', type: 'detection', classes: ['sperm'] });
    const frame = generatedFrame(77);
    const settings = resolveSettings();
    const detections = await detector.detect(frame, settings);
    const expected = new TrainedHeadDetector(trained()).detect(frame, settings);
    expect(detections.map((d) => [d.x1, d.y1, d.x2, d.y2].map(Math.round))).toEqual(
      expected.map((d) => [d.x1, d.y1, d.x2, d.y2].map(Math.round)),
    );
  });

  it('loads a fresh (untrained) model too', async () => {
    const fresh = createHeadDetector(undefined, 5);
    const path = join(dir, 'fresh.zip');
    await writeFile(
      path,
      packModelBundle({ metadata: { ...metadata, name: 'Fresh' }, saved: saveWeights(fresh) }),
    );
    fresh.dispose();
    const { detector, info } = await loadDetectorFromModelFile(path);
    expect(info.name).toBe('Fresh');
    expect(Array.isArray(await detector.detect(generatedFrame(3), resolveSettings()))).toBe(true);
  });

  it('refuses a morphology model', async () => {
    const path = join(dir, 'shapes.zip');
    const fresh = createHeadDetector(undefined, 5);
    await writeFile(
      path,
      packModelBundle({
        metadata: { ...metadata, type: 'morphology', classes: ['normal', 'abnormal'] },
        saved: saveWeights(fresh),
      }),
    );
    fresh.dispose();
    await expect(loadDetectorFromModelFile(path)).rejects.toThrow(
      'shapes.zip is a morphology model: --model needs a detection model',
    );
  });

  it('refuses a file that is not a SARM model, and names a missing one', async () => {
    const path = join(dir, 'notes.zip');
    await writeFile(path, 'not a zip');
    await expect(loadDetectorFromModelFile(path)).rejects.toThrow(
      'Not a SARM model: notes.zip: the file is not a zip archive',
    );
    await expect(loadDetectorFromModelFile(join(dir, 'missing.zip'))).rejects.toThrow(
      /^Cannot read model file ".*missing\.zip": no such file$/,
    );
  });
});
