/**
 * A model's trainable variables: seeded initialisation, wrapping with their architecture, and
 * saving or loading them as one flat array. Shared by the head detector and the classifier.
 */
import * as tf from '@tensorflow/tfjs-core';
import type { Random } from './random.js';
import { normal } from './random.js';

/** A network as its architecture and its trainable variables, in a fixed order. */
export interface VariablesModel<Architecture> {
  readonly architecture: Architecture;
  readonly variables: readonly tf.Variable[];
  /** Frees the variables' memory. */
  dispose(): void;
}

/** Wraps variables as a model that owns them. */
export function modelOfVariables<Architecture>(
  architecture: Architecture,
  variables: tf.Variable[],
): VariablesModel<Architecture> {
  return {
    architecture,
    variables,
    dispose() {
      for (const v of variables) v.dispose();
    },
  };
}

/** How many values a tensor of this shape holds. */
export function shapeSize(shape: readonly number[]): number {
  return shape.reduce((a, b) => a * b, 1);
}

/** He-normal scale of a weight whose last dimension is its outputs: sqrt(2 / fan-in). */
export function heNormalScale(shape: readonly number[]): number {
  return Math.sqrt(2 / shapeSize(shape.slice(0, -1)));
}

/** A variable of normal draws times `scale`, drawn in order from `random`. */
export function randomNormalVariable(
  shape: readonly number[],
  scale: number,
  random: Random,
): tf.Variable {
  const values = new Float32Array(shapeSize(shape));
  for (let i = 0; i < values.length; i += 1) values[i] = normal(random) * scale;
  return tf.variable(tf.tensor(values, [...shape]));
}

/** Variables as data: each one's shape, and all values in one array. */
export interface SavedVariables {
  readonly shapes: number[][];
  readonly weights: Float32Array;
}

/** Copies variables' values out of the backend. */
export function saveVariables(variables: readonly tf.Variable[]): SavedVariables {
  const shapes = variables.map((v) => [...v.shape]);
  const weights = new Float32Array(variables.reduce((n, v) => n + v.size, 0));
  let at = 0;
  for (const v of variables) {
    weights.set(v.dataSync(), at);
    at += v.size;
  }
  return { shapes, weights };
}

/**
 * Throws an Error saying how the saved shapes or values differ from what the architecture needs;
 * pure (no backend), so a runtime other than TensorFlow.js can check saved weights too.
 */
export function checkSavedShapes(
  expected: readonly (readonly number[])[],
  saved: SavedVariables,
): void {
  const describe = (shapes: readonly (readonly number[])[]): string =>
    shapes.map((s) => `[${s.join(',')}]`).join(' ');
  if (describe(expected) !== describe(saved.shapes)) {
    throw new Error(
      `Saved weights do not match the architecture: shapes ${describe(saved.shapes)}, expected ${describe(expected)}`,
    );
  }
  const total = expected.reduce((n, s) => n + shapeSize(s), 0);
  if (total !== saved.weights.length) {
    throw new Error(
      `Saved weights do not match the architecture: ${saved.weights.length} values, expected ${total}`,
    );
  }
}

/**
 * Rebuilds variables of the expected shapes from saved data; throws an Error saying how the saved
 * shapes or values differ from what the architecture needs.
 */
export function loadVariables(
  expected: readonly (readonly number[])[],
  saved: SavedVariables,
): tf.Variable[] {
  checkSavedShapes(expected, saved);
  let at = 0;
  return expected.map((shape) => {
    const size = shapeSize(shape);
    const values = saved.weights.slice(at, at + size);
    at += size;
    return tf.variable(tf.tensor(values, [...shape]));
  });
}
