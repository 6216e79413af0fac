/** Training a head detector inside the worker: everything detection-specific of the worker. */
import { DEFAULT_TRAIN_OPTIONS, trainHeadDetector } from '../detector/train.js';
import type { EpochMetrics } from '../detector/train.js';
import { loadWeights, saveWeights } from '../detector/weights.js';
import type {
  JobResult,
  TrainingChannel,
  TrainingEpochMetrics,
  WorkerRequest,
} from './protocol.js';
import { unpackSamples } from './samples-transfer.js';
import type { DetectionSampleSource } from '../types.js';

/**
 * Trains from scratch, or from `request.resume` at the epoch after the saved one, reporting every
 * batch and epoch (with the weights after it) to `channel`. Answers whether it was stopped.
 */
export async function runDetectionTraining(
  request: Extract<WorkerRequest, { kind: 'detection' }>,
  channel: TrainingChannel,
): Promise<JobResult> {
  const { options, resume, architecture } = request;
  const start =
    resume === undefined
      ? { ...(architecture === undefined ? {} : { architecture }) }
      : { model: loadWeights(resume.saved), firstEpoch: resume.lastEpoch + 1 };
  const { model, stopped } = await trainHeadDetector(
    'streamed' in request.samples ? streamedSource(channel) : unpackSamples(request.samples),
    {
      ...options,
      // An absent seed must mean the default one, so a resume holds out the same samples.
      seed: options.seed ?? DEFAULT_TRAIN_OPTIONS.seed,
      ...start,
      shouldStop: () => channel.shouldStop(),
      onBatch: (epoch, done, total) => channel.batch(epoch, done, total),
    },
    (metrics, trained) => {
      channel.epoch(commonMetrics(metrics), saveWeights(trained, metrics.threshold));
      channel.log(describeEpoch(metrics));
    },
  );
  model.dispose();
  return { stopped, evaluation: null };
}

function streamedSource(channel: TrainingChannel): DetectionSampleSource {
  if (channel.samples === undefined) throw new Error('A streamed request needs a sample source');
  return channel.samples;
}

/** The detector's metrics in the shape every kind reports: accuracy is the detection F1. */
export function commonMetrics(m: EpochMetrics): TrainingEpochMetrics {
  const { epoch, epochs, loss, valLoss, f1, valF1, seconds } = m;
  return { epoch, epochs, loss, valLoss, accuracy: f1, valAccuracy: valF1, seconds };
}

function describeEpoch(m: EpochMetrics): string {
  const value = (v: number): string => (Number.isNaN(v) ? '-' : v.toFixed(4));
  return (
    `Epoch ${m.epoch}/${m.epochs}: loss ${value(m.loss)}, val_loss ${value(m.valLoss)}, ` +
    `F1 ${value(m.f1)}, val F1 ${value(m.valF1)} at threshold ${m.threshold.toFixed(2)} ` +
    `(${m.seconds.toFixed(1)} s)`
  );
}
