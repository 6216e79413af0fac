/** Saving and loading a morphology classifier as plain data (no files: the caller stores it). */
import * as tf from '@tensorflow/tfjs-core';
import type { MorphologyClassifierArchitecture, MorphologyClassifierModel } from './model.js';
import { checkArchitecture, modelFromVariables, variableShapes } from './model.js';

/** A model as data: architecture (JSON-safe), each variable's shape, and all values in one array. */
export interface SavedMorphologyClassifier {
  readonly architecture: MorphologyClassifierArchitecture;
  readonly shapes: number[][];
  readonly weights: Float32Array;
}

/** Copies a model's weights out of the backend. */
export function saveClassifierWeights(model: MorphologyClassifierModel): SavedMorphologyClassifier {
  const shapes = model.variables.map((v) => [...v.shape]);
  const weights = new Float32Array(model.variables.reduce((n, v) => n + v.size, 0));
  let at = 0;
  for (const v of model.variables) {
    weights.set(v.dataSync(), at);
    at += v.size;
  }
  const { architecture } = model;
  return {
    architecture: {
      ...architecture,
      classes: [...architecture.classes],
      channels: [...architecture.channels],
    },
    shapes,
    weights,
  };
}

/** Rebuilds a model from saved data; throws an Error when the shapes do not fit the architecture. */
export function loadClassifierWeights(saved: SavedMorphologyClassifier): MorphologyClassifierModel {
  try {
    checkArchitecture(saved.architecture);
  } catch (error) {
    throw new Error(`Saved classifier: ${error instanceof Error ? error.message : String(error)}`);
  }
  const expected = variableShapes(saved.architecture);
  const describe = (shapes: readonly (readonly number[])[]): string =>
    shapes.map((s) => `[${s.join(',')}]`).join(' ');
  const total = expected.reduce((n, s) => n + s.reduce((a, b) => a * b, 1), 0);
  if (describe(expected) !== describe(saved.shapes)) {
    throw new Error(
      `Saved weights do not match the architecture: shapes ${describe(saved.shapes)}, expected ${describe(expected)}`,
    );
  }
  if (total !== saved.weights.length) {
    throw new Error(
      `Saved weights do not match the architecture: ${saved.weights.length} values, expected ${total}`,
    );
  }
  let at = 0;
  const variables = expected.map((shape) => {
    const size = shape.reduce((a, b) => a * b, 1);
    const values = saved.weights.slice(at, at + size);
    at += size;
    return tf.variable(tf.tensor(values, shape));
  });
  return modelFromVariables(saved.architecture, variables);
}
