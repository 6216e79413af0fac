/**
 * What the training runner and its worker thread say to each other. A request names its `kind`;
 * a new kind of model adds its request to {@link TrainingRequest}, a function beside
 * `detection-job.ts` and one case in the worker's switch.
 */
import type { EpochMetrics } from '../detector/train.js';
import type { SavedHeadDetector } from '../detector/weights.js';
import type { DetectionSample } from '../types.js';
import type { PackedSamples } from './samples-transfer.js';

/** Training settings shared by every kind of model. */
export interface TrainingRunOptions {
  readonly epochs: number;
  readonly batchSize: number;
  readonly learningRate: number;
  readonly validationSplit: number;
  /**
   * Seeds the initial weights, the validation split, the shuffles and the augmentation; the
   * package default when left out. A resumed run must use the first run's seed to hold out the
   * same samples.
   */
  readonly seed?: number;
}

/** Where a resumed run starts: the weights saved after `lastEpoch`. */
export interface ResumePoint {
  readonly saved: SavedHeadDetector;
  readonly lastEpoch: number;
}

/** Train a head detector on frames with head boxes, from scratch or from saved weights. */
export interface TrainingRequest {
  readonly kind: 'detection';
  readonly samples: DetectionSample[];
  readonly options: TrainingRunOptions;
  readonly resume?: ResumePoint;
}

/** A request as it crosses to the worker: the frames' pixels in one shared buffer. */
export type WorkerRequest = Omit<TrainingRequest, 'samples'> & { readonly samples: PackedSamples };

/** Runner to worker. */
export type ToWorker = { readonly type: 'stop' };

/** Worker to runner. */
export type FromWorker =
  | {
      readonly type: 'batch';
      readonly epoch: number;
      readonly done: number;
      readonly total: number;
    }
  | { readonly type: 'epoch'; readonly metrics: EpochMetrics; readonly saved: SavedHeadDetector }
  | { readonly type: 'log'; readonly line: string }
  | { readonly type: 'done'; readonly stopped: boolean }
  | { readonly type: 'error'; readonly message: string };

/** What a training job in the worker reports through, and asks whether to stop. */
export interface TrainingChannel {
  shouldStop(): boolean;
  batch(epoch: number, done: number, total: number): void;
  epoch(metrics: EpochMetrics, saved: SavedHeadDetector): void;
  log(line: string): void;
}
