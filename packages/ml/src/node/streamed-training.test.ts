import { beforeAll, describe, expect, it } from 'vitest';
import { initBackend } from '../backend.js';
import { arraySampleSource } from '../detector/sample-source.js';
import { generateEllipseSamples } from '../synthetic.js';
import type { DetectionSampleSource } from '../types.js';
import { startTraining } from './training-runner.js';

// The worker runs the built dist/node/train-worker.js: `npx tsc -b packages/ml` first.

beforeAll(async () => {
  await initBackend();
});

const samples = generateEllipseSamples({ count: 40, width: 64, height: 64, seed: 8 });
const options = { epochs: 2, batchSize: 4, learningRate: 0.02, validationSplit: 0.2, seed: 4 };

describe('startTraining with a sample source', () => {
  it('has the worker read the samples through the runner a batch at a time', async () => {
    const inner = arraySampleSource(samples);
    const asked: number[] = [];
    const source: DetectionSampleSource = {
      count: samples.length,
      load(index) {
        asked.push(index);
        return inner.load(index);
      },
    };
    const loadsAtBatch: number[] = [];
    const outcome = await startTraining(
      { kind: 'detection', samples: source, options },
      {
        onBatch: (epoch, done) => {
          if (epoch === 1 && done <= 3) loadsAtBatch.push(asked.length);
        },
      },
    ).outcome;

    expect(outcome.samples).toEqual({ training: 32, validation: 8 });
    expect(outcome.history.map((m) => m.epoch)).toEqual([1, 2]);
    expect(outcome.history[1]?.loss).toBeLessThan(outcome.history[0]?.loss ?? 0);
    // Batch reports and load requests cross on one port in order: after batch k the thread has
    // asked for batches k and k + 1 only.
    expect(loadsAtBatch).toEqual([8, 12, 16]);
    // Both epochs read every frame: 32 to train, 8 held out and 32 for the training F1, each.
    expect(asked).toHaveLength(2 * (32 + 8 + 32));
    // The source's samples stay usable: the runner transferred copies.
    expect(samples[0]?.frame.data.length).toBe(64 * 64);
  });

  it('fails with the heap limit and the memory in use before the heap is full', async () => {
    const run = startTraining({
      kind: 'detection',
      samples: arraySampleSource(samples),
      options,
      heapLimitBytes: 2 * 1024 * 1024,
    });
    await expect(run.outcome).rejects.toThrow(
      /^Training needs more memory than the WebAssembly heap allows \(\d+ MB of 2 MB\)/,
    );
  });

  it('fails the run with the message of a sample that cannot be read', async () => {
    const source: DetectionSampleSource = {
      count: samples.length,
      load: () => Promise.reject(new Error('frame image missing from storage')),
    };
    await expect(
      startTraining({ kind: 'detection', samples: source, options }).outcome,
    ).rejects.toThrow('Reading training sample failed: frame image missing from storage');
  });
});
