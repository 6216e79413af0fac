/** Saving and loading a head detector as plain data (no files: the caller stores or zips it). */
import * as tf from '@tensorflow/tfjs-core';
import type { HeadDetectorArchitecture, HeadDetectorModel } from './model.js';
import { layerShapes, modelFromVariables } from './model.js';

/** A model as data: architecture (JSON-safe), each variable's shape, and all values in one array. */
export interface SavedHeadDetector {
  readonly architecture: HeadDetectorArchitecture;
  readonly shapes: number[][];
  readonly weights: Float32Array;
}

/** Copies a model's weights out of the backend. */
export function saveWeights(model: HeadDetectorModel): SavedHeadDetector {
  const shapes = model.variables.map((v) => [...v.shape]);
  const total = model.variables.reduce((n, v) => n + v.size, 0);
  const weights = new Float32Array(total);
  let at = 0;
  for (const v of model.variables) {
    weights.set(v.dataSync(), at);
    at += v.size;
  }
  return { architecture: { ...model.architecture }, shapes, weights };
}

/** Rebuilds a model from saved data; throws when the shapes do not fit the architecture. */
export function loadWeights(saved: SavedHeadDetector): HeadDetectorModel {
  if (saved.architecture.kind !== 'sarm-head-detector' || saved.architecture.version !== 1) {
    throw new Error('Not a version 1 SARM head detector');
  }
  const expected = layerShapes(saved.architecture).flatMap((l) => [l.filter, [l.filter[3]]]);
  const same =
    expected.length === saved.shapes.length &&
    expected.every((s, i) => s.join('x') === (saved.shapes[i] ?? []).join('x'));
  const total = expected.reduce((n, s) => n + s.reduce((a, b) => a * b, 1), 0);
  if (!same || total !== saved.weights.length) {
    throw new Error('Saved weights do not match the architecture');
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
