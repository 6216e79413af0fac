import { z } from 'zod';
import { TimestampSchema } from './common.js';
import {
  idText,
  multiLineText,
  NAME_MAX,
  NOTE_MAX,
  SHORT_TEXT_MAX,
  singleLineText,
} from './limits.js';

export const MODEL_TYPES = ['detection', 'morphology'] as const;
export type ModelType = (typeof MODEL_TYPES)[number];
export const MODEL_STATUSES = ['created', 'training', 'trained', 'stopped', 'failed'] as const;
export type ModelStatus = (typeof MODEL_STATUSES)[number];

export const MODEL_SOURCES = ['trained', 'imported'] as const;
export const MODEL_RUNTIMES = ['tfjs', 'onnx'] as const;

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

/** One frame a detector was validated on: its video and frame number. */
export const ValidationFrameSchema = z.object({
  frame_id: z.string(),
  video_id: z.string(),
  video_name: z.string(),
  frame_number: z.number().int(),
});
export type ValidationFrame = z.infer<typeof ValidationFrameSchema>;

/** Detections matched one to one within a radius: found, false and missed. */
export const MatchCountsSchema = z.object({
  true_positives: z.number().int(),
  false_positives: z.number().int(),
  false_negatives: z.number().int(),
});
export type MatchCounts = z.infer<typeof MatchCountsSchema>;

/** Precision, recall and F1 of matched counts; `null` where the denominator is zero. */
export const DetectionScoreSchema = MatchCountsSchema.extend({
  precision: z.number().nullable(),
  recall: z.number().nullable(),
  f1: z.number().nullable(),
});
export type DetectionScore = z.infer<typeof DetectionScoreSchema>;

/**
 * A detector trained here, scored with its kept weights on the frames training held out: a
 * prediction counts as found when its centre lies within `match_radius_px` of a free annotated
 * head centre (the radius training scores with).
 */
export const DetectionValidationSchema = DetectionScoreSchema.extend({
  /** The 1-based epoch whose weights were kept. */
  epoch: z.number().int(),
  match_radius_px: z.number(),
  /** The heat threshold saved with the kept weights. */
  threshold: z.number(),
  /** Held-out frames (also the length of `frames`). */
  frame_count: z.number().int(),
  frames: z.array(ValidationFrameSchema),
});
export type DetectionValidation = z.infer<typeof DetectionValidationSchema>;

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
  /** The data label the model learns (or learnt) from; `null` when it learns from the whole dataset or was imported. */
  data_label_id: z.string().nullable(),
  /** How the model came to be: trained here, or imported (a SARM zip or an ONNX file). */
  source: z.enum(MODEL_SOURCES),
  /** What runs it: TensorFlow.js (trained here or a SARM zip) or ONNX Runtime. */
  runtime: z.enum(MODEL_RUNTIMES),
  /** Why training failed (status failed), else `null`. */
  error: z.string().nullable(),
  /** Projects where this model is deployed: as their detector, or their morphology classifier (by its type). */
  deployed_project_ids: z.array(z.string()),
  /**
   * A detector trained here: its kept weights on the validation frames. `null` (or absent) for
   * morphology models, imported models (not measured here), models not trained yet and models
   * trained before these figures were kept.
   */
  validation: DetectionValidationSchema.nullable().optional(),
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

/** The classes of an imported ONNX morphology model's scores when the import names none, in order. */
export const DEFAULT_ONNX_MORPHOLOGY_CLASSES = [
  'normal',
  'head_defect',
  'midpiece_defect',
  'tail_defect',
  'multiple_defects',
] as const;

const onnxClassList = singleLineText('Classes', NOTE_MAX)
  .transform((text) =>
    text
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== ''),
  )
  .pipe(
    z
      .array(singleLineText('A class name', SHORT_TEXT_MAX))
      .min(2, 'A morphology model needs at least two classes')
      .refine((names) => new Set(names).size === names.length, 'Class names must be distinct'),
  );

/**
 * The multipart fields of an ONNX model import (besides the `.onnx` file): its type, an optional
 * name (else the file's) and, for a morphology model, its classes in the order of its scores as a
 * comma list (default {@link DEFAULT_ONNX_MORPHOLOGY_CLASSES}).
 */
export const OnnxModelImportFieldsSchema = z.object({
  type: z.enum(MODEL_TYPES, {
    error: 'Please choose the type of the ONNX model: detection or morphology',
  }),
  name: modelName.optional(),
  classes: onnxClassList.optional(),
});
export type OnnxModelImportFields = z.infer<typeof OnnxModelImportFieldsSchema>;

export const UpdateModelRequestSchema = z.object({
  name: modelName.optional(),
  notes: modelNotes.optional(),
  config: ModelConfigInputSchema.optional(),
});
export type UpdateModelRequest = z.infer<typeof UpdateModelRequestSchema>;

/**
 * Starts training (spec 2 §7.4): missing hyperparameters take the model's configuration. The
 * model learns from `data_label_id` (a label of the model's type in a dataset of the model's type
 * or combined) or, without one, from every label of that type in `dataset_id` (else the model's
 * dataset).
 */
export const TrainModelRequestSchema = ModelConfigInputSchema.extend({
  data_label_id: idText('Data label id').optional(),
  dataset_id: idText('Dataset id').optional(),
});
export type TrainModelRequest = z.infer<typeof TrainModelRequestSchema>;

/** Per-epoch curves; accuracy is detection F1 for a detector and class accuracy for morphology. */
export const TrainingCurvesSchema = z.object({
  loss: z.array(z.number()),
  accuracy: z.array(z.number()),
  val_loss: z.array(z.number().nullable()),
  val_accuracy: z.array(z.number().nullable()),
});
export type TrainingCurves = z.infer<typeof TrainingCurvesSchema>;

/** Training status (spec 2 §3), polled while a model trains. */
export const TrainingStatusSchema = z.object({
  model_id: z.string(),
  status: z.enum(MODEL_STATUSES),
  /** 0-100 over the run's epochs, including batches of the running epoch. */
  progress: z.number(),
  /** Epochs finished (0 before the first ends). */
  current_epoch: z.number().int(),
  total_epochs: z.number().int(),
  /** Lines of the run, oldest first, each '[HH:MM:SS] ...'. */
  logs: z.array(z.string()),
  metrics: TrainingCurvesSchema,
  /** Seconds, from the mean epoch time so far; `null` before the first epoch or when not training. */
  estimated_time_remaining: z.number().nullable(),
  /** 1-based epoch whose weights are kept (lowest validation loss), `null` before any. */
  best_epoch: z.number().int().nullable(),
  /** Training and validation samples (frames for a detector, crops for morphology). */
  samples: z.object({ training: z.number().int(), validation: z.number().int() }).nullable(),
  error: z.string().nullable(),
  stop_requested: z.boolean(),
  /**
   * A failed run: the saved epoch a retry resumes from; absent or null when a retry starts from
   * the first epoch (nothing was saved) or the run has not failed.
   */
  retry_from_epoch: z.number().int().nullable().optional(),
  /** Morphology models: the kept epoch on the validation crops; `null` for detectors and before the end. */
  evaluation: z
    .object({
      accuracy: z.number().nullable(),
      per_class: z.array(
        /** `accuracy` is null for a class without validation crops. */
        z.object({ class: z.string(), accuracy: z.number().nullable(), count: z.number().int() }),
      ),
      /** Rows the true class, columns the predicted one, in `per_class` order. */
      confusion: z.array(z.array(z.number().int())),
    })
    .nullable(),
});
export type TrainingStatus = z.infer<typeof TrainingStatusSchema>;

/** Most log lines one training-status answer may carry. */
export const TRAINING_LOG_LIMIT_MAX = 1000;

/** GET /technical/models/{id}/training-status: how many of the newest log lines to send. */
export const TrainingStatusQuerySchema = z.object({
  log_limit: z.coerce.number().int().min(1).max(TRAINING_LOG_LIMIT_MAX).default(200),
});

/**
 * What a project deploys a model as: its detector (analyses, pre-annotation, predictions) or its
 * morphology classifier (stained-smear images of the morphology assessment); one of each.
 */
export const DEPLOYMENT_KINDS = ['detector', 'morphology'] as const;
export type DeploymentKind = (typeof DEPLOYMENT_KINDS)[number];

/** The deployment a model of this type takes; `null` for a type that cannot be deployed. */
export function deploymentKindOf(type: ModelType): DeploymentKind;
export function deploymentKindOf(type: string): DeploymentKind | null;
export function deploymentKindOf(type: string): DeploymentKind | null {
  if (type === 'detection') return 'detector';
  if (type === 'morphology') return 'morphology';
  return null;
}

/**
 * A project's deployment of one kind: the deployed model, or `model` null (the detector: the
 * built-in classical one; the morphology classifier: none, smear images get unclassified cells).
 * The deploy route answers the deployment of the model's kind.
 */
export const ProjectDetectorSchema = z.object({
  project_id: z.string(),
  model: ModelSchema.nullable(),
});
export type ProjectDetector = z.infer<typeof ProjectDetectorSchema>;

export const DeployModelRequestSchema = z.object({
  /** The project whose analyses will use the model. */
  project_id: idText('Project id'),
});
export type DeployModelRequest = z.infer<typeof DeployModelRequestSchema>;

export const ProjectIdParamsSchema = z.object({ projectId: idText('Project id') });

export const PREDICTION_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type PredictionStatus = (typeof PREDICTION_STATUSES)[number];

/**
 * What a prediction measured (spec 2 §3 Prediction), every number from running the model. A
 * detection model fills the detection figures, a morphology model the morphology ones; the others
 * are `null`.
 */
export const PredictionMetricsSchema = z.object({
  /** Mean heads per frame. */
  totalSpermCount: z.number().nullable(),
  /** Mean confidence of the detections, 0-1. */
  detectionConfidence: z.number().nullable(),
  processedFrames: z.number().int(),
  /** Seconds the run took. */
  processingTime: z.number(),
  /** Concentration, million per ml (detection model). */
  concentration: z.number().nullable(),
  /** WHO motility shares in percent (detection model). */
  progressive: z.number().nullable(),
  nonProgressive: z.number().nullable(),
  immotile: z.number().nullable(),
  /** Crops classified (morphology model). */
  totalAnalyzedSperm: z.number().int().nullable(),
  /** Shares in percent of the classified crops (morphology model). */
  normalForms: z.number().nullable(),
  abnormalHeads: z.number().nullable(),
  abnormalMidpieces: z.number().nullable(),
  abnormalTails: z.number().nullable(),
});
export type PredictionMetrics = z.infer<typeof PredictionMetricsSchema>;

/** A sample frame of a prediction with its predictions drawn. */
export const PredictionFrameSchema = z.object({
  frame_number: z.number().int(),
  /** Seconds from the start of the video. */
  timestamp: z.number(),
  imageUrl: z.string(),
  spermCount: z.number().int().optional(),
  normalCount: z.number().int().optional(),
  abnormalCount: z.number().int().optional(),
  /** Detection model: heads the classical detector found on this frame (drawn in its colour). */
  classicalCount: z.number().int().optional(),
});
export type PredictionFrame = z.infer<typeof PredictionFrameSchema>;

/** One detector's figures over the frames of a comparison. */
export const DetectorRunFiguresSchema = z.object({
  mean_heads_per_frame: z.number().nullable(),
  total_detections: z.number().int(),
  /** Heads per frame, in frame order (the video's frames 0, 1, 2 ...). */
  per_frame_counts: z.array(z.number().int()),
});
export type DetectorRunFigures = z.infer<typeof DetectorRunFiguresSchema>;

/**
 * The trained model and the classical detector (the project's calibration and polarity) run on
 * the same frames of a detection prediction. `agreement` matches the model's detections to the
 * classical ones within `match_radius_px`: neither is the truth, so it is agreement, not
 * accuracy. `annotated` scores both against the hand annotations of the video's frames that are
 * in a detection data label; `null` when none is.
 */
export const PredictionComparisonSchema = z.object({
  match_radius_px: z.number(),
  frames: z.number().int(),
  model: DetectorRunFiguresSchema,
  classical: DetectorRunFiguresSchema,
  /** Counts as model vs classical: true positives = both found, false positives = model only. */
  agreement: DetectionScoreSchema,
  annotated: z
    .object({
      frame_numbers: z.array(z.number().int()),
      annotated_heads: z.number().int(),
      model: DetectionScoreSchema,
      classical: DetectionScoreSchema,
    })
    .nullable(),
});
export type PredictionComparison = z.infer<typeof PredictionComparisonSchema>;

export const PredictionSchema = z.object({
  id: z.string(),
  name: z.string(),
  model_id: z.string().nullable(),
  model_type: z.enum(MODEL_TYPES),
  model_name: z.string(),
  video_id: z.string().nullable(),
  video_name: z.string(),
  status: z.enum(PREDICTION_STATUSES),
  /** 0-100. */
  progress: z.number(),
  /** The running stage, e.g. 'Detected 120 of 500 frames'. */
  message: z.string().nullable(),
  error: z.string().nullable(),
  task_id: z.string().nullable(),
  metrics: PredictionMetricsSchema.nullable(),
  frames: z.array(PredictionFrameSchema),
  /** Detection model: the comparison with the classical detector; `null` otherwise or before it ends. */
  comparison: PredictionComparisonSchema.nullable().optional(),
  created_at: TimestampSchema,
  completed_at: TimestampSchema.nullable(),
});
export type Prediction = z.infer<typeof PredictionSchema>;

const predictionName = singleLineText('Name', NAME_MAX, {
  required: 'Please provide a name for this prediction',
});

export const CreatePredictionRequestSchema = z.object({
  model_id: idText('Model id'),
  video_id: idText('Video id'),
  name: predictionName.optional(),
  options: z.object({ name: predictionName.optional() }).optional(),
});
export type CreatePredictionRequest = z.infer<typeof CreatePredictionRequestSchema>;

export const PredictionListQuerySchema = z.object({
  model_id: idText('Model id').optional(),
  video_id: idText('Video id').optional(),
  status: z.enum(PREDICTION_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type PredictionListQuery = z.infer<typeof PredictionListQuerySchema>;

export const PredictionListResponseSchema = z.object({
  predictions: z.array(PredictionSchema),
  total: z.number().int(),
});
export type PredictionListResponse = z.infer<typeof PredictionListResponseSchema>;

export const PREDICTION_EXPORT_FORMATS = ['mot', 'coco'] as const;
export const PredictionExportQuerySchema = z.object({
  format: z.enum(PREDICTION_EXPORT_FORMATS).default('coco'),
});

/** Turning a detection prediction into editable detections (source 'model') of the video's frames. */
export const PreAnnotateResponseSchema = z.object({
  frames: z.number().int(),
  detections: z.number().int(),
});
export type PreAnnotateResponse = z.infer<typeof PreAnnotateResponseSchema>;

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
