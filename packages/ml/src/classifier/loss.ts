/** The classifier's training loss: softmax cross-entropy against one-hot labels. */
import * as tf from '@tensorflow/tfjs-core';

/** One-hot rows [n, classCount] of labels. */
export function oneHotLabels(labels: readonly number[], classCount: number): tf.Tensor2D {
  const data = new Float32Array(labels.length * classCount);
  labels.forEach((label, i) => {
    data[i * classCount + label] = 1;
  });
  return tf.tensor2d(data, [labels.length, classCount]);
}

/**
 * Mean softmax cross-entropy of logits [n, classes] against one-hot targets. `logSoftmax` carries
 * its own gradient, so no gradient of Max or Log is needed.
 */
export function crossEntropyLoss(logits: tf.Tensor2D, oneHot: tf.Tensor2D): tf.Scalar {
  return tf.tidy(() => {
    const logLikelihood = tf.sum(tf.mul(oneHot, tf.logSoftmax(logits)), 1);
    return tf.neg(tf.mean<tf.Scalar>(logLikelihood));
  });
}
