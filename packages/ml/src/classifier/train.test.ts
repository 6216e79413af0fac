import { beforeAll, describe, expect, it } from 'vitest';
import { initBackend } from '../backend.js';
import { classifierArchitecture, createMorphologyClassifier } from './model.js';
import { generateMorphologyCrops, SYNTHETIC_MORPHOLOGY_CLASSES } from './synthetic.js';
import type { ClassifierEpochMetrics } from './train.js';
import { trainMorphologyClassifier } from './train.js';

beforeAll(async () => {
  await initBackend();
});

const options = {
  classes: SYNTHETIC_MORPHOLOGY_CLASSES,
  batchSize: 16,
  learningRate: 0.005,
  seed: 2,
};

describe('trainMorphologyClassifier', () => {
  it('raises validation accuracy well above chance and lowers validation loss', async () => {
    const samples = generateMorphologyCrops({ count: 250, seed: 5 });
    const seen: ClassifierEpochMetrics[] = [];
    const { model, history, stopped } = await trainMorphologyClassifier(
      samples,
      { ...options, epochs: 12 },
      (m) => {
        seen.push(m);
      },
    );
    model.dispose();
    const first = history[0];
    const last = history.at(-1);
    expect(stopped).toBe(false);
    expect(seen).toEqual(history);
    expect(history.map((m) => m.epoch)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    // Five balanced classes: chance is 0.2. 50 samples are held out (a fifth of each class).
    expect(last?.valAccuracy).toBeGreaterThan(0.32);
    expect(last?.valLoss).toBeLessThan((first?.valLoss ?? 0) - 0.2);
    expect(last?.loss).toBeLessThan(first?.loss ?? 0);
    expect(last?.accuracy).toBeGreaterThan(0.32);
  });

  it('stops at once when shouldStop answers true, between batches', async () => {
    const samples = generateMorphologyCrops({ count: 40, seed: 3 });
    const batches: [number, number, number][] = [];
    const epochs: number[] = [];
    const { model, history, stopped } = await trainMorphologyClassifier(
      samples,
      {
        ...options,
        epochs: 5,
        batchSize: 8,
        shouldStop: () => batches.length === 6,
        onBatch: (epoch, done, total) => batches.push([epoch, done, total]),
      },
      (m) => {
        epochs.push(m.epoch);
      },
    );
    model.dispose();
    // 32 training samples in batches of 8: four per epoch, so the stop falls in epoch 2.
    expect(batches).toEqual([
      [1, 1, 4],
      [1, 2, 4],
      [1, 3, 4],
      [1, 4, 4],
      [2, 1, 4],
      [2, 2, 4],
    ]);
    expect(stopped).toBe(true);
    expect(history.map((m) => m.epoch)).toEqual([1]);
    expect(epochs).toEqual([1]);
  });

  it('stops after the epoch whose callback answers stop', async () => {
    const samples = generateMorphologyCrops({ count: 20, seed: 4 });
    const { model, history, stopped } = await trainMorphologyClassifier(
      samples,
      { ...options, epochs: 10 },
      (m) => (m.epoch === 2 ? 'stop' : undefined),
    );
    model.dispose();
    expect(stopped).toBe(true);
    expect(history).toHaveLength(2);
  });

  it('reports NaN validation values when nothing is held out', async () => {
    const samples = generateMorphologyCrops({ count: 10, seed: 6, masks: true });
    const { model, history } = await trainMorphologyClassifier(samples, {
      ...options,
      epochs: 1,
      validationSplit: 0,
    });
    model.dispose();
    expect(history[0]?.valLoss).toBeNaN();
    expect(history[0]?.valAccuracy).toBeNaN();
    expect(history[0]?.loss).toBeGreaterThan(0);
  });

  it('repeats exactly for the same seed', async () => {
    const samples = generateMorphologyCrops({ count: 20, seed: 7 });
    const run = async (): Promise<number[]> => {
      const { model, history } = await trainMorphologyClassifier(samples, {
        ...options,
        epochs: 2,
      });
      model.dispose();
      return history.flatMap((m) => [m.loss, m.valLoss]);
    };
    expect(await run()).toEqual(await run());
  });

  it('rejects labels outside the classes and classes that differ from the model', async () => {
    const samples = generateMorphologyCrops({ count: 4, seed: 1 });
    await expect(
      trainMorphologyClassifier(samples, { ...options, classes: ['a', 'b'] }),
    ).rejects.toThrow(/labels index 2 classes/);
    const model = createMorphologyClassifier(classifierArchitecture(['a', 'b']));
    await expect(
      trainMorphologyClassifier(samples, { model, classes: ['b', 'a'] }),
    ).rejects.toThrow(/differ from those of the model/);
    model.dispose();
  });

  it('continues a given model from the epoch asked for', async () => {
    const samples = generateMorphologyCrops({ count: 60, seed: 9 });
    const first = await trainMorphologyClassifier(samples, { ...options, epochs: 4 });
    const resumed = await trainMorphologyClassifier(samples, {
      ...options,
      epochs: 5,
      firstEpoch: 5,
      model: first.model,
    });
    first.model.dispose();
    expect(resumed.model).toBe(first.model);
    expect(resumed.history.map((m) => m.epoch)).toEqual([5]);
    // A continued model starts where the first run ended, not from a fresh model's loss.
    expect(resumed.history[0]?.loss).toBeLessThan(first.history[0]?.loss ?? 0);
  });
});
