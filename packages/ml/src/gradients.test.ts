import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { initBackend } from './backend.js';
import { detectorLoss, inputTensor, targetTensors } from './detector/batch.js';
import type { HeadDetectorArchitecture } from './detector/model.js';
import { createHeadDetector, forward } from './detector/model.js';
import { generateEllipseSamples } from './synthetic.js';

beforeAll(async () => {
  await initBackend();
});

const PLAIN: HeadDetectorArchitecture = {
  kind: 'sarm-head-detector',
  version: 1,
  channels: [4, 4],
  stride: 4,
};
/** Stride 2 with a context branch on an 18 px frame: the 5x5 context grid is cropped to 9x9. */
const WITH_CONTEXT: HeadDetectorArchitecture = {
  ...PLAIN,
  channels: [3, 4],
  stride: 2,
  context: [4, 3],
  normalisation: 'local',
};

describe('training gradients', () => {
  it.each([
    ['a plain stack', PLAIN, 16],
    ['a context branch and local normalisation', WITH_CONTEXT, 18],
  ] as const)(
    'match finite differences of the detector loss for every variable of %s',
    (_name, architecture, size) => {
      const frames = generateEllipseSamples({
        count: 2,
        width: size,
        height: size,
        seed: 5,
        heads: [1, 2],
      }).map((s) => ({
        image: Float32Array.from(s.frame.data),
        width: size,
        height: size,
        boxes: s.boxes,
      }));
      const model = createHeadDetector(architecture, 2);
      const { stride, normalisation } = architecture;
      const input = inputTensor(frames, stride, normalisation);
      const { target, mask } = targetTensors(frames, { stride, sigmaCells: 1 });
      const lossValue = (): number =>
        tf.tidy(
          () => detectorLoss(forward(model, input), target, mask).dataSync()[0] ?? Number.NaN,
        );
      const { grads } = tf.variableGrads(() => detectorLoss(forward(model, input), target, mask));
      const eps = 1e-2;
      let checked = 0;
      for (const v of model.variables) {
        const analytic = grads[v.name]?.dataSync();
        expect(analytic).toBeDefined();
        const values = v.dataSync().slice();
        // The entries with the largest gradient, where a wrong formula shows most clearly.
        const order = [...(analytic ?? [])]
          .map((g, i) => [Math.abs(g), i] as const)
          .sort((a, b) => b[0] - a[0]);
        for (const [, i] of order.slice(0, 2)) {
          const at = (delta: number): number => {
            const changed = values.slice();
            changed[i] = (changed[i] ?? 0) + delta;
            v.assign(tf.tensor(changed, v.shape));
            return lossValue();
          };
          const numeric = (at(eps) - at(-eps)) / (2 * eps);
          v.assign(tf.tensor(values, v.shape));
          const g = analytic?.[i] ?? Number.NaN;
          expect(Math.abs(numeric - g)).toBeLessThan(2e-3 + 0.05 * Math.abs(g));
          checked += 1;
        }
      }
      tf.dispose([input, target, mask, ...Object.values(grads)]);
      model.dispose();
      expect(checked).toBe(model.variables.length * 2);
    },
  );
});
