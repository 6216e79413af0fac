import {
  DEFAULT_CLASSIFIER_SHAPE,
  type MorphologyCrop,
  type MorphologyPrediction,
  resizeBilinear,
} from '@sarm/ml';
import { type InferenceSession, Tensor } from 'onnxruntime-node';
import {
  fixedDim,
  imageInputOf,
  ONNX_MODEL_MESSAGES,
  OnnxModelShapeError,
  trialOutputDims,
} from './onnx-model-files.js';

/** Crops per run when the model takes a batch of any size. */
const BATCH = 64;

/** What an ONNX classifier takes, learnt from its metadata. */
export interface OnnxClassifierLayout {
  readonly inputName: string;
  /** 1: grey; 2: grey and mask. */
  readonly channels: 1 | 2;
  /** Side S of the square input. */
  readonly size: number;
  /** Crops per run: 1 for a model whose batch is fixed at 1. */
  readonly batch: number;
}

/**
 * Checks that a session is a classifier of `classCount` classes (one crop input [1|N,1|2,S,S],
 * one score per class out) by its metadata and a run on a blank crop; throws
 * {@link OnnxModelShapeError} naming what is wrong. A symbolic S takes the built-in classifier's.
 */
export async function inspectOnnxClassifier(
  session: InferenceSession,
  classCount: number,
): Promise<OnnxClassifierLayout> {
  const input = imageInputOf(session);
  const [batch, channels, height, width] = input?.shape ?? [];
  const side = fixedDim(height) ?? fixedDim(width) ?? DEFAULT_CLASSIFIER_SHAPE.inputSize;
  const square = [height, width].every((dim) => fixedDim(dim) === null || dim === side);
  if (input === null || (channels !== 1 && channels !== 2) || !square)
    throw new OnnxModelShapeError(ONNX_MODEL_MESSAGES.classifierInput);
  const dims = await trialOutputDims(session, input.name, [1, channels, side, side]);
  const values = dims?.reduce((product, dim) => product * dim, 1);
  if (dims === null || values !== classCount || (dims.length > 1 && dims[0] !== 1))
    throw new OnnxModelShapeError(ONNX_MODEL_MESSAGES.classifierOutput(classCount));
  return { inputName: input.name, channels, size: side, batch: batch === 1 ? 1 : BATCH };
}

/**
 * One crop as the input planes: grey resized (bilinear) and standardised as the TF.js classifier
 * does (zero mean, divided by the standard deviation when above 1), then the mask resized (0-1;
 * zeros without a mask) when the model takes it.
 */
export function cropPlanes(crop: MorphologyCrop, size: number, channels: 1 | 2): Float32Array {
  const plane = size * size;
  const out = new Float32Array(plane * channels);
  const grey = resizeBilinear(crop.crop, size, size);
  let mean = 0;
  for (const value of grey) mean += value;
  mean /= plane;
  let variance = 0;
  for (const value of grey) variance += (value - mean) ** 2;
  const scale = 1 / Math.max(Math.sqrt(variance / plane), 1);
  for (let i = 0; i < plane; i++) out[i] = ((grey[i] ?? 0) - mean) * scale;
  if (channels === 2 && crop.mask !== undefined)
    out.set(
      resizeBilinear(
        { width: crop.crop.width, height: crop.crop.height, data: crop.mask },
        size,
        size,
      ),
      plane,
    );
  return out;
}

/** Softmax of a row of scores. */
export function softmax(scores: ArrayLike<number>): number[] {
  const values = Array.from(scores);
  const top = Math.max(...values);
  const exps = values.map((value) => Math.exp(value - top));
  const sum = exps.reduce((total, value) => total + value, 0);
  return exps.map((value) => value / sum);
}

/**
 * The class of each crop (any size, mask optional) by an imported ONNX classifier, in the order
 * given: softmax over the model's scores, the most probable class with its probability.
 */
export async function classifyCropsOnnx(
  session: InferenceSession,
  layout: OnnxClassifierLayout,
  classes: readonly string[],
  crops: readonly MorphologyCrop[],
): Promise<MorphologyPrediction[]> {
  const { size, channels } = layout;
  const perCrop = channels * size * size;
  const predictions: MorphologyPrediction[] = [];
  for (let start = 0; start < crops.length; start += layout.batch) {
    const chunk = crops.slice(start, start + layout.batch);
    const data = new Float32Array(chunk.length * perCrop);
    chunk.forEach((crop, i) => data.set(cropPlanes(crop, size, channels), i * perCrop));
    const result = await session.run({
      [layout.inputName]: new Tensor('float32', data, [chunk.length, channels, size, size]),
    });
    const output = result[session.outputNames[0] ?? ''];
    if (!(output instanceof Tensor) || !(output.data instanceof Float32Array))
      throw new Error('The ONNX classifier answered no float scores');
    const scores = output.data;
    chunk.forEach((_, i) => {
      const probabilities = softmax(scores.subarray(i * classes.length, (i + 1) * classes.length));
      let classIndex = 0;
      probabilities.forEach((p, k) => {
        if (p > (probabilities[classIndex] ?? 0)) classIndex = k;
      });
      predictions.push({
        classIndex,
        className: classes[classIndex] ?? '',
        confidence: probabilities[classIndex] ?? 0,
        probabilities,
      });
    });
  }
  return predictions;
}
