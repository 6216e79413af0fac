import { MORPHOLOGY_CLASSES, type ValidationFrame } from '@sarm/contracts';
import {
  DEFAULT_CLASSIFIER_SHAPE,
  savedHeadDetectorOf,
  savedMorphologyClassifierOf,
  type ModelBundle,
  type SavedWeights,
} from '@sarm/ml';
import type { TrainingRequest, TrainingRunOptions } from '@sarm/ml/node';
import type { ModelRow, TrainingRun } from '../../db/schema/index.js';
import type {
  LabelledBoxRow,
  TrainingDataRepository,
} from '../../repositories/training-data.repository.js';
import type { FileStorage } from '../../storage/storage.js';
import { cutCrops } from './crop-samples.js';
import { detectionSampleSource } from './training-samples.js';

/** The classes a morphology model learns: the review classes a person can tell apart. */
export const MORPHOLOGY_MODEL_CLASSES: readonly string[] = MORPHOLOGY_CLASSES.filter(
  (name) => name !== 'unknown',
);

export const TRAINING_DATA_MESSAGES = {
  noSamples:
    'No labelled frames to learn from: add detections of frames to the data label, then train again',
  noCrops:
    'No classified crops to learn from: classify crops of the data label (normal or a defect), then train again',
} as const;

const LABEL_TYPES = {
  detection: ['detection'],
  morphology: ['morphology', 'morphology_segmentation'],
} as const;

/** Everything but the samples of a request. */
type Common = { options: TrainingRunOptions };

/** A detector's request and, in the order of its samples, the frames they were read from. */
export interface BuiltTrainingRequest {
  readonly request: TrainingRequest;
  /** Detector: `frames[i]` is the frame of sample i; empty for morphology. */
  readonly frames: readonly ValidationFrame[];
  /** The scale the model learns heads at: the median of its frames' datasets, µm per pixel. */
  readonly umPerPixel: number | null;
}

/** The median scale of the labelled frames (one vote a frame); null when none has a scale. */
export function labelScale(rows: readonly LabelledBoxRow[]): number | null {
  const byFrame = new Map<string, number>();
  for (const row of rows) {
    if (row.umPerPixel !== null && row.umPerPixel > 0) byFrame.set(row.frameId, row.umPerPixel);
  }
  const scales = [...byFrame.values()].sort((a, b) => a - b);
  if (scales.length === 0) return null;
  const mid = scales.length >> 1;
  return scales.length % 2 === 1 ? scales[mid]! : (scales[mid - 1]! + scales[mid]!) / 2;
}

/**
 * The worker's request for a model's run: its label's frames and boxes (detector) or classified
 * crops with their masks (morphology), and the checkpoint to resume from.
 */
export async function buildTrainingRequest(
  deps: {
    trainingData: TrainingDataRepository;
    storage: FileStorage;
    cropMarginPx: (videoId: string) => Promise<number>;
  },
  model: ModelRow,
  run: TrainingRun,
  resume: { saved: SavedWeights; lastEpoch: number } | undefined,
): Promise<BuiltTrainingRequest> {
  const common: Common = {
    options: {
      epochs: model.config.epochs,
      batchSize: model.config.batch_size,
      learningRate: model.config.learning_rate,
      validationSplit: model.config.validation_split,
      seed: run.seed,
    },
  };
  const labelIds =
    run.data_label_id !== null
      ? [run.data_label_id]
      : run.dataset_id === null
        ? []
        : await deps.trainingData.labelIds(run.dataset_id, LABEL_TYPES[model.type]);
  const rows = await deps.trainingData.boxes(labelIds);
  if (model.type === 'detection') {
    // The frames are read a batch at a time while the worker trains, not all up front.
    const { source, frames } = detectionSampleSource(deps.storage, rows);
    if (source.count === 0) throw new Error(TRAINING_DATA_MESSAGES.noSamples);
    const request: TrainingRequest = {
      kind: 'detection',
      samples: source,
      ...common,
      ...(resume === undefined
        ? {}
        : { resume: { saved: savedHeadDetectorOf(resume.saved), lastEpoch: resume.lastEpoch } }),
    };
    return { request, frames, umPerPixel: labelScale(rows) };
  }
  const seen = new Set<string>();
  const classified = rows.filter((row) => {
    const known =
      row.morphologyClass !== null && MORPHOLOGY_MODEL_CLASSES.includes(row.morphologyClass);
    if (!known || seen.has(row.detectionId)) return false;
    seen.add(row.detectionId);
    return true;
  });
  if (classified.length === 0) throw new Error(TRAINING_DATA_MESSAGES.noCrops);
  const margins = new Map<string, number>();
  for (const row of classified)
    if (!margins.has(row.videoId)) margins.set(row.videoId, await deps.cropMarginPx(row.videoId));
  const crops = await cutCrops(
    deps.storage,
    classified.map((row) => ({
      frameKey: row.frameKey,
      frameWidth: row.frameWidth,
      frameHeight: row.frameHeight,
      box: row,
      marginPx: margins.get(row.videoId) ?? 0,
      maskKey: row.itemMaskKey ?? null,
    })),
  );
  const request: TrainingRequest = {
    kind: 'morphology',
    classes: [...MORPHOLOGY_MODEL_CLASSES],
    samples: crops.map((crop, i) => ({
      ...crop,
      label: MORPHOLOGY_MODEL_CLASSES.indexOf(classified[i]?.morphologyClass ?? ''),
    })),
    ...common,
    ...(resume === undefined
      ? {}
      : {
          resume: { saved: savedMorphologyClassifierOf(resume.saved), lastEpoch: resume.lastEpoch },
        }),
  };
  return { request, frames: [], umPerPixel: null };
}

/** Metadata of a model trained here, as its zip carries it. */
export function trainedMetadata(
  model: ModelRow,
  run: TrainingRun,
  now: Date,
  umPerPixel: number | null = null,
): ModelBundle['metadata'] {
  const best = run.best_epoch;
  const at = (values: readonly (number | null)[]) =>
    best === null ? null : (values[best - 1] ?? null);
  const detection = model.type === 'detection';
  return {
    format: 'sarm-model',
    format_version: 1,
    type: model.type,
    name: model.name,
    classes: detection ? ['sperm'] : [...MORPHOLOGY_MODEL_CLASSES],
    input: detection
      ? { channels: 1, width: null, height: null }
      : {
          channels: 2,
          width: DEFAULT_CLASSIFIER_SHAPE.inputSize,
          height: DEFAULT_CLASSIFIER_SHAPE.inputSize,
        },
    normalisation: detection
      ? 'per-frame standardisation of grey values'
      : 'crop resized to the input, grey standardised per crop; second channel the mask (0/1, zeros without one)',
    um_per_pixel: umPerPixel,
    training: {
      data_label_id: run.data_label_id,
      dataset_id: run.dataset_id,
      epochs: run.loss.length,
      best_epoch: best,
      metrics: {
        loss: at(run.loss),
        accuracy: at(run.accuracy),
        val_loss: at(run.val_loss),
        val_accuracy: at(run.val_accuracy),
      },
    },
    created_at: now.toISOString(),
    runtime: 'tfjs',
  };
}
