import type { DeploymentKind, DetectionValidation, PredictionComparison } from '@sarm/contracts';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
} from 'drizzle-orm/pg-core';
import { auditTimestamps, idColumn, timestampColumn } from './columns.js';
import { dataLabels } from './data-labels.js';
import { datasets } from './datasets.js';
import { projects } from './projects.js';
import { users } from './users.js';
import { videos } from './videos.js';

export type ModelType = 'detection' | 'morphology';
export type ModelStatus = 'created' | 'training' | 'trained' | 'stopped' | 'failed';
export interface ModelConfig {
  readonly epochs: number;
  readonly batch_size: number;
  readonly learning_rate: number;
  readonly validation_split: number;
}
export interface ModelMetrics {
  readonly final_loss?: number;
  readonly final_accuracy?: number;
  readonly final_val_loss?: number;
  readonly final_val_accuracy?: number;
}

/** The running or last training run of a model: curves, log lines, sample counts. */
export interface TrainingRun {
  readonly epochs: number;
  readonly started_at: string;
  readonly loss: number[];
  readonly accuracy: number[];
  readonly val_loss: (number | null)[];
  readonly val_accuracy: (number | null)[];
  /** Seconds each finished epoch took. */
  readonly epoch_seconds: number[];
  readonly logs: string[];
  readonly best_epoch: number | null;
  readonly samples: { training: number; validation: number } | null;
  /** Share of the running epoch's batches done, 0-1. */
  readonly batch_fraction: number;
  /** Where the data came from. */
  readonly data_label_id: string | null;
  readonly dataset_id: string | null;
  readonly seed: number;
  /** Morphology: the kept epoch scored on the validation crops (absent for detectors). */
  readonly evaluation?: TrainingEvaluation | null;
  /** Detector: the kept weights scored on the held-out frames (absent before it was kept). */
  readonly validation?: DetectionValidation | null;
}

/** Accuracy per class and the confusion matrix (rows true class, columns predicted). */
export interface TrainingEvaluation {
  /** NaN in memory becomes null in the jsonb. */
  readonly accuracy: number | null;
  readonly perClass: readonly { class: string; accuracy: number | null; count: number }[];
  readonly confusion: readonly (readonly number[])[];
}

/** A detection or morphology model (spec 2 §3 Model): its training set-up, state, metrics and weights. */
export const models = pgTable(
  'models',
  {
    id: idColumn(),
    name: text('name').notNull(),
    type: text('type').$type<ModelType>().notNull(),
    datasetId: text('dataset_id').references(() => datasets.id, { onDelete: 'set null' }),
    dataLabelId: text('data_label_id').references(() => dataLabels.id, { onDelete: 'set null' }),
    config: jsonb('config').$type<ModelConfig>().notNull(),
    notes: text('notes').notNull().default(''),
    status: text('status').$type<ModelStatus>().notNull().default('created'),
    metrics: jsonb('metrics').$type<ModelMetrics>(),
    /** 'trained' here or 'imported'. */
    source: text('source').$type<'trained' | 'imported'>().notNull().default('trained'),
    runtime: text('runtime').$type<'tfjs' | 'onnx'>().notNull().default('tfjs'),
    /** Stored model file (a SARM zip or an ONNX file) of the kept epoch; null until trained. */
    fileKey: text('file_key'),
    /** Weights after the last finished epoch of the running run, to resume from. */
    checkpointKey: text('checkpoint_key'),
    checkpointEpoch: integer('checkpoint_epoch'),
    training: jsonb('training').$type<TrainingRun>(),
    stopRequested: boolean('stop_requested').notNull().default(false),
    taskId: text('task_id'),
    error: text('error'),
    /** Bumped on every finished training or import: results name the version that made them. */
    version: integer('version').notNull().default(0),
    trainedAt: timestampColumn('trained_at'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...auditTimestamps(),
  },
  (table) => [index('models_status_idx').on(table.status, table.createdAt)],
);
export type ModelRow = typeof models.$inferSelect;

/**
 * The models a project uses: at most one detector (no row: the built-in classical detector) and
 * one morphology classifier (no row: stained-smear images get no proposals).
 */
export const modelDeployments = pgTable(
  'model_deployments',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<DeploymentKind>().notNull().default('detector'),
    modelId: text('model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
    deployedBy: text('deployed_by').references(() => users.id, { onDelete: 'set null' }),
    deployedAt: timestampColumn('deployed_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.kind] })],
);

export type PredictionStatus = 'queued' | 'running' | 'completed' | 'failed';

/** A run of a model over a whole video (spec 2 §3 Prediction); names are kept when either goes. */
export const predictions = pgTable(
  'predictions',
  {
    id: idColumn(),
    name: text('name').notNull(),
    modelId: text('model_id').references(() => models.id, { onDelete: 'set null' }),
    modelType: text('model_type').$type<ModelType>().notNull(),
    modelName: text('model_name').notNull(),
    modelVersion: integer('model_version').notNull().default(0),
    videoId: text('video_id').references(() => videos.id, { onDelete: 'set null' }),
    videoName: text('video_name').notNull(),
    projectId: text('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    status: text('status').$type<PredictionStatus>().notNull().default('queued'),
    progress: real('progress').notNull().default(0),
    message: text('message'),
    error: text('error'),
    taskId: text('task_id'),
    /** PredictionMetrics of the contracts. */
    metrics: jsonb('metrics').$type<Record<string, number | null>>(),
    /** Sample frames: number, time, stored image key and counts. */
    frames: jsonb('frames').$type<PredictionFrameRecord[]>().notNull().default([]),
    /** Detection model: the comparison with the classical detector on the same frames. */
    comparison: jsonb('comparison').$type<PredictionComparison>(),
    /** Stored JSON of every frame's detections (for export and pre-annotation). */
    resultKey: text('result_key'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestampColumn('completed_at'),
    ...auditTimestamps(),
  },
  (table) => [
    index('predictions_created_idx').on(table.createdAt),
    index('predictions_model_idx').on(table.modelId),
  ],
);
export type PredictionRow = typeof predictions.$inferSelect;

export interface PredictionFrameRecord {
  readonly frame_number: number;
  readonly timestamp: number;
  readonly image_key: string;
  readonly spermCount?: number;
  readonly normalCount?: number;
  readonly abnormalCount?: number;
  /** Detection model: heads the classical detector found on the frame. */
  readonly classicalCount?: number;
}
