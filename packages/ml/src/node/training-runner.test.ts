import { performance } from 'node:perf_hooks';
import { beforeAll, describe, expect, it } from 'vitest';
import { initBackend } from '../backend.js';
import { detectHeads } from '../detector/infer.js';
import { DEFAULT_ARCHITECTURE } from '../detector/model.js';
import type { EpochMetrics } from '../detector/train.js';
import { loadWeights } from '../detector/weights.js';
import { generateEllipseSamples } from '../synthetic.js';
import type { TrainingRequest } from './protocol.js';
import type { EpochReport } from './training-runner.js';
import { startTraining } from './training-runner.js';

// The worker runs the built dist/node/train-worker.js: `npx tsc -b packages/ml` first.

beforeAll(async () => {
  await initBackend();
});

const samples = generateEllipseSamples({ count: 12, width: 96, height: 96, seed: 4 });
const options = { epochs: 3, batchSize: 4, learningRate: 0.01, validationSplit: 0.25, seed: 3 };
const request: TrainingRequest = { kind: 'detection', samples, options };

describe('startTraining', () => {
  it('trains in a worker and answers the history and the best epoch’s weights', async () => {
    const reports: EpochReport[] = [];
    const batches: [number, number, number][] = [];
    const logs: string[] = [];
    const run = startTraining(request, {
      onEpoch: async (report) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        reports.push(report);
      },
      onBatch: (epoch, done, total) => batches.push([epoch, done, total]),
      onLog: (line) => logs.push(line),
    });
    const outcome = await run.outcome;

    expect(outcome.stopped).toBe(false);
    expect(outcome.samples).toEqual({ training: 9, validation: 3 });
    expect(outcome.history.map((m) => m.epoch)).toEqual([1, 2, 3]);
    // The outcome waited for the async epoch handler of every epoch.
    expect(reports.map((r) => r.metrics)).toEqual(outcome.history);
    expect(batches).toHaveLength(9);
    expect(batches.slice(0, 3)).toEqual([
      [1, 1, 3],
      [1, 2, 3],
      [1, 3, 3],
    ]);
    expect(logs.some((line) => line.startsWith('Epoch 3/3: loss'))).toBe(true);

    const lowest = Math.min(...outcome.history.map((m) => m.valLoss));
    const bestReport = reports.find((r) => r.metrics.valLoss === lowest);
    expect(outcome.bestEpoch).toBe(bestReport?.metrics.epoch);
    expect(bestReport?.best).toBe(true);
    expect(outcome.best?.weights).toEqual(bestReport?.saved.weights);
    expect(reports[0]?.best).toBe(true);

    // The weights are usable in the calling thread.
    if (outcome.best === null) throw new Error('No best weights');
    const model = loadWeights(outcome.best);
    const frame = samples[0]?.frame;
    if (frame === undefined) throw new Error('No frame');
    expect(Array.isArray(detectHeads(model, frame))).toBe(true);
    model.dispose();
  });

  it('stops at the next batch after stop() and drops the unfinished epoch', async () => {
    const reported: EpochMetrics[] = [];
    const run = startTraining(
      { ...request, options: { ...options, epochs: 200 } },
      {
        onEpoch: (report) => {
          reported.push(report.metrics);
        },
        onBatch: (epoch) => {
          if (epoch === 2) run.stop();
        },
      },
    );
    const outcome = await run.outcome;
    expect(outcome.stopped).toBe(true);
    expect(outcome.history.length).toBeGreaterThanOrEqual(1);
    expect(outcome.history.length).toBeLessThan(10);
    expect(reported).toEqual(outcome.history);
    expect(outcome.bestEpoch).not.toBeNull();
  });

  it('resumes after a saved epoch with the same validation samples', async () => {
    const first: EpochReport[] = [];
    await startTraining(
      { ...request, options: { ...options, epochs: 2 } },
      { onEpoch: (report) => void first.push(report) },
    ).outcome;
    const savedEpoch = first[1];
    if (savedEpoch === undefined) throw new Error('Epoch 2 was not reported');

    // With a learning rate of 0 the weights stay those saved, so the validation loss can only
    // repeat if the same samples are held out.
    const resumed = await startTraining(
      {
        ...request,
        options: { ...options, epochs: 4, learningRate: 0 },
        resume: { saved: savedEpoch.saved, lastEpoch: 2 },
      },
      {},
    ).outcome;

    expect(resumed.history.map((m) => m.epoch)).toEqual([3, 4]);
    expect(resumed.history[0]?.valLoss).toBeCloseTo(savedEpoch.metrics.valLoss, 5);
    expect(resumed.bestEpoch).toBe(3);
  });

  it('leaves the calling thread’s event loop free while it trains', async () => {
    const ticks: number[] = [];
    const timer = setInterval(() => ticks.push(performance.now()), 10);
    const before = performance.eventLoopUtilization();
    await startTraining(request, {}).outcome;
    const busy = performance.eventLoopUtilization(before).utilization;
    clearInterval(timer);
    const gaps = ticks.slice(1).map((t, i) => t - (ticks[i] ?? t));

    expect(ticks.length).toBeGreaterThan(10);
    expect(Math.max(...gaps)).toBeLessThan(100);
    // Training in this thread would keep it busy nearly all the time.
    expect(busy).toBeLessThan(0.5);
  });

  it('rejects the outcome with the worker’s error', async () => {
    const saved = {
      architecture: DEFAULT_ARCHITECTURE,
      shapes: [[1]],
      weights: new Float32Array(1),
    };
    const run = startTraining({ ...request, resume: { saved, lastEpoch: 1 } }, {});
    await expect(run.outcome).rejects.toThrow('Saved weights do not match the architecture');
  });
});
