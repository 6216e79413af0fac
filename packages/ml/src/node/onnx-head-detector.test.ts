import { DETECTIONS_IN_FLIGHT, frameIndex, resolveSettings } from '@sarm/casa';
import * as tf from '@tensorflow/tfjs-core';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initBackend } from '../backend.js';
import { TrainedHeadDetector } from '../detector/casa-detector.js';
import { paddedSize, standardiseInto } from '../detector/encode.js';
import { localStandardiseInto } from '../detector/local-standardise.js';
import type { HeadDetectorModel } from '../detector/model.js';
import { createHeadDetector, DEFAULT_ARCHITECTURE, forward } from '../detector/model.js';
import { headDetectorToOnnx } from '../detector/onnx-export.js';
import { ONNX_HEAD_INPUT, ONNX_HEAD_OUTPUT, ONNX_HEAD_PADS } from '../detector/onnx-io.js';
import { trainHeadDetector } from '../detector/train.js';
import { saveWeights } from '../detector/weights.js';
import { generateEllipseSamples } from '../synthetic.js';
import type { GreyImage } from '../types.js';
import { defaultHeadWorkers, OnnxHeadDetector } from './onnx-head-detector.js';

let trained: HeadDetectorModel | undefined;
beforeAll(async () => {
  await initBackend();
  ({ model: trained } = await trainHeadDetector(generateEllipseSamples({ count: 12, seed: 21 }), {
    epochs: 3,
    batchSize: 6,
    learningRate: 0.01,
  }));
});
afterAll(() => trained?.dispose());

function model(): HeadDetectorModel {
  if (trained === undefined) throw new Error('The model was not trained');
  return trained;
}

/** A frame of random grey values, `width` x `height`. */
function noise(width: number, height: number, seed: number): GreyImage {
  const data = new Uint8Array(width * height);
  let state = seed;
  for (let i = 0; i < data.length; i++) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    data[i] = state % 256;
  }
  return { width, height, data };
}

/**
 * The network's output on a frame, NHWC with the heat through the sigmoid, by TensorFlow.js
 * (standardised in JavaScript) and by ONNX Runtime (the graph standardises the bytes itself).
 */
async function bothOutputs(network: HeadDetectorModel, frame: GreyImage) {
  const { stride, normalisation } = network.architecture;
  const width = paddedSize(frame.width, stride);
  const height = paddedSize(frame.height, stride);
  const input = new Float32Array(width * height);
  const standardise = normalisation === 'local' ? localStandardiseInto : standardiseInto;
  standardise(frame.data, frame.width, frame.height, input, 0, stride);
  const tfjs = tf.tidy(() => {
    const raw = forward(network, tf.tensor4d(input, [1, height, width, 1]));
    const heat = tf.sigmoid(tf.slice(raw, [0, 0, 0, 0], [-1, -1, -1, 1]));
    return tf.concat([heat, tf.slice(raw, [0, 0, 0, 1], [-1, -1, -1, 2])], 3);
  });
  const expected = tfjs.dataSync() as Float32Array;
  tfjs.dispose();
  const session = await InferenceSession.create(headDetectorToOnnx(saveWeights(network)));
  const pads = [0, 0, 0, 0, 0, 0, height - frame.height, width - frame.width].map(BigInt);
  const outputs = await session.run({
    [ONNX_HEAD_INPUT]: new Tensor('uint8', frame.data, [1, 1, frame.height, frame.width]),
    [ONNX_HEAD_PADS]: new Tensor('int64', BigInt64Array.from(pads), [8]),
  });
  await session.release();
  const planes = outputs[ONNX_HEAD_OUTPUT]?.data as Float32Array;
  const cells = planes.length / 3;
  const actual = new Float32Array(planes.length);
  for (let i = 0; i < cells; i++)
    for (let c = 0; c < 3; c++) actual[i * 3 + c] = planes[c * cells + i] ?? Number.NaN;
  return { expected, actual };
}

describe('headDetectorToOnnx', () => {
  it('computes what TensorFlow.js computes, on sizes that need padding too', async () => {
    const untrained = createHeadDetector(undefined, 9);
    const fine = createHeadDetector({ ...DEFAULT_ARCHITECTURE, stride: 2, channels: [4, 4, 4] }, 5);
    const withContext = createHeadDetector(
      {
        ...DEFAULT_ARCHITECTURE,
        stride: 2,
        channels: [4, 4],
        context: [4, 4],
        normalisation: 'local',
      },
      6,
    );
    for (const [network, frame] of [
      [model(), noise(70, 50, 1)],
      [untrained, noise(64, 48, 2)],
      [model(), noise(640, 480, 3)],
      [fine, noise(71, 49, 4)],
      // Fine grids of 36 x 25 and 32 x 24 cells: odd and even context grids.
      [withContext, noise(71, 49, 5)],
      [withContext, noise(64, 48, 6)],
    ] as const) {
      const { expected, actual } = await bothOutputs(network, frame);
      const { stride } = network.architecture;
      const cells =
        (paddedSize(frame.width, stride) * paddedSize(frame.height, stride)) / stride ** 2;
      expect(expected.length).toBe(cells * 3);
      expect(actual.length).toBe(expected.length);
      let worst = 0;
      for (let i = 0; i < expected.length; i++)
        worst = Math.max(worst, Math.abs((actual[i] ?? 0) - (expected[i] ?? 0)));
      expect(worst).toBeLessThan(1e-3);
    }
    untrained.dispose();
    fine.dispose();
    withContext.dispose();
  });

  it('refuses weights that do not fit the architecture', () => {
    const saved = saveWeights(model());
    expect(() => headDetectorToOnnx({ ...saved, weights: saved.weights.slice(1) })).toThrow(
      'Saved weights do not match the architecture',
    );
  });
});

describe('OnnxHeadDetector', () => {
  it.each([
    ['on the calling thread', 0],
    ['in two worker threads', 2],
  ])('finds the heads the TensorFlow.js detector finds, %s', async (_where, workers) => {
    const detector = await OnnxHeadDetector.open(saveWeights(model()), { workers });
    const reference = new TrainedHeadDetector(model());
    const settings = resolveSettings();
    const frames = [31, 32, 33].map((seed) => {
      const [sample] = generateEllipseSamples({ count: 1, seed, heads: [4, 6] });
      if (sample === undefined) throw new Error('No sample');
      return { index: frameIndex(0), ...sample.frame };
    });
    const expected = frames.map((frame) => reference.detect(frame, settings));
    // All three at once, each frame's memory overwritten as soon as detect returns, as an
    // analysis that reuses its buffers does: the detector must have copied the pixels.
    const answers = frames.map((frame) => {
      const copy = { ...frame, data: frame.data.slice() };
      const answer = detector.detect(copy, settings);
      copy.data.fill(0);
      return answer;
    });
    let heads = 0;
    for (const [f, answer] of answers.entries()) {
      const actual = await answer;
      expect(actual.length).toBe(expected[f]?.length);
      actual.forEach((detection, i) => {
        expect(detection.x).toBeCloseTo(expected[f]?.[i]?.x ?? Number.NaN, 2);
        expect(detection.y).toBeCloseTo(expected[f]?.[i]?.y ?? Number.NaN, 2);
        expect(detection.confidence).toBeCloseTo(expected[f]?.[i]?.confidence ?? Number.NaN, 3);
      });
      heads += actual.length;
    }
    expect(heads).toBeGreaterThan(0);
    await detector.release();
  });

  it('finds the heads of a stride-2 model as the TensorFlow.js detector does', async () => {
    const { model: fine } = await trainHeadDetector(
      generateEllipseSamples({ count: 12, seed: 22 }),
      {
        epochs: 2,
        batchSize: 6,
        learningRate: 0.01,
        // Two epochs at a falling rate leave no peak to compare; this test compares runtimes.
        finalLearningRateShare: 1,
        architecture: { ...DEFAULT_ARCHITECTURE, stride: 2, channels: [4, 4, 4] },
      },
    );
    const detector = await OnnxHeadDetector.open(saveWeights(fine, 0.05), { workers: 0 });
    const reference = new TrainedHeadDetector(fine, { threshold: 0.05 });
    const [sample] = generateEllipseSamples({ count: 1, seed: 34, heads: [4, 6] });
    if (sample === undefined) throw new Error('No sample');
    const frame = { index: frameIndex(0), ...sample.frame };
    const settings = resolveSettings();
    const expected = reference.detect(frame, settings);
    const actual = await detector.detect(frame, settings);
    expect(expected.length).toBeGreaterThan(0);
    expect(actual.length).toBe(expected.length);
    actual.forEach((d, i) => {
      expect(d.x).toBeCloseTo(expected[i]?.x ?? Number.NaN, 2);
      expect(d.y).toBeCloseTo(expected[i]?.y ?? Number.NaN, 2);
    });
    await detector.release();
    fine.dispose();
  });

  it('runs on the calling thread unless the machine has four CPUs or more', () => {
    expect(defaultHeadWorkers(1)).toBe(0);
    expect(defaultHeadWorkers(2)).toBe(0);
    expect(defaultHeadWorkers(3)).toBe(0);
    expect(defaultHeadWorkers(4)).toBe(DETECTIONS_IN_FLIGHT);
    expect(defaultHeadWorkers(16)).toBe(DETECTIONS_IN_FLIGHT);
  });
});
