/** The head detector network: a few convolutions down to stride 4 or 2, a heat map and box size head. */
import * as tf from '@tensorflow/tfjs-core';
import { seededRandom } from '../random.js';
import { heNormalScale, modelOfVariables, randomNormalVariable } from '../variables.js';

/** Input pixels per output cell a head detector may have. */
export type HeadDetectorStride = 2 | 4;

/** The strides a head detector may have. */
export const HEAD_DETECTOR_STRIDES: readonly HeadDetectorStride[] = [2, 4];

/**
 * How a frame is standardised before the network: by its own mean and deviation (`frame`, every
 * file saved before the choice) or by those of a window around each pixel (`local`, see
 * local-standardise.ts).
 */
export type HeadDetectorNormalisation = 'frame' | 'local';

/** The normalisations a head detector may have. */
export const HEAD_DETECTOR_NORMALISATIONS: readonly HeadDetectorNormalisation[] = [
  'frame',
  'local',
];

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
   * Output channels of a context branch at twice the stride, added back to the fine features
   * (see `LayerRole`): a receptive field several heads wide at little cost. Absent or empty
   * (older files): none.
   */
  readonly context?: readonly number[];
  /** How frames are standardised; absent (older files) means `frame`. */
  readonly normalisation?: HeadDetectorNormalisation;
  /**
   * Heat a peak needs to count as a head, chosen on the validation frames of the kept epoch;
   * absent in untrained models and older files, which use `DEFAULT_THRESHOLD`.
   */
  readonly threshold?: number;
}

/**
 * The network the server trains: 8, 8, 16 channels (issue 35: 4, 4, 8 was still learning at 40
 * epochs of the hard label; twice the channels learn it sooner, held-out F1 0.959 -> 0.978, for
 * about a quarter more time a frame in ONNX Runtime, where standardising and decoding stay).
 */
export const DEFAULT_ARCHITECTURE: HeadDetectorArchitecture = {
  kind: 'sarm-head-detector',
  version: 1,
  channels: [8, 8, 16],
  stride: 4,
};

/**
 * The opt-in network for dense real samples (issue 35, `bench:ml -- --real-crops`): stride 2,
 * a context branch at stride 4 and local-window normalisation. 40 to 70 times the default's
 * inference time, so videos keep the default.
 */
export const DENSE_SAMPLE_ARCHITECTURE: HeadDetectorArchitecture = {
  kind: 'sarm-head-detector',
  version: 1,
  channels: [8, 16],
  stride: 2,
  context: [16, 16, 16],
  normalisation: 'local',
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

/**
 * What a convolution does in the network: `fine` layers run at the output stride (the first ones
 * stepping down to it); `context` layers run at twice the stride (the first steps by 2); the
 * `projection` (1x1, no ReLU) brings them to the last fine layer's channels, repeated over the
 * fine grid and added to the fine features; the `merge` 3x3 mixes the sum; the `head` (1x1)
 * answers heat and box sizes.
 */
export type LayerRole = 'fine' | 'context' | 'projection' | 'merge' | 'head';

/** One convolution: [kh, kw, in, out], its step and its role. */
export interface LayerShape {
  readonly filter: [number, number, number, number];
  readonly stride: number;
  readonly role: LayerRole;
}

/** Layer shapes of an architecture, in the order of its variables (the head last). */
export function layerShapes(architecture: HeadDetectorArchitecture): LayerShape[] {
  const layers: LayerShape[] = [];
  let inC = 1;
  const strided = architecture.stride === 2 ? 1 : 2;
  architecture.channels.forEach((outC, i) => {
    layers.push({ filter: [3, 3, inC, outC], stride: i < strided ? 2 : 1, role: 'fine' });
    inC = outC;
  });
  const context = architecture.context ?? [];
  if (context.length > 0) {
    const fineC = inC;
    context.forEach((outC, i) => {
      layers.push({ filter: [3, 3, inC, outC], stride: i === 0 ? 2 : 1, role: 'context' });
      inC = outC;
    });
    layers.push({ filter: [1, 1, inC, fineC], stride: 1, role: 'projection' });
    layers.push({ filter: [3, 3, fineC, fineC], stride: 1, role: 'merge' });
    inC = fineC;
  }
  layers.push({ filter: [1, 1, inC, HEAD_CHANNELS], stride: 1, role: 'head' });
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
    let fine: tf.Tensor4D = input;
    shapes.forEach(({ stride, role }, i) => {
      const w = model.variables[2 * i];
      const b = model.variables[2 * i + 1];
      if (w === undefined || b === undefined)
        throw new Error('Model variables do not match its architecture');
      const y = tf.add<tf.Tensor4D>(tf.conv2d(x, w as tf.Tensor4D, stride, 'same'), b);
      switch (role) {
        case 'fine':
          x = tf.relu(y);
          fine = x;
          break;
        case 'context':
        case 'merge':
          x = tf.relu(y);
          break;
        case 'projection':
          x = tf.relu(tf.add<tf.Tensor4D>(fine, upsampleTo(y, fine.shape[1], fine.shape[2])));
          break;
        case 'head':
          x = y;
          break;
      }
    });
    return x;
  });
}

/**
 * Each cell of [n, h, w, c] repeated to a 2x2 block, cropped to [n, height, width, c] (at most
 * one row and column less): a reshape, a broadcast product and a slice, all with gradients.
 */
export function upsampleTo(x: tf.Tensor4D, height: number, width: number): tf.Tensor4D {
  const [n, h, w, c] = x.shape;
  const spread = tf.mul(tf.reshape(x, [n * h, 1, w, 1, c]), tf.ones([1, 2, 1, 2, 1]));
  const doubled = tf.reshape<tf.Rank.R4>(spread, [n, 2 * h, 2 * w, c]);
  if (height === 2 * h && width === 2 * w) return doubled;
  return tf.slice(doubled, [0, 0, 0, 0], [n, height, width, c]);
}
