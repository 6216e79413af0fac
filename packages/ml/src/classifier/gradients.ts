/**
 * The gradient the classifier needs beyond the package's own (src/gradients.ts): BatchMatMul, for
 * its dense layer. Written from tfjs's formula for rank-2 products; one registered first is kept.
 */
import * as tf from '@tensorflow/tfjs-core';
import type { BatchMatMulAttrs, GradConfig } from '@tensorflow/tfjs-core';

const matMulGradient: GradConfig = {
  kernelName: 'BatchMatMul',
  inputsToSave: ['a', 'b'],
  gradFunc: (dy, saved, attrs) => {
    if (Array.isArray(dy)) throw new Error('BatchMatMul gradient: expected one output gradient');
    const [a, b] = saved;
    if (a === undefined || b === undefined) throw new Error('BatchMatMul gradient: inputs missing');
    if (a.rank !== 2 || b.rank !== 2) throw new Error('BatchMatMul gradient: rank 2 only');
    const { transposeA, transposeB } = attrs as unknown as BatchMatMulAttrs;
    if (!transposeA && !transposeB) {
      return { a: () => tf.matMul(dy, b, false, true), b: () => tf.matMul(a, dy, true, false) };
    }
    if (!transposeA) {
      return { a: () => tf.matMul(dy, b), b: () => tf.matMul(dy, a, true, false) };
    }
    if (!transposeB) {
      return { a: () => tf.matMul(b, dy, false, true), b: () => tf.matMul(a, dy) };
    }
    return { a: () => tf.matMul(b, dy, true, true), b: () => tf.matMul(dy, a, true, true) };
  },
};

/**
 * Registers the classifier's extra gradients, keeping any registered already. `initBackend` does
 * so; training calls it again, which is harmless (idempotent).
 */
export function registerClassifierGradients(): void {
  if (tf.getGradient(matMulGradient.kernelName) === undefined) tf.registerGradient(matMulGradient);
}
