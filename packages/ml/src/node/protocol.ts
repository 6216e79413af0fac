/**
 * What the training runner and its worker thread say to each other. A request names its `kind`;
 * a new kind of model adds its request to {@link TrainingRequest}, its weights to
 * {@link SavedModels}, a job beside `detection-job.ts` and one case in the worker's switch.
 */
import type { ClassifierEvaluation } from '../classifier/evaluate.js';
import type { MorphologySample } from '../classifier/types.js';
import type { SavedMorphologyClassifier } from '../classifier/weights.js';
import type { SavedHeadDetector } from '../detector/weights.js';
import type { HeadDetectorArchitecture } from '../detector/model.js';
import type { DetectionSample, DetectionSampleSource } from '../types.js';
import type { PackedMorphologySamples, PackedSamples } from './samples-transfer.js';
import type { SampleAnswer, SampleRequest, StreamedSamples } from './streamed-samples.js';

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

/** The weights each kind of training saves after an epoch. */
export interface SavedModels {
  readonly detection: SavedHeadDetector;
  readonly morphology: SavedMorphologyClassifier;
}

/** The kinds of model the runner trains. */
export type TrainingKind = keyof SavedModels;

/** Where a resumed run starts: the weights saved after `lastEpoch`. */
export interface ResumePoint<K extends TrainingKind = TrainingKind> {
  readonly saved: SavedModels[K];
  readonly lastEpoch: number;
}

/**
 * A test hook that makes the worker thread misbehave after its `afterBatch`-th batch (counted from
 * the start of this run): `stop-posting` blocks the thread without a word, as a stuck trainer does;
 * `exit` ends the thread with `code`, as a crashed one does. Never set outside tests.
 */
export type TrainingFault =
  | { readonly kind: 'stop-posting'; readonly afterBatch: number }
  | { readonly kind: 'exit'; readonly afterBatch: number; readonly code: number };

/** What every request may add to its samples and options. */
export interface TrainingGuards {
  /**
   * The WebAssembly heap the run may use, in bytes; the backend's own maximum (4 GiB less one
   * page) when left out or larger. The worker fails with a clear message before it is passed.
   */
  readonly heapLimitBytes?: number;
  readonly fault?: TrainingFault;
}

/** Train a head detector on frames with head boxes, from scratch or from saved weights. */
export interface DetectionTrainingRequest extends TrainingGuards {
  readonly kind: 'detection';
  /**
   * Frames in memory (copied once into shared memory for the thread), or a source the thread
   * reads a batch at a time through the runner (the label is never held whole).
   */
  readonly samples: DetectionSample[] | DetectionSampleSource;
  readonly options: TrainingRunOptions;
  /**
   * The network of a new detector (stride, channels, context branch, normalisation); the package
   * default (DEFAULT_ARCHITECTURE) when left out. Ignored on resume: the saved weights have theirs.
   */
  readonly architecture?: HeadDetectorArchitecture;
  readonly resume?: ResumePoint<'detection'>;
}

/** Train a morphology classifier on labelled cell crops, from scratch or from saved weights. */
export interface MorphologyTrainingRequest extends TrainingGuards {
  readonly kind: 'morphology';
  /** Labels index `classes`. */
  readonly samples: MorphologySample[];
  /** Class names; a resumed run must give those of its saved weights. */
  readonly classes: string[];
  readonly options: TrainingRunOptions;
  /**
   * Input side (a multiple of 4) and convolution channels of a new network; the package default
   * (DEFAULT_CLASSIFIER_SHAPE) when left out. Ignored on resume: the saved weights have theirs.
   */
  readonly shape?: { readonly inputSize: number; readonly channels: readonly number[] };
  readonly resume?: ResumePoint<'morphology'>;
}

/** A training job for the worker thread. */
export type TrainingRequest = DetectionTrainingRequest | MorphologyTrainingRequest;

/**
 * What every kind reports per epoch; validation values are NaN when nothing is held out. For
 * detection, `accuracy` and `valAccuracy` are the detection F1 (EpochMetrics' `f1` and `valF1`);
 * for morphology, the share of crops classified right.
 */
export interface TrainingEpochMetrics {
  /** 1-based. */
  readonly epoch: number;
  readonly epochs: number;
  readonly loss: number;
  readonly valLoss: number;
  readonly accuracy: number;
  readonly valAccuracy: number;
  readonly seconds: number;
}

/** A request as it crosses to the worker: the images' pixels in one shared buffer. */
export type WorkerRequest =
  | (Omit<DetectionTrainingRequest, 'samples'> & {
      readonly samples: PackedSamples | StreamedSamples;
    })
  | (Omit<MorphologyTrainingRequest, 'samples'> & { readonly samples: PackedMorphologySamples });

/** How a job in the worker ended. */
export interface JobResult {
  readonly stopped: boolean;
  /** Morphology: the best epoch's weights scored on the validation samples; else null. */
  readonly evaluation: ClassifierEvaluation | null;
}

/** Runner to worker. */
export type ToWorker = { readonly type: 'stop' } | SampleAnswer;

/** Worker to runner. */
export type FromWorker =
  | {
      readonly type: 'batch';
      readonly epoch: number;
      readonly done: number;
      readonly total: number;
    }
  | {
      readonly type: 'epoch';
      readonly metrics: TrainingEpochMetrics;
      readonly saved: SavedModels[TrainingKind];
    }
  | { readonly type: 'log'; readonly line: string }
  | SampleRequest
  | ({ readonly type: 'done' } & JobResult)
  | {
      readonly type: 'error';
      readonly message: string;
      /** `wasm-heap`: the run needs more WebAssembly memory than allowed (no retry can cure it). */
      readonly cause?: 'wasm-heap';
    };

/** What a training job in the worker reports through, and asks whether to stop. */
export interface TrainingChannel {
  shouldStop(): boolean;
  batch(epoch: number, done: number, total: number): void;
  /** Hands `saved` over to the runner: its weights' buffer is transferred (detached here). */
  epoch(metrics: TrainingEpochMetrics, saved: SavedModels[TrainingKind]): void;
  log(line: string): void;
  /** The detection samples of a streamed request, read through the runner. */
  samples?: DetectionSampleSource;
}
