/** The head detector network: a few convolutions down to stride 4 or 2, a heat map and box size head. */
import * as tf from '@tensorflow/tfjs-core';
import { seededRandom } from '../random.js';
import { heNormalScale, modelOfVariables, randomNormalVariable } from '../variables.js';

/** Input pixels per output cell a head detector may have. */
export type HeadDetectorStride = 2 | 4;

/** The strides a head detector may have. */
export const HEAD_DETECTOR_STRIDES: readonly HeadDetectorStride[] = [2, 4];

/** What defines the network's shape; saved with the weights. */
export interface HeadDetectorArchitecture {
  readonly kind: 'sarm-head-detector';
  readonly version: 1;
  /**
   * Output channels of each 3x3 convolution; the first two (stride 4) or the first (stride 2)
   * step by 2 pixels.
   */
  readonly channels: readonly number[];
  /** Input pixels per output cell: 4 (every file saved before the choice) or 2. */
  readonly stride: HeadDetectorStride;
  /**
   * Heat a peak needs to count as a head, chosen on the validation frames of the kept epoch;
   * absent in untrained models and older files, which use `DEFAULT_THRESHOLD`.
   */
  readonly threshold?: number;
}

export const DEFAULT_ARCHITECTURE: HeadDetectorArchitecture = {
  kind: 'sarm-head-detector',
  version: 1,
  channels: [4, 4, 8],
  stride: 4,
};

/** A network with its trainable variables, in a fixed order. */
export interface HeadDetectorModel {
  readonly architecture: HeadDetectorArchitecture;
  readonly variables: readonly tf.Variable[];
  /** Frees the variables' memory. */
  dispose(): void;
}

/** Output channels of the last 1x1 convolution: heat logit, log width, log height (in cells). */
const HEAD_CHANNELS = 3;
/** Initial heat logit: a prior of ~1% heads per cell keeps early losses small. */
const HEAT_PRIOR_LOGIT = -4.6;

/** Layer shapes of an architecture: [filter shape, stride] per convolution, the head last. */
export function layerShapes(
  architecture: HeadDetectorArchitecture,
): { filter: [number, number, number, number]; stride: number }[] {
  const layers: { filter: [number, number, number, number]; stride: number }[] = [];
  let inC = 1;
  const strided = architecture.stride === 2 ? 1 : 2;
  architecture.channels.forEach((outC, i) => {
    layers.push({ filter: [3, 3, inC, outC], stride: i < strided ? 2 : 1 });
    inC = outC;
  });
  layers.push({ filter: [1, 1, inC, HEAD_CHANNELS], stride: 1 });
  return layers;
}

/** A freshly initialised network (He-normal weights), the same for the same seed. */
export function createHeadDetector(
  architecture: HeadDetectorArchitecture = DEFAULT_ARCHITECTURE,
  seed = 1,
): HeadDetectorModel {
  const random = seededRandom(seed);
  const variables: tf.Variable[] = [];
  const shapes = layerShapes(architecture);
  shapes.forEach(({ filter }, i) => {
    const last = i === shapes.length - 1;
    variables.push(randomNormalVariable(filter, last ? 0.01 : heNormalScale(filter), random));
    const bias = new Float32Array(filter[3]);
    if (last) bias[0] = HEAT_PRIOR_LOGIT;
    variables.push(tf.variable(tf.tensor1d(bias)));
  });
  return modelFromVariables(architecture, variables);
}

/** Wraps variables (weights then bias per layer) as a model. */
export const modelFromVariables: (
  architecture: HeadDetectorArchitecture,
  variables: tf.Variable[],
) => HeadDetectorModel = modelOfVariables;

/**
 * Runs the network on a batch [n, h, w, 1] of standardised frames (h, w multiples of the stride)
 * and answers raw outputs [n, h/stride, w/stride, 3]: heat logit, log width and log height in
 * cells.
 */
export function forward(model: HeadDetectorModel, input: tf.Tensor4D): tf.Tensor4D {
  return tf.tidy(() => {
    const shapes = layerShapes(model.architecture);
    let x: tf.Tensor4D = input;
    shapes.forEach(({ stride }, i) => {
      const w = model.variables[2 * i];
      const b = model.variables[2 * i + 1];
      if (w === undefined || b === undefined)
        throw new Error('Model variables do not match its architecture');
      const y = tf.add<tf.Tensor4D>(tf.conv2d(x, w as tf.Tensor4D, stride, 'same'), b);
      x = i === shapes.length - 1 ? y : tf.relu(y);
    });
    return x;
  });
}
