import { beforeAll, describe, expect, it } from 'vitest';
import { initBackend } from '../backend.js';
import { generateEllipseSamples } from '../synthetic.js';
import type { DetectionSample, DetectionSampleSource } from '../types.js';
import { arraySampleSource } from './sample-source.js';
import { splitSizes, trainHeadDetector } from './train.js';

beforeAll(async () => {
  await initBackend();
});

/** A source over generated frames that counts its loads and hands out a fresh copy each time. */
function countingSource(samples: readonly DetectionSample[]): {
  source: DetectionSampleSource;
  loads: () => number;
} {
  const inner = arraySampleSource(samples);
  let loads = 0;
  return {
    source: {
      count: inner.count,
      async load(index) {
        loads += 1;
        const s = await inner.load(index);
        return { frame: { ...s.frame, data: Uint8Array.from(s.frame.data) }, boxes: s.boxes };
      },
    },
    loads: () => loads,
  };
}

describe('trainHeadDetector on a sample source', () => {
  it('reads a label larger than the small test sets a batch at a time and learns', async () => {
    const samples = generateEllipseSamples({ count: 60, seed: 11 });
    const { source, loads } = countingSource(samples);
    const batchSize = 8;
    const { training, validation } = splitSizes(samples.length, 0.2);
    const loadsAtBatch: number[] = [];
    const { model, history } = await trainHeadDetector(source, {
      epochs: 2,
      batchSize,
      learningRate: 0.02,
      seed: 5,
      trainF1Samples: 16,
      onBatch: (epoch, done) => {
        if (epoch === 1) loadsAtBatch[done - 1] = loads();
      },
    });
    model.dispose();

    const batches = Math.ceil(training / batchSize);
    expect(loadsAtBatch).toHaveLength(batches);
    // After batch k at most batches k and k + 1 have been read: never the whole label up front.
    loadsAtBatch.forEach((n, k) => {
      expect(n).toBeGreaterThanOrEqual(
        (k + 1) * batchSize > training ? training : (k + 1) * batchSize,
      );
      expect(n).toBeLessThanOrEqual(Math.min(training, (k + 2) * batchSize));
    });
    // Every epoch reads each training frame once, the held-out frames and the F1 frames once.
    expect(loads()).toBe(2 * (training + validation + 16));
    const [first, last] = [history[0], history.at(-1)];
    expect(history).toHaveLength(2);
    expect(last?.loss).toBeLessThan(first?.loss ?? 0);
    expect(last?.valLoss).toBeLessThan(first?.valLoss ?? 0);
  });

  it('trains exactly as on the same samples in an array', async () => {
    const samples = generateEllipseSamples({ count: 20, seed: 12 });
    const options = { epochs: 2, batchSize: 4, learningRate: 0.02, seed: 2 };
    const fromArray = await trainHeadDetector(samples, options);
    const fromSource = await trainHeadDetector(countingSource(samples).source, options);
    expect(fromSource.history.map((m) => [m.loss, m.valLoss, m.f1, m.valF1])).toEqual(
      fromArray.history.map((m) => [m.loss, m.valLoss, m.f1, m.valF1]),
    );
    fromArray.model.dispose();
    fromSource.model.dispose();
  });

  it('fails with the reading error of a frame that cannot be read', async () => {
    const samples = generateEllipseSamples({ count: 10, seed: 13 });
    const source: DetectionSampleSource = {
      count: samples.length,
      load: (index) =>
        index === 7
          ? Promise.reject(new Error('frame 7 is missing from storage'))
          : arraySampleSource(samples).load(index),
    };
    await expect(trainHeadDetector(source, { epochs: 1, batchSize: 4 })).rejects.toThrow(
      'frame 7 is missing from storage',
    );
  });
});
