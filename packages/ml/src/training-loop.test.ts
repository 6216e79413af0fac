import { beforeAll, describe, expect, it } from 'vitest';
import { initBackend } from './backend.js';
import { seededRandom } from './random.js';
import { learningRateAt, runTrainingLoop } from './training-loop.js';

beforeAll(async () => {
  await initBackend();
});

describe('learningRateAt', () => {
  const o = { epochs: 11, learningRate: 0.01, finalLearningRateShare: 0.1 };

  it('starts at the learning rate and falls along a half cosine to the final share', () => {
    expect(learningRateAt(1, o)).toBeCloseTo(0.01, 10);
    expect(learningRateAt(6, o)).toBeCloseTo(0.0055, 10);
    expect(learningRateAt(11, o)).toBeCloseTo(0.001, 10);
    for (let e = 2; e <= 11; e += 1) {
      expect(learningRateAt(e, o)).toBeLessThan(learningRateAt(e - 1, o));
    }
  });

  it('stays constant without a final share, and for a one-epoch run', () => {
    expect(learningRateAt(7, { epochs: 11, learningRate: 0.01 })).toBe(0.01);
    expect(learningRateAt(1, { ...o, epochs: 1 })).toBe(0.01);
  });
});

describe('runTrainingLoop', () => {
  it("sets the optimiser's learning rate of each epoch, from the first epoch asked for", async () => {
    const seen: number[] = [];
    await runTrainingLoop(
      [1, 2],
      seededRandom(1),
      { epochs: 5, firstEpoch: 3, batchSize: 2, learningRate: 0.01, finalLearningRateShare: 0.2 },
      {
        startEpoch: () => ({}),
        trainBatch(_batch, optimizer) {
          seen.push(Number(optimizer.getConfig()['learningRate']));
        },
        scoreEpoch: () => ({}),
      },
    );
    expect(seen).toHaveLength(3);
    expect(seen[0]).toBeCloseTo(
      learningRateAt(3, { epochs: 5, learningRate: 0.01, finalLearningRateShare: 0.2 }),
      10,
    );
    expect(seen[2]).toBeCloseTo(0.002, 10);
  });
});
