import { describe, expect, it } from 'vitest';
import { generateEllipseSamples } from '../synthetic.js';
import type { DetectionTrainingRequest } from './protocol.js';
import { TrainingAttemptError } from './training-attempt-error.js';
import { startTraining } from './training-runner.js';

// The worker runs the built dist/node/train-worker.js: `npx tsc -b packages/ml` first.

const samples = generateEllipseSamples({ count: 12, width: 96, height: 96, seed: 4 });
const options = { epochs: 3, batchSize: 4, learningRate: 0.01, validationSplit: 0.25, seed: 3 };
const request: DetectionTrainingRequest = { kind: 'detection', samples, options };
// A floor well above a tiny batch, so only the fault can trip it (and a start-up slowed by a
// busy machine does not); looks every 200 ms.
const watchdog = { minimumSeconds: 5, startupSeconds: 120, batchMultiple: 20, checkSeconds: 0.2 };

/** The outcome's rejection, which must be a TrainingAttemptError. */
async function attemptError(outcome: Promise<unknown>): Promise<TrainingAttemptError> {
  const error: unknown = await outcome.then(
    () => new Error('The run finished'),
    (rejection: unknown) => rejection,
  );
  if (!(error instanceof TrainingAttemptError)) throw error;
  return error;
}

describe('startTraining when the thread misbehaves', () => {
  it('ends a thread that stops posting and rejects with the stall and where it happened', async () => {
    const batches: number[] = [];
    const run = startTraining(
      { ...request, fault: { kind: 'stop-posting', afterBatch: 2 } },
      { onBatch: (_epoch, done) => batches.push(done) },
      { watchdog },
    );
    const error = await attemptError(run.outcome);
    expect(error.endCause).toBe('stalled');
    expect(error.retryable).toBe(true);
    expect(error.reason).toMatch(
      /^stalled: the trainer reported nothing for [\d.]+ s after batch 2 of 3 of epoch 1 \(allowed [\d.]+ s: 20 x its median batch time of [\d.]+ s, at least 5 s\); its thread was ended$/,
    );
    expect(batches).toEqual([1, 2]);
  });

  it('rejects with the exit code when the thread exits mid-epoch', async () => {
    const run = startTraining(
      { ...request, fault: { kind: 'exit', afterBatch: 4, code: 134 } },
      {},
      { watchdog },
    );
    const error = await attemptError(run.outcome);
    expect(error.endCause).toBe('exited');
    expect(error.message).toBe('Worker thread exited with code 134 after batch 1 of 3 of epoch 2');
  });

  it('fails with a clear message, not a retry, when the WebAssembly heap limit is reached', async () => {
    const run = startTraining({ ...request, heapLimitBytes: 1024 * 1024 }, {}, { watchdog });
    const error = await attemptError(run.outcome);
    expect(error.endCause).toBe('wasm-heap');
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(
      /^Training needs more memory than the WebAssembly heap allows \(\d+ MB of 1 MB\): use fewer frames per batch or a smaller input size$/,
    );
  });
});
