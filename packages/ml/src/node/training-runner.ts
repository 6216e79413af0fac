/** Training in a worker thread, so the caller's event loop keeps serving while a model learns. */
import { Worker } from 'node:worker_threads';
import type { EpochMetrics, SplitSizes } from '../detector/train.js';
import { splitSizes } from '../detector/train.js';
import type { SavedHeadDetector } from '../detector/weights.js';
import { BestEpoch } from './best-epoch.js';
import type { FromWorker, ToWorker, TrainingRequest, WorkerRequest } from './protocol.js';
import { packSamples } from './samples-transfer.js';
import { locateTrainWorker } from './worker-path.js';

/** One finished epoch. */
export interface EpochReport {
  readonly metrics: EpochMetrics;
  /** The weights after this epoch. */
  readonly saved: SavedHeadDetector;
  /** Lowest validation loss of this run so far (training loss when nothing is held out). */
  readonly best: boolean;
}

/** How a run ended. */
export interface TrainingOutcome {
  /** Stopped by `stop()` before the last epoch. */
  readonly stopped: boolean;
  /** The epochs this run finished (a resumed run: only those after the resume point). */
  readonly history: EpochMetrics[];
  /** The best epoch of this run and its weights; null when no epoch finished. */
  readonly bestEpoch: number | null;
  readonly best: SavedHeadDetector | null;
  readonly samples: SplitSizes;
}

/** Progress callbacks; `onEpoch` may be async, and the outcome waits for every call of it. */
export interface TrainingHandlers {
  onEpoch?(report: EpochReport): void | Promise<void>;
  onBatch?(epoch: number, done: number, total: number): void;
  onLog?(line: string): void;
}

/** A running training. */
export interface TrainingRun {
  /** Ends training at the next batch; the unfinished epoch is dropped. */
  stop(): void;
  /** Resolves when the worker has finished; rejects with the worker's (or a handler's) error. */
  readonly outcome: Promise<TrainingOutcome>;
}

/**
 * Starts training in a new worker thread (the built `dist/node/train-worker.js`). The frames are
 * copied once into shared memory; the caller's samples are left as they were.
 */
export function startTraining(
  request: TrainingRequest,
  handlers: TrainingHandlers = {},
): TrainingRun {
  const { samples, ...rest } = request;
  const workerRequest: WorkerRequest = { ...rest, samples: packSamples(samples) };
  const worker = new Worker(locateTrainWorker(), { workerData: workerRequest });
  const split = splitSizes(samples.length, request.options.validationSplit);
  const history: EpochMetrics[] = [];
  const best = new BestEpoch<SavedHeadDetector>();
  let epochHandlers: Promise<void> = Promise.resolve();
  let ended = false;

  const outcome = new Promise<TrainingOutcome>((resolve, reject) => {
    const end = (result: Error | { stopped: boolean }): void => {
      if (ended) return;
      ended = true;
      void worker.terminate();
      if (result instanceof Error) return reject(result);
      const finished: TrainingOutcome = {
        stopped: result.stopped,
        history,
        bestEpoch: best.epoch,
        best: best.saved,
        samples: split,
      };
      epochHandlers.then(() => resolve(finished), reject);
    };
    const fail = (error: unknown): void =>
      end(error instanceof Error ? error : new Error(String(error)));
    const call = (handler: () => void): void => {
      try {
        handler();
      } catch (error) {
        fail(error);
      }
    };
    worker.on('message', (message: FromWorker) => {
      if (ended) return;
      switch (message.type) {
        case 'batch':
          return call(() => handlers.onBatch?.(message.epoch, message.done, message.total));
        case 'log':
          return call(() => handlers.onLog?.(message.line));
        case 'epoch': {
          const { metrics, saved } = message;
          history.push(metrics);
          const report: EpochReport = { metrics, saved, best: best.offer(metrics, saved) };
          epochHandlers = epochHandlers.then(() => handlers.onEpoch?.(report));
          epochHandlers.catch(fail);
          return;
        }
        case 'done':
          return end({ stopped: message.stopped });
        case 'error':
          return end(new Error(message.message));
      }
    });
    worker.on('error', fail);
    worker.on('exit', (code) =>
      end(new Error(`The training worker exited (code ${code}) before it finished`)),
    );
  });

  return {
    stop() {
      if (!ended) worker.postMessage({ type: 'stop' } satisfies ToWorker);
    },
    outcome,
  };
}
