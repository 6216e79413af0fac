/** Running a trained head detector on frames. */
import * as tf from '@tensorflow/tfjs-core';
import type { GreyImage, HeadPrediction } from '../types.js';
import type { PreparedFrame } from './batch.js';
import { groupBySize, inputTensor } from './batch.js';
import { decodePeaks, paddedSize } from './encode.js';
import type { HeadDetectorModel } from './model.js';
import { forward } from './model.js';

/** Heat needed for a peak to count as a head when the model chose none on validation frames. */
export const DEFAULT_THRESHOLD = 0.3;

/** The threshold a model was saved with, else {@link DEFAULT_THRESHOLD}. */
export const thresholdOf = (model: HeadDetectorModel): number =>
  model.architecture.threshold ?? DEFAULT_THRESHOLD;

/** Heads in one grey frame, highest confidence first. Needs `initBackend()` to have finished. */
export function detectHeads(
  model: HeadDetectorModel,
  frame: GreyImage,
  threshold = thresholdOf(model),
): HeadPrediction[] {
  const prepared = {
    image: Float32Array.from(frame.data),
    width: frame.width,
    height: frame.height,
  };
  return predictFrames(model, [{ ...prepared, boxes: [] }], threshold)[0] ?? [];
}

/** Heads in each of several frames (batched by size), in the order given. */
export function predictFrames(
  model: HeadDetectorModel,
  frames: readonly PreparedFrame[],
  threshold = thresholdOf(model),
  batchSize = 16,
): HeadPrediction[][] {
  const indexed = frames.map((f, index) => ({ f, index, width: f.width, height: f.height }));
  const results: HeadPrediction[][] = new Array<HeadPrediction[]>(frames.length);
  for (const group of groupBySize(indexed)) {
    for (let start = 0; start < group.length; start += batchSize) {
      const chunk = group.slice(start, start + batchSize);
      const first = chunk[0];
      if (first === undefined) continue;
      const { stride, normalisation } = model.architecture;
      const gw = paddedSize(first.width, stride) / stride;
      const gh = paddedSize(first.height, stride) / stride;
      const out = tf.tidy(() => {
        const raw = forward(
          model,
          inputTensor(
            chunk.map((c) => c.f),
            stride,
            normalisation,
          ),
        );
        const logit = tf.slice(raw, [0, 0, 0, 0], [-1, -1, -1, 1]);
        const size = tf.slice(raw, [0, 0, 0, 1], [-1, -1, -1, 2]);
        return tf.concat([tf.sigmoid(logit), size], 3);
      });
      const values = out.dataSync();
      out.dispose();
      const cells = gw * gh * 3;
      chunk.forEach((c, i) => {
        const one = values.subarray(i * cells, (i + 1) * cells);
        results[c.index] = decodePeaks(
          Float32Array.from(one),
          gw,
          gh,
          threshold,
          c.width,
          c.height,
          'interleaved',
          stride,
        );
      });
    }
  }
  return results;
}
