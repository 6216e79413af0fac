/** The morphology classifier's training loop: Adam on softmax cross-entropy, seeded throughout. */
import * as tf from '@tensorflow/tfjs-core';
import { seededRandom } from '../random.js';
import type { EpochProgress, ModelEpochCallback, TrainedModelResult } from '../training-loop.js';
import { runTrainingLoop } from '../training-loop.js';
import type { ClassifierAugmentOptions } from './augment.js';
import { augmentCrop, DEFAULT_CLASSIFIER_AUGMENT } from './augment.js';
import { checkLabels } from './evaluate.js';
import { registerClassifierGradients } from './gradients.js';
import { argMax, DEFAULT_CLASSIFY_BATCH } from './infer.js';
import type { PreparedCrop } from './input.js';
import { inputTensor, prepareCrop } from './input.js';
import { crossEntropyLoss, oneHotLabels } from './loss.js';
import type { MorphologyClassifierModel } from './model.js';
import {
  classifierArchitecture,
  createMorphologyClassifier,
  DEFAULT_CLASSIFIER_SHAPE,
  forwardClassifier,
} from './model.js';
import { stratifiedSplit } from './split.js';
import type { MorphologySample } from './types.js';

/** Training settings; the defaults follow the spec (100 epochs, batch 16, 0.001, split 0.2). */
export interface TrainMorphologyClassifierOptions {
  /** Class names the labels index; taken from `model` when continuing one. */
  readonly classes?: readonly string[];
  readonly epochs: number;
  readonly batchSize: number;
  readonly learningRate: number;
  /** Share of each class held out for validation; 0 holds out nothing. */
  readonly validationSplit: number;
  /** Seeds the initial weights, the split, the shuffles and the augmentation. */
  readonly seed: number;
  readonly augment: ClassifierAugmentOptions | false;
  /** Side of the square input of a new model (a multiple of 4). */
  readonly inputSize: number;
  /** Convolution channels of a new model. */
  readonly channels: readonly number[];
  /** Continue training this model instead of a new one (resume from a saved epoch). */
  readonly model?: MorphologyClassifierModel;
  /** The epoch to run first, 1-based: a resumed run passes the saved epoch + 1. */
  readonly firstEpoch: number;
  /** Asked before every batch and after each epoch's last one; true stops training at once. */
  readonly shouldStop?: () => boolean;
  /** Called after every batch with the epoch, the batches done in it and its batch count. */
  readonly onBatch?: (epoch: number, done: number, total: number) => void;
}

/** Options as callers pass them: any defaults left out, but the classes or a model given. */
export type MorphologyTrainingSettings = Partial<TrainMorphologyClassifierOptions> &
  ({ readonly classes: readonly string[] } | { readonly model: MorphologyClassifierModel });

export const DEFAULT_CLASSIFIER_TRAIN_OPTIONS: TrainMorphologyClassifierOptions = {
  epochs: 100,
  batchSize: 16,
  learningRate: 0.001,
  validationSplit: 0.2,
  seed: 1,
  augment: DEFAULT_CLASSIFIER_AUGMENT,
  inputSize: DEFAULT_CLASSIFIER_SHAPE.inputSize,
  channels: DEFAULT_CLASSIFIER_SHAPE.channels,
  firstEpoch: 1,
};

/** What one epoch achieved; validation values are NaN when nothing was held out. */
export interface ClassifierEpochMetrics extends EpochProgress {
  /** Mean loss and accuracy over the epoch's (augmented) training batches. */
  readonly loss: number;
  readonly valLoss: number;
  readonly accuracy: number;
  readonly valAccuracy: number;
}

/** Called after every epoch with its metrics and the model; see `ModelEpochCallback`. */
export type ClassifierEpochCallback = ModelEpochCallback<
  ClassifierEpochMetrics,
  MorphologyClassifierModel
>;

/** The trained model (the caller owns and disposes it), its history and whether it was stopped. */
export type TrainMorphologyClassifierResult = TrainedModelResult<
  MorphologyClassifierModel,
  ClassifierEpochMetrics
>;

interface PreparedSample {
  readonly crop: PreparedCrop;
  readonly label: number;
}

/**
 * Trains a morphology classifier on labelled crops. Pure compute: crops in, weights and metrics
 * out. Needs `initBackend()` to have finished.
 */
export async function trainMorphologyClassifier(
  samples: readonly MorphologySample[],
  settings: MorphologyTrainingSettings,
  onEpoch?: ClassifierEpochCallback,
): Promise<TrainMorphologyClassifierResult> {
  const o = { ...DEFAULT_CLASSIFIER_TRAIN_OPTIONS, ...settings };
  if (samples.length === 0) throw new RangeError('trainMorphologyClassifier: no samples');
  if (!Number.isInteger(o.batchSize) || o.batchSize < 1) {
    throw new RangeError(`batchSize must be a positive whole number, not ${o.batchSize}`);
  }
  const model = o.model ?? newModel(o);
  const { classes, inputSize } = model.architecture;
  if (o.classes !== undefined && o.classes.join('\n') !== classes.join('\n')) {
    throw new RangeError('The classes given differ from those of the model');
  }
  checkLabels(samples, classes.length);
  registerClassifierGradients();
  const random = seededRandom(o.seed);
  const prepared = samples.map((s) => ({ crop: prepareCrop(s, inputSize), label: s.label }));
  const { training, validation } = stratifiedSplit(prepared, o.validationSplit, random);
  const { history, stopped } = await runTrainingLoop(training, random, o, {
    startEpoch: () => ({ loss: 0, correct: 0, count: 0 }),
    trainBatch(batch, optimizer, totals) {
      const augmented = batch.map((s) => ({
        label: s.label,
        crop: o.augment === false ? s.crop : augmentCrop(s.crop, inputSize, o.augment, random),
      }));
      const step = trainStep(model, optimizer, augmented);
      totals.loss += step.loss * augmented.length;
      totals.correct += step.correct;
      totals.count += augmented.length;
    },
    scoreEpoch(totals) {
      const held = validation.length > 0 ? scoreSamples(model, validation) : undefined;
      return {
        loss: totals.loss / Math.max(totals.count, 1),
        accuracy: totals.correct / Math.max(totals.count, 1),
        valLoss: held?.loss ?? Number.NaN,
        valAccuracy: held?.accuracy ?? Number.NaN,
      };
    },
    onEpoch: (metrics) => onEpoch?.(metrics, model),
  });
  return { model, history, stopped };
}

function newModel(o: TrainMorphologyClassifierOptions): MorphologyClassifierModel {
  if (o.classes === undefined) throw new RangeError('Give the classes or a model');
  const architecture = classifierArchitecture(o.classes, o);
  return createMorphologyClassifier(architecture, o.seed);
}

/** One optimiser step; answers the batch's mean loss and how many it classified right. */
function trainStep(
  model: MorphologyClassifierModel,
  optimizer: tf.Optimizer,
  batch: readonly PreparedSample[],
): { loss: number; correct: number } {
  const labels = batch.map((s) => s.label);
  const input = inputTensor(
    batch.map((s) => s.crop),
    model.architecture.inputSize,
  );
  const target = oneHotLabels(labels, model.architecture.classes.length);
  let logits: tf.Tensor2D | undefined;
  const cost = optimizer.minimize(
    () => {
      logits = tf.keep(forwardClassifier(model, input));
      return crossEntropyLoss(logits, target);
    },
    true,
    [...model.variables],
  );
  tf.dispose([input, target]);
  if (cost === null || logits === undefined) throw new Error('The optimiser returned no loss');
  const loss = cost.dataSync()[0] ?? Number.NaN;
  const correct = countCorrect(logits.dataSync(), labels);
  tf.dispose([cost, logits]);
  return { loss, correct };
}

/** Mean loss and accuracy of the model on prepared samples, in inference-sized batches. */
function scoreSamples(
  model: MorphologyClassifierModel,
  samples: readonly PreparedSample[],
): { loss: number; accuracy: number } {
  const { inputSize, classes } = model.architecture;
  let loss = 0;
  let correct = 0;
  for (let start = 0; start < samples.length; start += DEFAULT_CLASSIFY_BATCH) {
    const chunk = samples.slice(start, start + DEFAULT_CLASSIFY_BATCH);
    const labels = chunk.map((s) => s.label);
    const { batchLoss, logits } = tf.tidy(() => {
      const out = forwardClassifier(
        model,
        inputTensor(
          chunk.map((s) => s.crop),
          inputSize,
        ),
      );
      return {
        batchLoss: crossEntropyLoss(out, oneHotLabels(labels, classes.length)),
        logits: out,
      };
    });
    loss += (batchLoss.dataSync()[0] ?? Number.NaN) * chunk.length;
    correct += countCorrect(logits.dataSync(), labels);
    tf.dispose([batchLoss, logits]);
  }
  return { loss: loss / samples.length, accuracy: correct / samples.length };
}

/** How many rows of flat logits [n, classes] have their largest value at the label. */
function countCorrect(logits: ArrayLike<number>, labels: readonly number[]): number {
  const classCount = labels.length > 0 ? logits.length / labels.length : 0;
  return labels.filter((label, i) => {
    const row = Array.from({ length: classCount }, (_, c) => logits[i * classCount + c] ?? 0);
    return argMax(row) === label;
  }).length;
}
