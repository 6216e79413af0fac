/** Training a morphology classifier inside the worker: everything classifier-specific of it. */
import { evaluateClassifier } from '../classifier/evaluate.js';
import type { ClassifierEvaluation } from '../classifier/evaluate.js';
import { stratifiedSplit } from '../classifier/split.js';
import {
  DEFAULT_CLASSIFIER_TRAIN_OPTIONS,
  trainMorphologyClassifier,
} from '../classifier/train.js';
import type { ClassifierEpochMetrics } from '../classifier/train.js';
import type { MorphologySample } from '../classifier/types.js';
import { loadClassifierWeights, saveClassifierWeights } from '../classifier/weights.js';
import type { SavedMorphologyClassifier } from '../classifier/weights.js';
import { seededRandom } from '../random.js';
import { BestEpoch } from './best-epoch.js';
import type { JobResult, TrainingChannel, TrainingRunOptions, WorkerRequest } from './protocol.js';
import { unpackMorphologySamples } from './samples-transfer.js';

/**
 * The held-out samples of a morphology run: `trainMorphologyClassifier` splits with a generator
 * seeded by the run's seed before drawing anything else from it, so this split is the same one.
 */
export function morphologyValidation<T extends { readonly label: number }>(
  samples: readonly T[],
  options: Pick<TrainingRunOptions, 'validationSplit' | 'seed'>,
): { training: T[]; validation: T[] } {
  const seed = options.seed ?? DEFAULT_CLASSIFIER_TRAIN_OPTIONS.seed;
  return stratifiedSplit(samples, options.validationSplit, seededRandom(seed));
}

/**
 * Trains from scratch, or from `request.resume` at the epoch after the saved one, reporting every
 * batch and epoch (with the weights after it) to `channel`. Unless stopped, it ends by scoring
 * the best epoch's weights on the validation samples.
 */
export async function runMorphologyTraining(
  request: Extract<WorkerRequest, { kind: 'morphology' }>,
  channel: TrainingChannel,
): Promise<JobResult> {
  const { options, resume, classes, shape } = request;
  const samples = unpackMorphologySamples(request.samples);
  const start =
    resume === undefined
      ? {}
      : { model: loadClassifierWeights(resume.saved), firstEpoch: resume.lastEpoch + 1 };
  // The channel hands each epoch's weights over, so the best are kept as a copy here.
  const best = new BestEpoch<SavedMorphologyClassifier>();
  const { model, stopped } = await trainMorphologyClassifier(
    samples,
    {
      ...options,
      ...shape,
      classes,
      // An absent seed must mean the default one, so a resume holds out the same samples.
      seed: options.seed ?? DEFAULT_CLASSIFIER_TRAIN_OPTIONS.seed,
      ...start,
      shouldStop: () => channel.shouldStop(),
      onBatch: (epoch, done, total) => channel.batch(epoch, done, total),
    },
    (metrics, trained) => {
      const saved = saveClassifierWeights(trained);
      best.offer(metrics, { ...saved, weights: saved.weights.slice() });
      channel.epoch(metrics, saved);
      channel.log(describeEpoch(metrics));
    },
  );
  model.dispose();
  if (stopped || best.saved === null) return { stopped, evaluation: null };
  const { validation } = morphologyValidation(samples, options);
  return { stopped, evaluation: evaluateSaved(best.saved, validation) };
}

/** The saved classifier's scores on the samples; null when there are none. */
function evaluateSaved(
  saved: SavedMorphologyClassifier,
  samples: readonly MorphologySample[],
): ClassifierEvaluation | null {
  if (samples.length === 0) return null;
  const model = loadClassifierWeights(saved);
  try {
    return evaluateClassifier(model, samples);
  } finally {
    model.dispose();
  }
}

function describeEpoch(m: ClassifierEpochMetrics): string {
  const value = (v: number): string => (Number.isNaN(v) ? '-' : v.toFixed(4));
  return (
    `Epoch ${m.epoch}/${m.epochs}: loss ${value(m.loss)}, val_loss ${value(m.valLoss)}, ` +
    `accuracy ${value(m.accuracy)}, val accuracy ${value(m.valAccuracy)} ` +
    `(${m.seconds.toFixed(1)} s)`
  );
}
