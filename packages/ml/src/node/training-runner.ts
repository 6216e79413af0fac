/** Training in a worker thread, so the caller's event loop keeps serving while a model learns. */
import { Worker } from 'node:worker_threads';
import type { ClassifierEvaluation } from '../classifier/evaluate.js';
import type { SplitSizes } from '../detector/train.js';
import { splitSizes } from '../detector/train.js';
import { BestEpoch } from './best-epoch.js';
import { morphologyValidation } from './morphology-job.js';
import type {
  FromWorker,
  SavedModels,
  ToWorker,
  TrainingEpochMetrics,
  TrainingKind,
  TrainingRequest,
  WorkerRequest,
} from './protocol.js';
import { packMorphologySamples, packSamples } from './samples-transfer.js';
import { answerSampleRequest } from './streamed-samples.js';
import { isSampleSource } from '../detector/sample-source.js';
import {
  checkIntervalMs,
  DEFAULT_WATCHDOG,
  describeStall,
  ProgressWatch,
  type TrainingPosition,
  type WatchdogOptions,
} from './stall-watchdog.js';
import { TrainingAttemptError } from './training-attempt-error.js';
import { locateWorker } from './worker-path.js';

/** One finished epoch. */
export interface EpochReport<K extends TrainingKind = TrainingKind> {
  readonly metrics: TrainingEpochMetrics;
  /** The weights after this epoch. */
  readonly saved: SavedModels[K];
  /** Lowest validation loss of this run so far (training loss when nothing is held out). */
  readonly best: boolean;
}

/** How a run ended. */
export interface TrainingOutcome<K extends TrainingKind = TrainingKind> {
  /** Stopped by `stop()` before the last epoch. */
  readonly stopped: boolean;
  /** The epochs this run finished (a resumed run: only those after the resume point). */
  readonly history: TrainingEpochMetrics[];
  /** The best epoch of this run and its weights; null when no epoch finished. */
  readonly bestEpoch: number | null;
  readonly best: SavedModels[K] | null;
  readonly samples: SplitSizes;
  /**
   * Morphology: `best` scored on the validation samples. Null for detection, and for a morphology
   * run that was stopped, finished no epoch or held nothing out.
   */
  readonly evaluation: ClassifierEvaluation | null;
}

/** Progress callbacks; `onEpoch` may be async, and the outcome waits for every call of it. */
export interface TrainingHandlers<K extends TrainingKind = TrainingKind> {
  onEpoch?(report: EpochReport<K>): void | Promise<void>;
  onBatch?(epoch: number, done: number, total: number): void;
  onLog?(line: string): void;
}

/** A running training. */
export interface TrainingRun<K extends TrainingKind = TrainingKind> {
  /** Ends training at the next batch; the unfinished epoch is dropped. */
  stop(): void;
  /** Resolves when the worker has finished; rejects with the worker's (or a handler's) error. */
  readonly outcome: Promise<TrainingOutcome<K>>;
}

/** The request as it crosses to the worker, and how the run splits its samples. */
function prepare(request: TrainingRequest): { workerRequest: WorkerRequest; split: SplitSizes } {
  switch (request.kind) {
    case 'detection': {
      const { samples, ...rest } = request;
      const { validationSplit } = request.options;
      if (isSampleSource(samples)) {
        return {
          workerRequest: { ...rest, samples: { streamed: true, count: samples.count } },
          split: splitSizes(samples.count, validationSplit),
        };
      }
      return {
        workerRequest: { ...rest, samples: packSamples(samples) },
        split: splitSizes(samples.length, validationSplit),
      };
    }
    case 'morphology': {
      const { samples, ...rest } = request;
      const { training, validation } = morphologyValidation(samples, request.options);
      return {
        workerRequest: { ...rest, samples: packMorphologySamples(samples) },
        split: { training: training.length, validation: validation.length },
      };
    }
  }
}

/** Settings of the runner itself (they do not cross to the worker). */
export interface RunnerSettings {
  /** When a silent thread counts as stuck; DEFAULT_WATCHDOG when left out. */
  readonly watchdog?: WatchdogOptions;
}

/**
 * Starts training in a new worker thread (the built `dist/node/train-worker.js`). Samples in an
 * array are copied once into shared memory; a sample source is read as the thread asks for each
 * sample (a batch at a time). The caller's samples are left as they were. The reports and
 * the outcome carry the weights of the request's kind. The outcome always settles: a thread that
 * exits, fails or stays silent past the watchdog's time is ended and the outcome rejects with a
 * {@link TrainingAttemptError} that says why.
 */
export function startTraining<R extends TrainingRequest>(
  request: R,
  handlers: TrainingHandlers<R['kind']> = {},
  settings: RunnerSettings = {},
): TrainingRun<R['kind']> {
  type Saved = SavedModels[R['kind']];
  const { workerRequest, split } = prepare(request);
  const watchdog = settings.watchdog ?? DEFAULT_WATCHDOG;
  const validationBatches = Math.ceil(split.validation / Math.max(1, request.options.batchSize));
  const watch = new ProgressWatch(watchdog, Date.now(), validationBatches);
  const worker = new Worker(locateWorker('train-worker'), { workerData: workerRequest });
  const history: TrainingEpochMetrics[] = [];
  const best = new BestEpoch<Saved>();
  let epochHandlers: Promise<void> = Promise.resolve();
  let ended = false;
  let watchTimer: NodeJS.Timeout | undefined;

  const outcome = new Promise<TrainingOutcome<R['kind']>>((resolve, reject) => {
    const end = (
      result: Error | { stopped: boolean; evaluation: ClassifierEvaluation | null },
    ): void => {
      if (ended) return;
      ended = true;
      clearInterval(watchTimer);
      void worker.terminate();
      if (result instanceof Error) return reject(result);
      const finished: TrainingOutcome<R['kind']> = {
        stopped: result.stopped,
        history,
        bestEpoch: best.epoch,
        best: best.saved,
        samples: split,
        evaluation: result.evaluation,
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
    const where = (): string => describePosition(watch.lastPosition());
    worker.on('message', (message: FromWorker) => {
      if (ended) return;
      const now = Date.now();
      watch.heard(now);
      switch (message.type) {
        case 'batch':
          watch.batch(message, now);
          return call(() => handlers.onBatch?.(message.epoch, message.done, message.total));
        case 'log':
          return call(() => handlers.onLog?.(message.line));
        case 'load': {
          const source = request.kind === 'detection' ? request.samples : null;
          if (source === null || !isSampleSource(source)) {
            return fail(
              new Error('The worker asked for a sample of a request that holds them all'),
            );
          }
          void answerSampleRequest(source, message, (answer, transfer) => {
            if (!ended) worker.postMessage(answer satisfies ToWorker, transfer);
          });
          return;
        }
        case 'epoch': {
          const { metrics } = message;
          // The worker runs the request's kind, so its weights are of that kind.
          const saved = message.saved as Saved;
          history.push(metrics);
          const report: EpochReport<R['kind']> = {
            metrics,
            saved,
            best: best.offer(metrics, saved),
          };
          epochHandlers = epochHandlers.then(() => handlers.onEpoch?.(report));
          epochHandlers.catch(fail);
          return;
        }
        case 'done':
          return end({ stopped: message.stopped, evaluation: message.evaluation });
        case 'error':
          return end(
            message.cause === 'wasm-heap'
              ? new TrainingAttemptError('wasm-heap', message.message)
              : new Error(message.message),
          );
      }
    });
    worker.on('error', (error) => end(threadError(error, where())));
    worker.on('exit', (code) =>
      end(new TrainingAttemptError('exited', `worker thread exited with code ${code} ${where()}`)),
    );
    // A stall is acted on when two looks in a row see it: a first look that comes late because
    // this thread was busy may run before the thread's waiting messages are read.
    let suspected = false;
    watchTimer = setInterval(() => {
      const stall = watch.stallAt(Date.now());
      if (stall === null || !suspected) {
        suspected = stall !== null;
        return;
      }
      end(new TrainingAttemptError('stalled', describeStall(stall, watchdog)));
    }, checkIntervalMs(watchdog));
    watchTimer.unref();
  });

  return {
    stop() {
      if (!ended) worker.postMessage({ type: 'stop' } satisfies ToWorker);
    },
    outcome,
  };
}

/** Where the thread was, for a message: "after batch 3 of 5 of epoch 2". */
function describePosition(position: TrainingPosition | null): string {
  return position === null
    ? 'before its first batch'
    : `after batch ${position.done} of ${position.total} of epoch ${position.epoch}`;
}

/** The thread's 'error' event as a reason; a full JavaScript heap is told apart. */
function threadError(error: Error, where: string): TrainingAttemptError {
  const code = 'code' in error ? error.code : undefined;
  return code === 'ERR_WORKER_OUT_OF_MEMORY'
    ? new TrainingAttemptError(
        'out-of-memory',
        `out of memory: the worker thread's JavaScript heap is full ${where} (${error.message})`,
      )
    : new TrainingAttemptError('thread-error', `worker thread failed ${where}: ${error.message}`);
}
