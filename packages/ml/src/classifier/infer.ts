/** Running a trained morphology classifier on crops. */
import * as tf from '@tensorflow/tfjs-core';
import type { PreparedCrop } from './input.js';
import { inputTensor, prepareCrop } from './input.js';
import type { MorphologyClassifierModel } from './model.js';
import { forwardClassifier } from './model.js';
import type { MorphologyCrop, MorphologyPrediction } from './types.js';

/** Crops per forward pass when classifying. */
export const DEFAULT_CLASSIFY_BATCH = 64;

/** Class probabilities [classes] of each prepared crop, in the order given. */
export function predictProbabilities(
  model: MorphologyClassifierModel,
  crops: readonly PreparedCrop[],
  batchSize = DEFAULT_CLASSIFY_BATCH,
): Float32Array[] {
  const classCount = model.architecture.classes.length;
  const results: Float32Array[] = [];
  for (let start = 0; start < crops.length; start += batchSize) {
    const chunk = crops.slice(start, start + batchSize);
    const probabilities = tf.tidy(() =>
      tf.softmax(forwardClassifier(model, inputTensor(chunk, model.architecture.inputSize))),
    );
    const values = probabilities.dataSync();
    probabilities.dispose();
    chunk.forEach((_, i) => {
      results.push(Float32Array.from(values.subarray(i * classCount, (i + 1) * classCount)));
    });
  }
  return results;
}

/** Index of the largest value (the first of equals). */
export function argMax(values: ArrayLike<number>): number {
  let best = 0;
  for (let i = 1; i < values.length; i += 1) {
    if ((values[i] ?? -Infinity) > (values[best] ?? -Infinity)) best = i;
  }
  return best;
}

/**
 * The class of each crop (any size, mask optional), in the order given, batched. Needs
 * `initBackend()` to have finished.
 */
export function classifyCrops(
  model: MorphologyClassifierModel,
  crops: readonly MorphologyCrop[],
  batchSize = DEFAULT_CLASSIFY_BATCH,
): MorphologyPrediction[] {
  const { classes, inputSize } = model.architecture;
  const prepared = crops.map((c) => prepareCrop(c, inputSize));
  return predictProbabilities(model, prepared, batchSize).map((p) => {
    const classIndex = argMax(p);
    return {
      classIndex,
      className: classes[classIndex] ?? '',
      confidence: p[classIndex] ?? 0,
      probabilities: [...p],
    };
  });
}
