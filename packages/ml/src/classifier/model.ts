/** The morphology classifier network: strided 3x3 convolutions, global average pooling, dense. */
import * as tf from '@tensorflow/tfjs-core';
import { seededRandom } from '../random.js';
import { heNormalScale, modelOfVariables, randomNormalVariable } from '../variables.js';

/** What defines the network's shape; saved with the weights. */
export interface MorphologyClassifierArchitecture {
  readonly kind: 'sarm-morphology-classifier';
  readonly version: 1;
  /** Class names; a label or an output index points into this list. */
  readonly classes: readonly string[];
  /** Side of the square input in pixels (a multiple of 4); crops are resized to it. */
  readonly inputSize: number;
  /** Output channels of each 3x3 convolution, every one with stride 2. */
  readonly channels: readonly number[];
}

/** Input channels: standardised grey and the cell mask. */
export const INPUT_CHANNELS = 2;

/** The default input size and convolutions: 48 → 24 → 12 → 6 → 3 pixels. */
export const DEFAULT_CLASSIFIER_SHAPE = { inputSize: 48, channels: [16, 32, 64, 64] } as const;

/** The default architecture for a list of classes. */
export function classifierArchitecture(
  classes: readonly string[],
  shape: { inputSize: number; channels: readonly number[] } = DEFAULT_CLASSIFIER_SHAPE,
): MorphologyClassifierArchitecture {
  const architecture: MorphologyClassifierArchitecture = {
    kind: 'sarm-morphology-classifier',
    version: 1,
    classes: [...classes],
    inputSize: shape.inputSize,
    channels: [...shape.channels],
  };
  checkArchitecture(architecture);
  return architecture;
}

/** Throws a RangeError naming what is wrong with an architecture. */
export function checkArchitecture(architecture: MorphologyClassifierArchitecture): void {
  const { kind, version, classes, inputSize, channels } = architecture;
  if (kind !== 'sarm-morphology-classifier' || version !== 1) {
    throw new RangeError('Not a version 1 SARM morphology classifier');
  }
  if (classes.length < 2) throw new RangeError('A classifier needs at least two classes');
  if (!Number.isInteger(inputSize) || inputSize < 8 || inputSize % 4 !== 0) {
    throw new RangeError(`inputSize must be a multiple of 4 from 8 up, not ${inputSize}`);
  }
  if (channels.length === 0 || channels.some((c) => !Number.isInteger(c) || c < 1)) {
    throw new RangeError('channels must list at least one positive whole number');
  }
}

/** A network with its trainable variables in a fixed order: weights then bias per layer. */
export interface MorphologyClassifierModel {
  readonly architecture: MorphologyClassifierArchitecture;
  readonly variables: readonly tf.Variable[];
  /** Frees the variables' memory. */
  dispose(): void;
}

/** Shapes of every variable in order: per convolution its filter and bias, then dense and bias. */
export function variableShapes(architecture: MorphologyClassifierArchitecture): number[][] {
  const shapes: number[][] = [];
  let inC = INPUT_CHANNELS;
  for (const outC of architecture.channels) {
    shapes.push([3, 3, inC, outC], [outC]);
    inC = outC;
  }
  shapes.push([inC, architecture.classes.length], [architecture.classes.length]);
  return shapes;
}

/** A freshly initialised network (He-normal weights, zero biases), the same for the same seed. */
export function createMorphologyClassifier(
  architecture: MorphologyClassifierArchitecture,
  seed = 1,
): MorphologyClassifierModel {
  checkArchitecture(architecture);
  const random = seededRandom(seed);
  const variables = variableShapes(architecture).map((shape) =>
    shape.length === 1
      ? tf.variable(tf.zeros(shape))
      : randomNormalVariable(shape, heNormalScale(shape), random),
  );
  return modelFromVariables(architecture, variables);
}

/** Wraps variables (in the order of `variableShapes`) as a model. */
export const modelFromVariables: (
  architecture: MorphologyClassifierArchitecture,
  variables: tf.Variable[],
) => MorphologyClassifierModel = modelOfVariables;

/**
 * Runs the network on a batch [n, size, size, 2] of prepared inputs and answers class logits
 * [n, classes]. Training needs `registerClassifierGradients()` (the dense layer's MatMul).
 */
export function forwardClassifier(
  model: MorphologyClassifierModel,
  input: tf.Tensor4D,
): tf.Tensor2D {
  return tf.tidy(() => {
    const variable = (i: number): tf.Variable => {
      const v = model.variables[i];
      if (v === undefined) throw new Error('Model variables do not match its architecture');
      return v;
    };
    let x: tf.Tensor4D = input;
    model.architecture.channels.forEach((_, i) => {
      const conv = tf.conv2d(x, variable(2 * i) as tf.Tensor4D, 2, 'same');
      x = tf.relu(tf.add<tf.Tensor4D>(conv, variable(2 * i + 1)));
    });
    const pooled = tf.mean<tf.Tensor2D>(x, [1, 2]);
    const layers = model.architecture.channels.length;
    const dense = variable(2 * layers) as tf.Tensor2D;
    return tf.add<tf.Tensor2D>(tf.matMul(pooled, dense), variable(2 * layers + 1));
  });
}
