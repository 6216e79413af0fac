import { z } from 'zod';
import { TimestampSchema } from './common.js';
import { idText, multiLineText, NAME_MAX, NOTE_MAX, singleLineText } from './limits.js';

export const MODEL_TYPES = ['detection', 'morphology'] as const;
export type ModelType = (typeof MODEL_TYPES)[number];
export const MODEL_STATUSES = ['created', 'training', 'trained', 'stopped'] as const;
export type ModelStatus = (typeof MODEL_STATUSES)[number];

/** Training defaults of spec 2 §9. */
export const DEFAULT_MODEL_CONFIG = {
  epochs: 100,
  batch_size: 16,
  learning_rate: 0.001,
  validation_split: 0.2,
} as const;

/** Hyperparameter bounds of spec 2 §5 Training. */
const EpochsSchema = z.number().int().min(1).max(1000);
const BatchSizeSchema = z.number().int().min(1).max(128);
const LearningRateSchema = z.number().min(0.0001).max(0.1);
const ValidationSplitSchema = z.number().min(0.05).max(0.5);

export const ModelConfigSchema = z.object({
  epochs: EpochsSchema,
  batch_size: BatchSizeSchema,
  learning_rate: LearningRateSchema,
  validation_split: ValidationSplitSchema,
});
export type ModelConfig = z.infer<typeof ModelConfigSchema>;

/** A configuration as sent: any field may be missing and takes the default (or the current value). */
export const ModelConfigInputSchema = z.object({
  epochs: EpochsSchema.optional(),
  batch_size: BatchSizeSchema.optional(),
  learning_rate: LearningRateSchema.optional(),
  validation_split: ValidationSplitSchema.optional(),
});

export const ModelMetricsSchema = z.object({
  final_loss: z.number().optional(),
  final_accuracy: z.number().optional(),
  final_val_loss: z.number().optional(),
  final_val_accuracy: z.number().optional(),
});
export type ModelMetrics = z.infer<typeof ModelMetricsSchema>;

/** A detection or morphology model of the registry (spec 2 §3 Model). */
export const ModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(MODEL_TYPES),
  dataset_id: z.string().nullable(),
  dataset_name: z.string().nullable(),
  config: ModelConfigSchema,
  notes: z.string(),
  status: z.enum(MODEL_STATUSES),
  /** Written by training; `null` until a model has been trained. */
  metrics: ModelMetricsSchema.nullable(),
  trained_at: TimestampSchema.nullable(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type Model = z.infer<typeof ModelSchema>;

export const ModelListQuerySchema = z.object({
  type: z.enum(MODEL_TYPES).optional(),
  status: z.enum(MODEL_STATUSES).optional(),
  dataset_id: idText('Dataset id').optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type ModelListQuery = z.infer<typeof ModelListQuerySchema>;

export const ModelListResponseSchema = z.object({
  models: z.array(ModelSchema),
  total: z.number().int(),
});
export type ModelListResponse = z.infer<typeof ModelListResponseSchema>;

const modelName = singleLineText('Name', NAME_MAX, { required: 'Please provide a model name' });
const modelNotes = multiLineText('Notes', NOTE_MAX);

export const CreateModelRequestSchema = z.object({
  name: modelName,
  type: z.enum(MODEL_TYPES),
  dataset_id: idText('Dataset id').nullable().optional(),
  config: ModelConfigInputSchema.optional(),
  notes: modelNotes.optional(),
});
export type CreateModelRequest = z.infer<typeof CreateModelRequestSchema>;

export const UpdateModelRequestSchema = z.object({
  name: modelName.optional(),
  notes: modelNotes.optional(),
  config: ModelConfigInputSchema.optional(),
});
export type UpdateModelRequest = z.infer<typeof UpdateModelRequestSchema>;

export const ISSUE_PRIORITIES = ['high', 'medium', 'low'] as const;
export type IssuePriority = (typeof ISSUE_PRIORITIES)[number];

/**
 * A failed background task nobody has dismissed, as the technical dashboard's Open Issues show it.
 * `resource` is the video or dataset the task worked on, when it can be told.
 */
export const OpenIssueSchema = z.object({
  task_id: z.string(),
  task_type: z.string(),
  priority: z.enum(ISSUE_PRIORITIES),
  error: z.string().nullable(),
  stage: z.string().nullable(),
  created_at: TimestampSchema,
  /** When the task failed (completedAt, else its last update). */
  reported_at: TimestampSchema,
  resource: z
    .object({ type: z.enum(['video', 'dataset']), id: z.string(), name: z.string() })
    .nullable(),
});
export type OpenIssue = z.infer<typeof OpenIssueSchema>;

/** Models and open issues of the technical dashboard (spec 3 Technical Dashboard). */
export const TechnicalDashboardSchema = z.object({
  /** Every model the caller can see. */
  models_total: z.number().int(),
  /** Trained models, newest first. */
  active_models: z.array(ModelSchema),
  /** Trained and stopped models, newest first. */
  model_performance: z.array(ModelSchema),
  open_issues: z.array(OpenIssueSchema),
});
export type TechnicalDashboard = z.infer<typeof TechnicalDashboardSchema>;
