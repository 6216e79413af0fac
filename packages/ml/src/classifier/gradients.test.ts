import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { initBackend } from '../backend.js';
import { registerClassifierGradients } from './gradients.js';
import { inputTensor, prepareCrop } from './input.js';
import { crossEntropyLoss, oneHotLabels } from './loss.js';
import { classifierArchitecture, createMorphologyClassifier, forwardClassifier } from './model.js';
import { generateMorphologyCrops } from './synthetic.js';

beforeAll(async () => {
  await initBackend();
  registerClassifierGradients();
});

describe('classifier gradients', () => {
  it('match finite differences of the cross-entropy loss for every variable', () => {
    const samples = generateMorphologyCrops({ count: 3, seed: 4, size: [20, 28], masks: true });
    const model = createMorphologyClassifier(
      classifierArchitecture(['a', 'b', 'c'], { inputSize: 16, channels: [4, 4] }),
      3,
    );
    const input = inputTensor(
      samples.map((s) => prepareCrop(s, 16)),
      16,
    );
    const target = oneHotLabels([0, 1, 2], 3);
    const loss = (): tf.Scalar => crossEntropyLoss(forwardClassifier(model, input), target);
    const lossValue = (): number => tf.tidy(() => loss().dataSync()[0] ?? Number.NaN);
    const { grads } = tf.variableGrads(loss);
    const eps = 1e-2;
    let checked = 0;
    for (const v of model.variables) {
      const analytic = grads[v.name]?.dataSync() ?? new Float32Array();
      const values = v.dataSync().slice();
      // The entries with the largest gradient, where a wrong formula shows most clearly.
      const largest = [...analytic]
        .map((g, i) => [Math.abs(g), i] as const)
        .sort((a, b) => b[0] - a[0])
        .slice(0, 2);
      for (const [, i] of largest) {
        const at = (delta: number): number => {
          const changed = values.slice();
          changed[i] = (changed[i] ?? 0) + delta;
          v.assign(tf.tensor(changed, v.shape));
          return lossValue();
        };
        const numeric = (at(eps) - at(-eps)) / (2 * eps);
        v.assign(tf.tensor(values, v.shape));
        const g = analytic[i] ?? Number.NaN;
        expect(Math.abs(numeric - g)).toBeLessThan(2e-3 + 0.05 * Math.abs(g));
        checked += 1;
      }
    }
    tf.dispose([input, target, ...Object.values(grads)]);
    model.dispose();
    expect(checked).toBe(model.variables.length * 2);
  });
});
