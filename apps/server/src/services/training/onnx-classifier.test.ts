import type { MorphologyCrop } from '@sarm/ml';
import type { InferenceSession } from 'onnxruntime-node';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestClassifier } from '../../test/onnx-builder.js';
import { classifyCropsOnnx, cropPlanes, inspectOnnxClassifier } from './onnx-classifier.js';
import { ONNX_MODEL_MESSAGES, openOnnxSession } from './onnx-model-files.js';

const opened: InferenceSession[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((session) => session.release()));
});

async function open(bytes: Uint8Array) {
  const session = await openOnnxSession(bytes);
  opened.push(session);
  return session;
}

/** A 20x12 crop with a bright left half, with a mask covering `maskShare` of its columns. */
function crop(maskShare?: number): MorphologyCrop {
  const [width, height] = [20, 12];
  const data = new Uint8Array(width * height);
  const mask = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      data[y * width + x] = x < width / 2 ? 200 : 40;
      mask[y * width + x] = maskShare !== undefined && x < width * maskShare ? 1 : 0;
    }
  return maskShare === undefined
    ? { crop: { width, height, data } }
    : { crop: { width, height, data }, mask };
}

const classes = ['normal', 'head_defect', 'tail_defect'];
/** Scores: normal 1, head defect 4 × the mask's share, tail defect 0. */
const classifier = buildTestClassifier({
  channels: 2,
  size: 16,
  weights: [
    [0, 0, 0],
    [0, 4, 0],
  ],
  bias: [1, 0, 0],
});

describe('ONNX morphology classifier', () => {
  it('standardises the resized grey plane and puts the resized mask beside it', () => {
    const planes = cropPlanes(crop(0.5), 16, 2);
    const grey = planes.subarray(0, 256);
    const mean = grey.reduce((sum, v) => sum + v, 0) / 256;
    const variance = grey.reduce((sum, v) => sum + (v - mean) ** 2, 0) / 256;
    expect(mean).toBeCloseTo(0, 5);
    expect(variance).toBeCloseTo(1, 4);
    expect(planes.subarray(256).reduce((sum, v) => sum + v, 0) / 256).toBeCloseTo(0.5, 5);
    expect(
      cropPlanes(crop(), 16, 2)
        .subarray(256)
        .every((v) => v === 0),
    ).toBe(true);
  });

  it('classifies a batch of crops by softmax over the model scores', async () => {
    const session = await open(classifier);
    const layout = await inspectOnnxClassifier(session, classes.length);
    expect(layout).toMatchObject({ channels: 2, size: 16, batch: 64 });
    const predicted = await classifyCropsOnnx(session, layout, classes, [
      crop(),
      crop(1),
      crop(0.5),
    ]);
    expect(predicted.map((p) => p.className)).toEqual(['normal', 'head_defect', 'head_defect']);
    // No mask: softmax of [1, 0, 0].
    expect(predicted[0]?.confidence).toBeCloseTo(Math.E / (Math.E + 2), 5);
    // A full mask: softmax of [1, 4, 0].
    expect(predicted[1]?.confidence).toBeCloseTo(Math.exp(4) / (Math.E + Math.exp(4) + 1), 5);
    for (const p of predicted) expect(p.probabilities.reduce((s, v) => s + v, 0)).toBeCloseTo(1);
  });

  it('runs a model whose batch is fixed at 1 one crop at a time', async () => {
    const session = await open(
      buildTestClassifier({ channels: 1, size: 8, weights: [[0, 0]], bias: [0, 1], batch: 1 }),
    );
    const layout = await inspectOnnxClassifier(session, 2);
    expect(layout.batch).toBe(1);
    const predicted = await classifyCropsOnnx(session, layout, ['a', 'b'], [crop(), crop(1)]);
    expect(predicted.map((p) => p.className)).toEqual(['b', 'b']);
  });

  it('refuses a model whose scores do not match the classes', async () => {
    const session = await open(classifier);
    await expect(inspectOnnxClassifier(session, 5)).rejects.toThrow(
      ONNX_MODEL_MESSAGES.classifierOutput(5),
    );
  });
});
