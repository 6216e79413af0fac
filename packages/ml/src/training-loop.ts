/**
 * The epoch and batch loop the head detector and the morphology classifier share: a seeded
 * shuffle of the training samples per epoch, batches that yield to the event loop, stop requests
 * between batches, and per-epoch metrics. Each trainer supplies its own step and scores.
 */
import * as tf from '@tensorflow/tfjs-core';
import type { Random } from './random.js';
import { shuffled } from './random.js';

/** What every epoch's metrics hold besides the trainer's own scores. */
export interface EpochProgress {
  /** 1-based. */
  readonly epoch: number;
  readonly epochs: number;
  /** Training and scoring time of the epoch. */
  readonly seconds: number;
}

/** The loop's settings, as both trainers' options hold them. */
export interface TrainingLoopOptions {
  /** The last epoch, 1-based. */
  readonly epochs: number;
  /** The epoch to run first, 1-based: a resumed run passes the saved epoch + 1. */
  readonly firstEpoch: number;
  readonly batchSize: number;
  /**
   * Most batches trained per epoch (the first of the epoch's shuffle; Keras' steps_per_epoch);
   * every batch when left out.
   */
  readonly batchesPerEpoch?: number;
  /** Adam's learning rate (of the first epoch when a decay is set). */
  readonly learningRate: number;
  /**
   * The learning rate of the last epoch as a share of `learningRate`, reached along a half cosine
   * from the first epoch (see {@link learningRateAt}); absent or 1: constant.
   */
  readonly finalLearningRateShare?: number;
  /**
   * Asked before every batch and after an epoch's last one: true ends training at once, the
   * unfinished epoch is neither scored nor reported, and the result says `stopped`.
   */
  readonly shouldStop?: () => boolean;
  /** Called after every batch with the 1-based epoch, batches done and batches in the epoch. */
  readonly onBatch?: (epoch: number, batchesDone: number, batchesTotal: number) => void;
}

/** What an epoch callback answers: 'stop' ends training after this epoch. */
export type EpochAnswer = void | 'stop' | Promise<void | 'stop'>;

/**
 * Called after every epoch with its metrics and the model (to keep the best epoch's weights);
 * answering 'stop' ends training after this epoch (`stopped` is then true unless it was the last).
 */
export type ModelEpochCallback<Metrics, Model> = (metrics: Metrics, model: Model) => EpochAnswer;

/** A trainer's own part of the loop, with `Totals` the sums it keeps over an epoch's batches. */
export interface TrainingSteps<Sample, Totals, Scores> {
  /** Fresh sums at an epoch's start. */
  startEpoch(): Totals;
  /**
   * One batch of the epoch's shuffled samples: load and prepare it, step the optimiser, add to
   * `totals`. May be async (a trainer that reads its samples per batch).
   */
  trainBatch(
    batch: readonly Sample[],
    optimizer: tf.Optimizer,
    totals: Totals,
  ): void | Promise<void>;
  /**
   * Called with the next batch of the epoch just before the current one is trained, so a trainer
   * that reads samples per batch can start reading them while this one trains.
   */
  prefetch?(batch: readonly Sample[]): void;
  /** Scores a finished epoch from its sums (and whatever was held out). */
  scoreEpoch(totals: Totals): Scores | Promise<Scores>;
  /** Called after every epoch with its metrics; answering 'stop' ends training after it. */
  onEpoch?(metrics: EpochProgress & Scores): EpochAnswer;
}

/** Every finished epoch's metrics and whether training ended before the last epoch. */
export interface TrainingLoopResult<Metrics> {
  readonly history: Metrics[];
  readonly stopped: boolean;
}

/** The trained model (the caller owns and disposes it), its history and whether it was stopped. */
export interface TrainedModelResult<Model, Metrics> extends TrainingLoopResult<Metrics> {
  readonly model: Model;
}

/**
 * Runs epochs `firstEpoch..epochs` over `training` with an Adam optimiser it owns and disposes.
 * `random` shuffles each epoch; the trainer may draw from the same source (augmentation), so a
 * seed repeats a run exactly.
 */
export async function runTrainingLoop<Sample, Totals, Scores>(
  training: readonly Sample[],
  random: Random,
  options: TrainingLoopOptions,
  steps: TrainingSteps<Sample, Totals, Scores>,
): Promise<TrainingLoopResult<EpochProgress & Scores>> {
  const { epochs, batchSize } = options;
  const optimizer = new ScheduledAdam(options.learningRate);
  const history: (EpochProgress & Scores)[] = [];
  const batchesTotal = Math.min(
    Math.ceil(training.length / batchSize),
    options.batchesPerEpoch ?? Number.POSITIVE_INFINITY,
  );
  const stopRequested = (): boolean => options.shouldStop?.() === true;
  try {
    for (let epoch = options.firstEpoch; epoch <= epochs; epoch += 1) {
      const started = performance.now();
      optimizer.setLearningRate(learningRateAt(epoch, options));
      const totals = steps.startEpoch();
      const order = shuffled(training, random);
      for (let done = 0; done < batchesTotal; done += 1) {
        if (stopRequested()) return { history, stopped: true };
        if (done + 1 < batchesTotal) {
          steps.prefetch?.(order.slice((done + 1) * batchSize, (done + 2) * batchSize));
        }
        await steps.trainBatch(
          order.slice(done * batchSize, (done + 1) * batchSize),
          optimizer,
          totals,
        );
        options.onBatch?.(epoch, done + 1, batchesTotal);
        // Let timers and stop requests run between batches.
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (stopRequested()) return { history, stopped: true };
      const scores = await steps.scoreEpoch(totals);
      const metrics = { epoch, epochs, ...scores, seconds: (performance.now() - started) / 1000 };
      history.push(metrics);
      if ((await steps.onEpoch?.(metrics)) === 'stop') return { history, stopped: epoch < epochs };
    }
  } finally {
    optimizer.dispose();
  }
  return { history, stopped: false };
}

/**
 * The learning rate of a 1-based epoch: `learningRate` at the first, falling along a half cosine
 * to `finalLearningRateShare` of it at the last. It depends only on the epoch and the run's
 * length, so a resumed run goes on where it stopped.
 */
export function learningRateAt(
  epoch: number,
  o: Pick<TrainingLoopOptions, 'epochs' | 'learningRate' | 'finalLearningRateShare'>,
): number {
  const share = o.finalLearningRateShare ?? 1;
  if (share === 1 || o.epochs <= 1) return o.learningRate;
  const progress = Math.min(1, Math.max(0, (epoch - 1) / (o.epochs - 1)));
  return o.learningRate * (share + ((1 - share) * (1 + Math.cos(Math.PI * progress))) / 2);
}

/** Adam whose learning rate can change between steps (its moments are kept). */
class ScheduledAdam extends tf.AdamOptimizer {
  constructor(learningRate: number) {
    super(learningRate, 0.9, 0.999);
  }

  setLearningRate(value: number): void {
    this.learningRate = value;
  }
}
