import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { initBackend } from './backend.js';

const handlersBefore = { exception: 0, rejection: 0 };

beforeAll(async () => {
  handlersBefore.exception = process.listenerCount('uncaughtException');
  handlersBefore.rejection = process.listenerCount('unhandledRejection');
  await initBackend();
});

/** Largest difference between tf.grad and central finite differences of sum(conv2d(x, w) · r). */
function filterGradientError(
  stride: number,
  pad: 'same' | 'valid',
): { error: number; scale: number } {
  const x = tf.randomNormal<tf.Rank.R4>([2, 7, 6, 3], 0, 1, 'float32', 1);
  const w = tf.randomNormal<tf.Rank.R4>([3, 3, 3, 4], 0, 1, 'float32', 2);
  const r = tf.randomNormal(tf.conv2d(x, w, stride, pad).shape, 0, 1, 'float32', 3);
  const f = (filter: tf.Tensor): tf.Scalar =>
    tf.sum(tf.mul(tf.conv2d(x, tf.reshape<tf.Rank.R4>(filter, w.shape), stride, pad), r));
  const analytic = tf.grad(f)(w).dataSync();
  const base = w.dataSync();
  const eps = 1e-2;
  let error = 0;
  let scale = 0;
  for (let i = 0; i < base.length; i += 1) {
    const plus = base.slice();
    const minus = base.slice();
    plus[i] = (plus[i] ?? 0) + eps;
    minus[i] = (minus[i] ?? 0) - eps;
    const fp = f(tf.tensor4d(plus, w.shape)).dataSync()[0] ?? 0;
    const fm = f(tf.tensor4d(minus, w.shape)).dataSync()[0] ?? 0;
    error = Math.max(error, Math.abs((fp - fm) / (2 * eps) - (analytic[i] ?? 0)));
    scale = Math.max(scale, Math.abs(analytic[i] ?? 0));
  }
  return { error, scale };
}

describe('WASM backend', () => {
  it('runs on WASM with SIMD where the runtime validates it', async () => {
    const info = await initBackend();
    expect(info.backend).toBe('wasm');
    expect(tf.getBackend()).toBe('wasm');
    expect(typeof info.simd).toBe('boolean');
  });

  it('leaves no process error handlers of the WASM module behind', () => {
    expect(process.listenerCount('uncaughtException')).toBe(handlersBefore.exception);
    expect(process.listenerCount('unhandledRejection')).toBe(handlersBefore.rejection);
  });

  it.each([
    [1, 'same'],
    [2, 'same'],
    [2, 'valid'],
    [1, 'valid'],
  ] as const)(
    'gives the Conv2D filter gradient of a finite difference (stride %i, %s padding)',
    (stride, pad) => {
      const { error, scale } = tf.tidy(() => filterGradientError(stride, pad));
      expect(scale).toBeGreaterThan(1);
      // float32 central differences at eps 0.01 agree to a few thousandths here.
      expect(error).toBeLessThan(1e-2);
    },
  );
});
