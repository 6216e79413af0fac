/** Packing frames and boxes into input and target tensors, and the training loss. */
import * as tf from '@tensorflow/tfjs-core';
import type { PixelBox } from '../types.js';
import {
  encodeTargetsInto,
  HEAT_SIGMA_CELLS,
  paddedSize,
  STRIDE,
  standardiseInto,
} from './encode.js';
import { localStandardiseInto } from './local-standardise.js';
import type { HeadDetectorModel, HeadDetectorNormalisation } from './model.js';
import { forward } from './model.js';

/** One frame ready for the network: float grey values and its boxes. */
export interface PreparedFrame {
  readonly image: Float32Array;
  readonly width: number;
  readonly height: number;
  readonly boxes: readonly PixelBox[];
  /** Factor and offset applied after standardisation (augmentation only; 1 and 0 if absent). */
  readonly gain?: number;
  readonly shift?: number;
}

/** Weight of a cell's heat error grows with its target, so the few head cells are not drowned. */
const POSITIVE_WEIGHT = 10;
/** Weight of the box size error against the heat error. */
const SIZE_WEIGHT = 0.1;

/** How targets are laid out: pixels per output cell and the heat peak's radius in cells. */
export interface TargetEncoding {
  readonly stride: number;
  readonly sigmaCells: number;
}

/** The encoding of version 1 models saved before the stride could be chosen. */
export const DEFAULT_ENCODING: TargetEncoding = { stride: STRIDE, sigmaCells: HEAT_SIGMA_CELLS };

/**
 * Input [n, H, W, 1] of frames of one size, standardised (by the frame or by local windows) and
 * padded to multiples of the stride.
 */
export function inputTensor(
  frames: readonly PreparedFrame[],
  stride = STRIDE,
  normalisation: HeadDetectorNormalisation = 'frame',
): tf.Tensor4D {
  const standardise = normalisation === 'local' ? localStandardiseInto : standardiseInto;
  const first = frames[0];
  if (first === undefined) throw new Error('inputTensor: no frames');
  const pw = paddedSize(first.width, stride);
  const ph = paddedSize(first.height, stride);
  const data = new Float32Array(frames.length * pw * ph);
  frames.forEach((f, i) => {
    if (f.width !== first.width || f.height !== first.height) {
      throw new Error('inputTensor: frames of one batch must share a size');
    }
    standardise(f.image, f.width, f.height, data, i * pw * ph, stride);
    if (f.gain !== undefined || f.shift !== undefined) {
      jitterInto(data, i * pw * ph, f.width, f.height, pw, f.gain ?? 1, f.shift ?? 0);
    }
  });
  return tf.tensor4d(data, [frames.length, ph, pw, 1]);
}

/** Multiplies and shifts the frame's standardised values (not its zero padding) in place. */
function jitterInto(
  data: Float32Array,
  offset: number,
  width: number,
  height: number,
  paddedWidth: number,
  gain: number,
  shift: number,
): void {
  for (let y = 0; y < height; y += 1) {
    const row = offset + y * paddedWidth;
    for (let x = 0; x < width; x += 1) data[row + x] = (data[row + x] ?? 0) * gain + shift;
  }
}

/** Targets [n, h/stride, w/stride, 3] and size mask [n, h/stride, w/stride, 1] of frames of one size. */
export function targetTensors(
  frames: readonly PreparedFrame[],
  encoding: TargetEncoding = DEFAULT_ENCODING,
): {
  target: tf.Tensor4D;
  mask: tf.Tensor4D;
} {
  const first = frames[0];
  if (first === undefined) throw new Error('targetTensors: no frames');
  const { stride, sigmaCells } = encoding;
  const gw = paddedSize(first.width, stride) / stride;
  const gh = paddedSize(first.height, stride) / stride;
  const cells = gw * gh;
  const target = new Float32Array(frames.length * cells * 3);
  const mask = new Float32Array(frames.length * cells);
  frames.forEach((f, i) =>
    encodeTargetsInto(f.boxes, gw, gh, target, mask, i * cells * 3, stride, sigmaCells),
  );
  return {
    target: tf.tensor4d(target, [frames.length, gh, gw, 3]),
    mask: tf.tensor4d(mask, [frames.length, gh, gw, 1]),
  };
}

/**
 * Loss of raw outputs against targets: heat binary cross-entropy weighted by 1 + 10·target (mean
 * over cells) plus 0.1 × the L1 error of log box sizes at head cells (mean over heads).
 */
export function detectorLoss(
  output: tf.Tensor4D,
  target: tf.Tensor4D,
  mask: tf.Tensor4D,
): tf.Scalar {
  return tf.tidy(() => {
    const logit = tf.slice(output, [0, 0, 0, 0], [-1, -1, -1, 1]);
    const size = tf.slice(output, [0, 0, 0, 1], [-1, -1, -1, 2]);
    const heat = tf.slice(target, [0, 0, 0, 0], [-1, -1, -1, 1]);
    const sizeTarget = tf.slice(target, [0, 0, 0, 1], [-1, -1, -1, 2]);
    // Stable BCE with logits: max(z, 0) − z·t + log(1 + e^−|z|).
    const bce = tf.add(
      tf.sub(tf.relu(logit), tf.mul(logit, heat)),
      tf.log1p(tf.exp(tf.neg(tf.abs(logit)))),
    );
    const weights = tf.add(1, tf.mul(POSITIVE_WEIGHT, heat));
    const heatLoss = tf.mean(tf.mul(bce, weights));
    const sizeError = tf.sum(tf.mul(tf.abs(tf.sub(size, sizeTarget)), mask));
    const heads = tf.add(tf.sum(mask), 1);
    return tf.add<tf.Scalar>(heatLoss, tf.mul(SIZE_WEIGHT, tf.div(sizeError, heads)));
  });
}

/** The loss of a model on prepared frames of one size (no gradient). */
export function lossOf(
  model: HeadDetectorModel,
  frames: readonly PreparedFrame[],
  sigmaCells = HEAT_SIGMA_CELLS,
): tf.Scalar {
  return tf.tidy(() => {
    const { stride, normalisation } = model.architecture;
    const { target, mask } = targetTensors(frames, { stride, sigmaCells });
    const input = inputTensor(frames, stride, normalisation);
    return detectorLoss(forward(model, input), target, mask);
  });
}

/** Groups frames by size so each group can be one tensor. */
export function groupBySize<T extends { width: number; height: number }>(
  items: readonly T[],
): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = `${item.width}x${item.height}`;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return [...groups.values()];
}
