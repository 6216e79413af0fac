import { z } from 'zod';
import { idText, multiLineText } from './limits.js';

/** The built-in point-prompted segmenter (graph cut on the crop, runs on any machine). */
export const BUILTIN_SEGMENTER_ID = 'sarm-pointcut-v1';
/** The spec's SAM ids; without an installed SAM model they run the built-in segmenter. */
export const SAM_MODEL_IDS = [
  'sam2_large',
  'sam2.1_hiera_large',
  'sam2.1_hiera_base_plus',
] as const;
export const SEGMENTATION_MODEL_IDS = [BUILTIN_SEGMENTER_ID, ...SAM_MODEL_IDS] as const;
/** What produced a mask: the built-in segmenter or an imported SAM ONNX encoder/decoder pair. */
export const SEGMENTATION_RUNTIMES = ['builtin', 'onnx'] as const;
/** Spec 2 §9: 5 suggested points unless asked otherwise. */
export const DEFAULT_SUGGESTED_POINTS = 5;

/** Spec 2 §4 mask confidence bands: above 0.8 High, above 0.6 Medium, otherwise Low. */
export function maskConfidenceBand(confidence: number): 'High' | 'Medium' | 'Low' {
  if (confidence > 0.8) return 'High';
  if (confidence > 0.6) return 'Medium';
  return 'Low';
}

export const SegmentationModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  version: z.string(),
  default: z.boolean(),
  model_type: z.literal('segmentation'),
  /** The model that actually runs for this id (the built-in one until a SAM model is installed). */
  runs_as: z.string(),
  /** A SAM id with an imported ONNX pair (always true for the built-in segmenter). */
  installed: z.boolean().default(false),
  runtime: z.enum(SEGMENTATION_RUNTIMES).default('builtin'),
});
export type SegmentationModel = z.infer<typeof SegmentationModelSchema>;

export const SegmentationModelListSchema = z.object({
  models: z.array(SegmentationModelSchema),
});

/** `GET /models/` under the segmentation prefixes: the spec filters by model_type. */
export const SegmentationModelQuerySchema = z.object({
  model_type: z.enum(['segmentation', 'detection', 'morphology']).optional(),
});

/** A prompt point (spec 2 §3): x, y in crop pixels, or 0-1 with use_normalized_coordinates. */
export const MaskPointSchema = z.object({
  x: z.number().min(0),
  y: z.number().min(0),
  label: z.union([z.literal(0), z.literal(1)]),
});
export type MaskPoint = z.infer<typeof MaskPointSchema>;

const modelId = z.enum(SEGMENTATION_MODEL_IDS).default(BUILTIN_SEGMENTER_ID);

export const GenerateMaskRequestSchema = z.object({
  crop_id: idText('Crop id'),
  point_prompts: z
    .array(MaskPointSchema)
    .min(1, 'Please select a crop and add points first')
    .max(64)
    .refine((points) => points.some((point) => point.label === 1), {
      message: 'Add at least one foreground point',
    }),
  model_id: modelId,
  save_visualization: z.boolean().default(true),
  use_enhanced_morphology: z.boolean().default(false),
  overwrite_existing: z.boolean().default(true),
  use_normalized_coordinates: z.boolean().default(false),
  request_id: z.string().max(100).optional(),
  random_seed: z.number().int().optional(),
});
export type GenerateMaskRequest = z.infer<typeof GenerateMaskRequestSchema>;

/** Head morphometry of a mask, micrometres (ratios without unit). */
export const MaskMorphometrySchema = z.object({
  area_um2: z.number(),
  perimeter_um: z.number(),
  length_um: z.number(),
  width_um: z.number(),
  ellipticity: z.number(),
  elongation: z.number(),
  regularity: z.number(),
});
export type MaskMorphometryFigures = z.infer<typeof MaskMorphometrySchema>;

/** Spec 2 §3 mask result, with the quality band and the model that really produced the mask. */
export const MaskResultSchema = z.object({
  success: z.literal(true),
  confidence: z.number(),
  quality: z.enum(['Good', 'Fair']),
  /** The model that produced the mask. */
  model_id: z.string(),
  requested_model_id: z.string(),
  /** How `model_id` ran: the built-in segmenter or an imported ONNX pair. */
  runtime: z.enum(SEGMENTATION_RUNTIMES).default('builtin'),
  points: z.array(MaskPointSchema),
  crop_id: z.string(),
  video_id: z.string(),
  mask_url: z.string(),
  visualization_url: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  /** Measured on the mask at the dataset's scale. */
  morphometry: MaskMorphometrySchema,
  request_id: z.string().optional(),
});
export type MaskResult = z.infer<typeof MaskResultSchema>;

export const AutoSuggestRequestSchema = z.object({
  crop_id: idText('Crop id'),
  model_id: modelId,
  num_points: z.number().int().min(1).max(20).default(DEFAULT_SUGGESTED_POINTS),
  use_enhanced_morphology: z.boolean().default(false),
  return_normalized_coordinates: z.boolean().default(false),
  random_seed: z.number().int().optional(),
});

export const AutoSuggestResponseSchema = z.object({
  success: z.literal(true),
  points: z.array(MaskPointSchema),
  crop_id: z.string(),
  model_id: z.string(),
  runtime: z.enum(SEGMENTATION_RUNTIMES).default('builtin'),
  width: z.number().int(),
  height: z.number().int(),
});
export type AutoSuggestResponse = z.infer<typeof AutoSuggestResponseSchema>;

/** Spec 2 §3 review-page morphology classes: the classes stored on morphology items. */
export const MORPHOLOGY_CLASSES = [
  'normal',
  'head_defect',
  'midpiece_defect',
  'tail_defect',
  'multiple_defects',
  'unknown',
] as const;
export type MorphologyClass = (typeof MORPHOLOGY_CLASSES)[number];

/** Spec 2 §3 labeling-page classes. */
export const LABELING_CLASSES = [
  'normal',
  'abnormal_head',
  'abnormal_tail',
  'abnormal_midpiece',
  'cytoplasmic_droplet',
] as const;

/**
 * The one place the two class lists meet: a labeling-page class names the stored (review) class.
 * A cytoplasmic droplet is a midpiece defect (WHO counts excess residual cytoplasm at the
 * midpiece); the review list's classes map to themselves.
 */
export const LABELING_TO_MORPHOLOGY: Record<(typeof LABELING_CLASSES)[number], MorphologyClass> = {
  normal: 'normal',
  abnormal_head: 'head_defect',
  abnormal_tail: 'tail_defect',
  abnormal_midpiece: 'midpiece_defect',
  cytoplasmic_droplet: 'midpiece_defect',
};

/** A class of either list as the stored class. */
export function toMorphologyClass(value: string): MorphologyClass | null {
  const stored = MORPHOLOGY_CLASSES.find((known) => known === value);
  if (stored !== undefined) return stored;
  const labeling = LABELING_CLASSES.find((known) => known === value);
  return labeling === undefined ? null : LABELING_TO_MORPHOLOGY[labeling];
}

/** A class of either list (spec 2 §3), validated; stored as `toMorphologyClass` names it. */
export const MorphologyClassInputSchema = z
  .string()
  .refine((value) => toMorphologyClass(value) !== null, {
    message: `Class must be one of ${[...MORPHOLOGY_CLASSES, ...LABELING_CLASSES.slice(1)].join(', ')}`,
  });
/** The labeling page's confidence slider: 1 (Low) to 5 (High), 3 by default (spec 2 §2.3). */
export const ANNOTATOR_CONFIDENCE_DEFAULT = 3;
export const AnnotatorConfidenceSchema = z.number().int().min(1).max(5);
/** Notes on a classification. */
export const CLASSIFICATION_NOTES_MAX = 2000;
export const ClassificationNotesSchema = multiLineText('Notes', CLASSIFICATION_NOTES_MAX);

/** Spec 2 §7.2 `POST /datasets/{d}/data-labels/{l}/items/{videoId}/{cropId}/`: a mask into a label. */
export const AddMaskItemRequestSchema = z.object({
  class: MorphologyClassInputSchema,
  points: z.array(MaskPointSchema).max(64).default([]),
  /** The annotator's confidence in the class, 1 (low) to 5 (high); kept when not given. */
  confidence: AnnotatorConfidenceSchema.optional(),
  /** Notes on the classification; kept when not given. */
  notes: ClassificationNotesSchema.optional(),
  mask_url: z.string().max(500).optional(),
  data_label_id: z.string().max(200).optional(),
  data_label_name: z.string().max(200).optional(),
  overwrite_existing: z.boolean().default(true),
  use_existing_mask: z.boolean().default(true),
  user_id: z.string().max(200).optional(),
});
export type AddMaskItemRequest = z.infer<typeof AddMaskItemRequestSchema>;

export const AddMaskItemResponseSchema = z.object({
  success: z.literal(true),
  item_id: z.string(),
  morphology_class: z.string().nullable(),
});

/** `DELETE /technical/segmentation-models/:modelId`: one of the SAM ids. */
export const SamModelParamsSchema = z.object({ modelId: z.enum(SAM_MODEL_IDS) });
export type SamModelId = (typeof SAM_MODEL_IDS)[number];

/**
 * The record of an imported SAM ONNX pair, stored beside its files as
 * `models/segmentation/<model_id>/manifest.json`.
 */
export const SamModelManifestSchema = z.object({
  model_id: z.enum(SAM_MODEL_IDS),
  name: z.string(),
  /** The encoder's square input side S (1024 for SAM). */
  input_size: z.number().int().positive(),
  installed_at: z.string(),
  /** User id of the administrator who imported it. */
  installed_by: z.string(),
  encoder_bytes: z.number().int().nonnegative(),
  decoder_bytes: z.number().int().nonnegative(),
});
export type SamModelManifest = z.infer<typeof SamModelManifestSchema>;

/** Answer of the SAM model import and uninstall: the model as listed now. */
export const SamModelInstallResponseSchema = z.object({
  success: z.literal(true),
  model: SegmentationModelSchema,
  manifest: SamModelManifestSchema.nullable(),
});
export type SamModelInstallResponse = z.infer<typeof SamModelInstallResponseSchema>;
