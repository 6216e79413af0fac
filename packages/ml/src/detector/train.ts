/** The head detector's training loop: augmentation, validation split, per-epoch metrics, stop. */
import * as tf from '@tensorflow/tfjs-core';
import { seededRandom, shuffled } from '../random.js';
import type { EpochProgress, ModelEpochCallback, TrainedModelResult } from '../training-loop.js';
import { runTrainingLoop } from '../training-loop.js';
import type { DetectionSample, DetectionSampleSource, HeadPrediction, PixelBox } from '../types.js';
import type { AugmentOptions } from './augment.js';
import { augmentSample, DEFAULT_AUGMENT } from './augment.js';
import type { PreparedFrame } from './batch.js';
import { detectorLoss, groupBySize, inputTensor, lossOf, targetTensors } from './batch.js';
import { HEAT_SIGMA_CELLS } from './encode.js';
import { DEFAULT_THRESHOLD, predictFrames } from './infer.js';
import { f1Score, matchCentres } from './metrics.js';
import type { HeadDetectorArchitecture, HeadDetectorModel } from './model.js';
import { sampleSourceOf } from './sample-source.js';
import { createHeadDetector, DEFAULT_ARCHITECTURE, forward } from './model.js';

/** Training settings; the defaults follow the spec (100 epochs, batch 16, 0.001, split 0.2). */
export interface TrainHeadDetectorOptions {
  readonly epochs: number;
  readonly batchSize: number;
  readonly learningRate: number;
  /** Share of samples held out for validation (at least one sample when there are two or more). */
  readonly validationSplit: number;
  /** Seeds the initial weights, the split, the shuffles and the augmentation. */
  readonly seed: number;
  /** A prediction within this many pixels of a true head centre finds it. */
  readonly matchRadiusPx: number;
  /** Heat a peak needs to count as a detection when no frame is held out to choose it on. */
  readonly threshold: number;
  readonly augment: AugmentOptions | false;
  readonly architecture: HeadDetectorArchitecture;
  /** Radius of a head's Gaussian peak in the target heat map, output cells. */
  readonly heatSigmaCells: number;
  /**
   * The last epoch's learning rate as a share of `learningRate`, reached along a half cosine
   * (`learningRateAt`); 1: constant.
   */
  readonly finalLearningRateShare: number;
  /**
   * Frames held out for validation (loss, F1 and the threshold choice) instead of a share of
   * `samples`: every sample then trains and `validationSplit` is not used.
   */
  readonly validation?: readonly DetectionSample[] | DetectionSampleSource;
  /** Continue training this model instead of a new one (resume from a saved epoch). */
  readonly model?: HeadDetectorModel;
  /** The epoch to run first, 1-based: a resumed run passes the saved epoch + 1. */
  readonly firstEpoch: number;
  /** Most batches trained per epoch; every batch when left out. */
  readonly batchesPerEpoch?: number;
  /** Largest number of training samples scored for the per-epoch training F1. */
  readonly trainF1Samples: number;
  /**
   * Asked after every batch (and before an epoch's first one): true ends training at once, the
   * unfinished epoch is neither scored nor reported, and the result says `stopped`.
   */
  readonly shouldStop?: () => boolean;
  /** Called after every batch with the 1-based epoch, batches done and batches in the epoch. */
  readonly onBatch?: (epoch: number, batchesDone: number, batchesTotal: number) => void;
}

export const DEFAULT_TRAIN_OPTIONS: TrainHeadDetectorOptions = {
  epochs: 100,
  batchSize: 16,
  learningRate: 0.001,
  validationSplit: 0.2,
  seed: 1,
  matchRadiusPx: 5,
  threshold: DEFAULT_THRESHOLD,
  augment: DEFAULT_AUGMENT,
  architecture: DEFAULT_ARCHITECTURE,
  heatSigmaCells: HEAT_SIGMA_CELLS,
  finalLearningRateShare: 0.05,
  trainF1Samples: 64,
  firstEpoch: 1,
};

/** What one epoch achieved; validation values are NaN when nothing was held out. */
export interface EpochMetrics extends EpochProgress {
  readonly loss: number;
  readonly valLoss: number;
  /** Detection F1 at the matching radius (the spec's accuracy), at `threshold`. */
  readonly f1: number;
  readonly valF1: number;
  /**
   * The heat threshold of {@link THRESHOLD_CANDIDATES} with the best validation F1 after this
   * epoch (the option's when nothing is held out): saved with the epoch's weights.
   */
  readonly threshold: number;
}

/** Detection thresholds tried on the validation frames after every epoch. */
export const THRESHOLD_CANDIDATES = [
  0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7,
] as const;

/** Called after every epoch with its metrics and the model; see `ModelEpochCallback`. */
export type EpochCallback = ModelEpochCallback<EpochMetrics, HeadDetectorModel>;

/** How many samples train and how many are held out for validation. */
export interface SplitSizes {
  readonly training: number;
  readonly validation: number;
}

/** The split `trainHeadDetector` makes: at least one held out when there are two or more samples. */
export function splitSizes(count: number, validationSplit: number): SplitSizes {
  const validation = count < 2 ? 0 : Math.max(1, Math.round(count * validationSplit));
  return { training: count - validation, validation };
}

/** The trained model (the caller owns and disposes it), its history and whether it was stopped. */
export type TrainHeadDetectorResult = TrainedModelResult<HeadDetectorModel, EpochMetrics>;

/**
 * Trains a head detector on frames with head boxes. Pure compute: frames in, weights and metrics
 * out. Needs `initBackend()` to have finished. `samples` may be an array or a
 * {@link DetectionSampleSource}: either way each batch's frames are loaded, augmented and encoded
 * when it is trained and dropped after its step (the next batch is read while one trains), and
 * the held-out frames are scored a batch at a time, so memory does not grow with the label.
 */
export async function trainHeadDetector(
  samples: readonly DetectionSample[] | DetectionSampleSource,
  options: Partial<TrainHeadDetectorOptions> = {},
  onEpoch?: EpochCallback,
): Promise<TrainHeadDetectorResult> {
  const o = { ...DEFAULT_TRAIN_OPTIONS, ...options };
  const source = sampleSourceOf(samples);
  if (source.count === 0) throw new RangeError('trainHeadDetector: no samples');
  const random = seededRandom(o.seed);
  // Shuffling the indices gives the permutation shuffling the samples would (see shuffled).
  const order = shuffled(
    Array.from({ length: source.count }, (_, i) => i),
    random,
  );
  const held = o.validation === undefined ? null : sampleSourceOf(o.validation);
  const valCount = held === null ? splitSizes(source.count, o.validationSplit).validation : 0;
  const validation =
    held === null ? order.slice(0, valCount) : Array.from({ length: held.count }, (_, i) => i);
  const model = o.model ?? createHeadDetector(o.architecture, o.seed);
  try {
    const { history, stopped } = await trainOn(
      model,
      { training: source, validation: held ?? source },
      o,
      random,
      order.slice(valCount),
      validation,
      onEpoch,
    );
    return { model, history, stopped };
  } catch (error) {
    // A model made here is the caller's only on success.
    if (o.model === undefined) model.dispose();
    throw error;
  }
}

/** The epochs of trainHeadDetector over the training and held-out indices of their sources. */
function trainOn(
  model: HeadDetectorModel,
  sources: { training: DetectionSampleSource; validation: DetectionSampleSource },
  o: TrainHeadDetectorOptions,
  random: () => number,
  training: readonly number[],
  validation: readonly number[],
  onEpoch?: EpochCallback,
) {
  const source = sources.training;
  const loader = new BatchLoader(source);
  const chunk = Math.max(1, o.batchSize);
  return runTrainingLoop(training, random, o, {
    startEpoch: () => ({ loss: 0, count: 0 }),
    prefetch: (batch) => loader.prefetch(batch),
    async trainBatch(batch, optimizer, totals) {
      const loaded = await loader.take(batch);
      const frames = loaded.map((s) => prepare(s, o, random));
      for (const group of groupBySize(frames)) {
        const loss = trainStep(model, optimizer, group, o.heatSigmaCells);
        totals.loss += loss * group.length;
        totals.count += group.length;
      }
    },
    async scoreEpoch(totals) {
      const held =
        validation.length > 0
          ? await scoreHeldOut(model, sources.validation, validation, chunk, o.heatSigmaCells)
          : null;
      const chosen =
        held === null
          ? { threshold: o.threshold, f1: Number.NaN }
          : chooseThreshold(held.predictions, held.boxes, o.matchRadiusPx);
      const trainScored = training.slice(0, o.trainF1Samples);
      return {
        loss: totals.loss / Math.max(totals.count, 1),
        valLoss: held?.loss ?? Number.NaN,
        f1: await f1Of(model, source, trainScored, chunk, chosen.threshold, o.matchRadiusPx),
        valF1: chosen.f1,
        threshold: chosen.threshold,
      };
    },
    onEpoch: (metrics) => onEpoch?.(metrics, model),
  });
}

/**
 * Reads a batch's samples from a source, starting reads early on `prefetch` and handing each one
 * over once on `take`, so at most the current and the next batch are held.
 */
class BatchLoader {
  private readonly pending = new Map<number, Promise<DetectionSample>>();

  constructor(private readonly source: DetectionSampleSource) {}

  /** Starts reading the samples of a batch that comes next. */
  prefetch(indices: readonly number[]): void {
    for (const i of indices) {
      if (this.pending.has(i)) continue;
      const read = this.source.load(i);
      // A read whose batch is never taken (training stopped) must not be an unhandled rejection.
      read.catch(() => undefined);
      this.pending.set(i, read);
    }
  }

  /** The samples of a batch, in order (those prefetched are handed over and forgotten). */
  async take(indices: readonly number[]): Promise<DetectionSample[]> {
    const reads = indices.map((i) => {
      const read = this.pending.get(i) ?? this.source.load(i);
      this.pending.delete(i);
      return read;
    });
    return Promise.all(reads);
  }
}

/**
 * Loads `indices` of the source `chunk` at a time, prepared unchanged, and hands each chunk on
 * with the samples' scored regions.
 */
async function forEachChunk(
  source: DetectionSampleSource,
  indices: readonly number[],
  chunk: number,
  use: (frames: PreparedFrame[], regions: (PixelBox | undefined)[]) => void,
): Promise<void> {
  for (let start = 0; start < indices.length; start += chunk) {
    const loaded = await Promise.all(
      indices.slice(start, start + chunk).map((i) => source.load(i)),
    );
    use(
      loaded.map(unchanged),
      loaded.map((s) => s.scoredRegion),
    );
  }
}

/** The centres inside a region (all of them when there is none). */
function inRegion<T>(
  items: readonly T[],
  centre: (item: T) => [number, number],
  region?: PixelBox,
): T[] {
  if (region === undefined) return items.slice();
  return items.filter((item) => {
    const [x, y] = centre(item);
    return x >= region.x1 && x < region.x2 && y >= region.y1 && y < region.y2;
  });
}

/** The held-out frames' mean loss, predictions at the lowest candidate threshold and boxes. */
async function scoreHeldOut(
  model: HeadDetectorModel,
  source: DetectionSampleSource,
  indices: readonly number[],
  chunk: number,
  sigmaCells: number,
): Promise<{
  loss: number;
  predictions: HeadPrediction[][];
  boxes: { boxes: readonly PixelBox[] }[];
}> {
  let sum = 0;
  const predictions: HeadPrediction[][] = [];
  const boxes: { boxes: readonly PixelBox[] }[] = [];
  await forEachChunk(source, indices, chunk, (frames, regions) => {
    sum += meanLoss(model, frames, sigmaCells) * frames.length;
    const found = predictFrames(model, frames, THRESHOLD_CANDIDATES[0]);
    predictions.push(...found.map((p, i) => inRegion(p, (h) => [h.x, h.y], regions[i])));
    boxes.push(
      ...frames.map((f, i) => ({
        boxes: inRegion(f.boxes, (b) => [(b.x1 + b.x2) / 2, (b.y1 + b.y2) / 2], regions[i]),
      })),
    );
  });
  return { loss: sum / Math.max(indices.length, 1), predictions, boxes };
}

function unchanged(s: DetectionSample): PreparedFrame {
  return {
    image: Float32Array.from(s.frame.data),
    width: s.frame.width,
    height: s.frame.height,
    boxes: s.boxes,
  };
}

function prepare(
  s: DetectionSample,
  o: TrainHeadDetectorOptions,
  random: () => number,
): PreparedFrame {
  return o.augment === false ? unchanged(s) : augmentSample(s, o.augment, random);
}

function trainStep(
  model: HeadDetectorModel,
  optimizer: tf.Optimizer,
  frames: readonly PreparedFrame[],
  sigmaCells: number,
): number {
  const { stride, normalisation } = model.architecture;
  const input = inputTensor(frames, stride, normalisation);
  const { target, mask } = targetTensors(frames, { stride, sigmaCells });
  const cost = optimizer.minimize(() => detectorLoss(forward(model, input), target, mask), true, [
    ...model.variables,
  ]);
  tf.dispose([input, target, mask]);
  if (cost === null) throw new Error('The optimiser returned no loss');
  const value = cost.dataSync()[0] ?? Number.NaN;
  cost.dispose();
  return value;
}

function meanLoss(
  model: HeadDetectorModel,
  frames: readonly PreparedFrame[],
  sigmaCells: number,
): number {
  let sum = 0;
  for (const group of groupBySize(frames)) {
    const loss = lossOf(model, group, sigmaCells);
    sum += (loss.dataSync()[0] ?? Number.NaN) * group.length;
    loss.dispose();
  }
  return sum / frames.length;
}

/** Detection F1 of the model on the source's frames `indices` at a threshold, read `chunk` at a time. */
async function f1Of(
  model: HeadDetectorModel,
  source: DetectionSampleSource,
  indices: readonly number[],
  chunk: number,
  threshold: number,
  radiusPx: number,
): Promise<number> {
  const predictions: HeadPrediction[][] = [];
  const boxes: { boxes: readonly PixelBox[] }[] = [];
  await forEachChunk(source, indices, chunk, (frames) => {
    predictions.push(...predictFrames(model, frames, threshold));
    boxes.push(...frames.map((f) => ({ boxes: f.boxes })));
  });
  return f1At(predictions, boxes, threshold, radiusPx);
}

/** F1 of the predictions at or above `threshold` against the frames' boxes. */
function f1At(
  predictions: readonly (readonly HeadPrediction[])[],
  frames: readonly { readonly boxes: readonly PixelBox[] }[],
  threshold: number,
  radiusPx: number,
): number {
  const total = { truePositives: 0, falsePositives: 0, falseNegatives: 0 };
  frames.forEach((f, i) => {
    const kept = (predictions[i] ?? []).filter((p) => p.confidence >= threshold);
    const c = matchCentres(kept, f.boxes, radiusPx);
    total.truePositives += c.truePositives;
    total.falsePositives += c.falsePositives;
    total.falseNegatives += c.falseNegatives;
  });
  return f1Score(total);
}

/**
 * The candidate threshold whose F1 on the frames is best (the middle one where several tie), from
 * predictions made at the lowest candidate: a peak's being a peak does not depend on the threshold.
 */
export function chooseThreshold(
  predictions: readonly (readonly HeadPrediction[])[],
  frames: readonly { readonly boxes: readonly PixelBox[] }[],
  radiusPx: number,
): { threshold: number; f1: number } {
  const scores = THRESHOLD_CANDIDATES.map((threshold) => ({
    threshold,
    f1: f1At(predictions, frames, threshold, radiusPx),
  }));
  const best = Math.max(...scores.map((s) => s.f1));
  const tied = scores.filter((s) => s.f1 === best);
  return (
    tied[Math.floor((tied.length - 1) / 2)] ?? { threshold: THRESHOLD_CANDIDATES[0], f1: best }
  );
}
