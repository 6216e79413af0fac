import { z } from 'zod';
import {
  ANNOTATOR_CONFIDENCE_DEFAULT,
  AnnotatorConfidenceSchema,
  ClassificationNotesSchema,
  MaskMorphometrySchema,
  MaskPointSchema,
  MorphologyClassInputSchema,
} from './segmentation.js';
import { DetectionSchema } from './detection.js';
import {
  DESCRIPTION_MAX,
  NAME_MAX,
  NOTE_MAX,
  SEARCH_MAX,
  idText,
  multiLineText,
  singleLineText,
} from './limits.js';

export const DATA_LABEL_TYPES = ['detection', 'morphology', 'morphology_segmentation'] as const;
export type DataLabelType = (typeof DATA_LABEL_TYPES)[number];
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected', 'needsCorrection'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Page sizes of spec 2 §9: data labels and items 20 by default; name lookups read everything. */
export const DATA_LABEL_PAGE_SIZE = 20;
export const DATA_LABEL_NAME_LOOKUP_LIMIT = 10_000;
/** Class name of frame adds (spec 2 §9). */
export const DEFAULT_DETECTION_CLASS = 'sperm';

/** The default label of a user in a dataset (spec 2 §3). */
export const defaultDataLabelName = (
  userId: string,
  datasetId: string,
  type: 'detection' | 'morphology',
) => `${userId}_${datasetId}_${type}`;

export const ReviewCountsSchema = z.object({
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  needsCorrection: z.number().int(),
});

export const DataLabelSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  dataset_id: z.string(),
  dataset_name: z.string(),
  project_id: z.string(),
  user_id: z.string().nullable(),
  user_name: z.string().nullable(),
  label_type: z.enum(DATA_LABEL_TYPES),
  item_count: z.number().int(),
  frame_count: z.number().int(),
  is_default: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  review_counts: ReviewCountsSchema,
  /** What the caller may do with the label (the server decides; the UI only shows it). */
  can_edit: z.boolean(),
  can_delete: z.boolean(),
});
export type DataLabel = z.infer<typeof DataLabelSchema>;

const BoxSchema = z.object({ x1: z.number(), y1: z.number(), x2: z.number(), y2: z.number() });

export const DataLabelItemSchema = z.object({
  id: z.string(),
  data_label_id: z.string(),
  detection_id: z.string(),
  sperm_detection_id: z.string(),
  frame_id: z.string(),
  frame_number: z.number().int(),
  video_id: z.string(),
  video_name: z.string(),
  /** The class as the annotator chose it (either list of spec 2 §3 for morphology items). */
  class_name: z.string(),
  /** The review list's class it counts as (LABELING_TO_MORPHOLOGY). */
  morphology_class: z.string().nullable(),
  quality: z.string().nullable(),
  confidence: z.number(),
  /** The annotator's confidence in the morphology class, 1 (low) to 5 (high); null when not given. */
  annotator_confidence: z.number().int().nullable(),
  /** The annotator's notes on the classification. */
  notes: z.string(),
  /** Head morphometry of the item's mask (µm, at the dataset's scale); null without a mask. */
  morphometry: MaskMorphometrySchema.nullable(),
  bounding_box: BoxSchema,
  crop_url: z.string(),
  crop_id: z.string(),
  /** A morphology item's mask PNG (the crop's size, white on the cell); null without one. */
  mask_url: z.string().nullable(),
  /** Spec 2 calls the mask the item's thumbnail: the same URL as mask_url. */
  thumbnail_url: z.string().nullable(),
  visualization_url: z.string().nullable(),
  /** The prompt points the mask was made from (crop pixels). */
  points: z.array(MaskPointSchema),
  annotated_by: z.string().nullable(),
  annotated_by_name: z.string().nullable(),
  created_at: z.string(),
  review_status: z.enum(REVIEW_STATUSES),
  reviewed_by: z.string().nullable(),
  reviewer_name: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  review_notes: z.string(),
  detection: DetectionSchema,
});
export type DataLabelItem = z.infer<typeof DataLabelItemSchema>;

export const DataLabelWithItemsSchema = DataLabelSchema.extend({
  items: z.array(DataLabelItemSchema),
  total_count: z.number().int(),
  total_pages: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  detection_ids: z.array(z.string()),
});
export type DataLabelWithItems = z.infer<typeof DataLabelWithItemsSchema>;

export const DataLabelListResponseSchema = z.object({
  data_labels: z.array(DataLabelSchema),
  total: z.number().int(),
  total_pages: z.number().int(),
});
export type DataLabelListResponse = z.infer<typeof DataLabelListResponseSchema>;

/** Largest page of a dataset's data labels; the default is one full page, as before paging. */
export const DATASET_LABELS_MAX = 1000;

/** A dataset's data labels page by page (`limit`, `offset`); `total` counts them all. */
export const DatasetLabelsQuerySchema = z.object({
  user_id: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(DATASET_LABELS_MAX).default(DATASET_LABELS_MAX),
  offset: z.coerce.number().int().min(0).default(0),
});

export const DataLabelItemsResponseSchema = z.object({
  items: z.array(DataLabelItemSchema),
  total: z.number().int(),
  total_count: z.number().int(),
  total_pages: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type DataLabelItemsResponse = z.infer<typeof DataLabelItemsResponseSchema>;

export const DataLabelStatsSchema = z.object({
  total_items: z.number().int(),
  labeled_items: z.number().int(),
  unlabeled_items: z.number().int(),
  average_confidence: z.number().nullable(),
  total_frames: z.number().int(),
  review_counts: ReviewCountsSchema,
  /** Morphology labels (spec 2 §3); zero for detection labels. */
  normal_count: z.number().int(),
  head_defect_count: z.number().int(),
  midpiece_defect_count: z.number().int(),
  tail_defect_count: z.number().int(),
  multiple_defects_count: z.number().int(),
  unknown_count: z.number().int(),
  /** Normal forms among the classified cells, percent; null when none is classified. */
  normal_forms_percent: z.number().nullable(),
  /** The WHO 2021 lower reference limit of normal forms (4 %). */
  normal_forms_reference_percent: z.number(),
});
export type DataLabelStats = z.infer<typeof DataLabelStatsSchema>;

const labelName = () =>
  singleLineText('Name', NAME_MAX).refine((value) => value.trim().length > 0, 'Name is required');

export const CreateDataLabelRequestSchema = z.object({
  name: labelName(),
  description: multiLineText('Description', DESCRIPTION_MAX).default(''),
  dataset_id: idText('Dataset id'),
  user_id: idText('User id').optional(),
  label_type: z.enum(DATA_LABEL_TYPES).default('detection'),
});
export type CreateDataLabelRequest = z.input<typeof CreateDataLabelRequestSchema>;

/** The 7.2 shape of a label creation inside a dataset. */
export const CreateDatasetDataLabelRequestSchema = z.object({
  name: labelName().optional(),
  data_label_name: labelName().optional(),
  description: multiLineText('Description', DESCRIPTION_MAX).default(''),
  user_id: idText('User id').optional(),
  label_type: z.enum(DATA_LABEL_TYPES).default('detection'),
});

export const UpdateDataLabelRequestSchema = z.object({
  name: labelName().optional(),
  description: multiLineText('Description', DESCRIPTION_MAX).optional(),
});

export const AddFrameToDataLabelRequestSchema = z.object({
  data_label_id: idText('Data label id'),
  frame_id: idText('Frame id'),
  class_name: singleLineText('Class', 100).default(DEFAULT_DETECTION_CLASS),
});
export const AddFrameToDataLabelResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  added: z.number().int(),
  item_ids: z.array(z.string()),
});
export type AddFrameToDataLabelResponse = z.infer<typeof AddFrameToDataLabelResponseSchema>;

export const AddDataLabelItemRequestSchema = z.object({
  dataset_id: idText('Dataset id').optional(),
  data_label_id: idText('Data label id'),
  item_id: idText('Item id').optional(),
  detection_id: idText('Detection id'),
  class_name: singleLineText('Class', 100).default(DEFAULT_DETECTION_CLASS),
});
export const AddDataLabelItemsRequestSchema = z.object({
  data_label_id: idText('Data label id'),
  item_ids: z.array(idText('Detection id')).min(1).max(10_000),
  class_name: singleLineText('Class', 100).default(DEFAULT_DETECTION_CLASS),
});
export const RemoveDataLabelItemRequestSchema = z.object({
  data_label_id: idText('Data label id'),
  item_id: idText('Item id'),
  item_type: z.string().optional(),
});
export const RemoveByDetectionRequestSchema = z.object({
  data_label_id: idText('Data label id'),
  detection_id: idText('Detection id'),
});
export const ItemQualityRequestSchema = z.object({ quality: z.enum(['good', 'bad']) });

export const DATA_LABEL_ITEM_SORTS = ['date', 'confidence', 'frame_number'] as const;
export const DataLabelItemsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(DATA_LABEL_NAME_LOOKUP_LIMIT)
    .default(DATA_LABEL_PAGE_SIZE),
  sortBy: z.enum(DATA_LABEL_ITEM_SORTS).default('date'),
  query: singleLineText('Search', SEARCH_MAX).optional(),
});
export const DataLabelListQuerySchema = z.object({
  label_type: z.enum(DATA_LABEL_TYPES).optional(),
  dataset_id: z.string().optional(),
  user_id: z.string().optional(),
  query: singleLineText('Search', SEARCH_MAX).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(DATA_LABEL_PAGE_SIZE),
});

/** One unit of review: a frame of a detection label, or an item of a morphology label. */
export const ReviewUnitSchema = z.object({
  id: z.string(),
  type: z.enum(['detection', 'morphology']),
  data_label_id: z.string(),
  data_label_name: z.string(),
  dataset_id: z.string(),
  dataset_name: z.string(),
  project_id: z.string(),
  frame_id: z.string(),
  frame_number: z.number().int(),
  video_id: z.string(),
  video_name: z.string(),
  bounding_boxes: z.array(BoxSchema.extend({ confidence: z.number() })),
  label_count: z.number().int(),
  classification: z.string(),
  status: z.enum(REVIEW_STATUSES),
  created_by: z.string().nullable(),
  creator_name: z.string().nullable(),
  created_at: z.string(),
  reviewed_by: z.string().nullable(),
  reviewer_name: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  notes: z.string(),
  confidence: z.number().nullable(),
});
export type ReviewUnit = z.infer<typeof ReviewUnitSchema>;

export const REVIEW_SORTS = ['dataset', 'created', 'creator', 'confidence', 'status'] as const;
export const ReviewListQuerySchema = z.object({
  label_type: z.enum(['detection', 'morphology']).default('detection'),
  dataset_id: z.string().optional(),
  status: z.enum(REVIEW_STATUSES).optional(),
  creator_id: z.string().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  sort: z.enum(REVIEW_SORTS).default('created'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(10),
});
export type ReviewListQuery = z.input<typeof ReviewListQuerySchema>;
export const ReviewListResponseSchema = z.object({
  reviews: z.array(ReviewUnitSchema),
  total: z.number().int(),
  counts: z.object({ detection: z.number().int(), morphology: z.number().int() }),
  /** Whether the caller may approve or reject (review_annotations). */
  can_review: z.boolean(),
  /** Everyone who added units of this type, for the Creator filter. */
  creators: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ReviewListResponse = z.infer<typeof ReviewListResponseSchema>;
export const ReviewDecisionRequestSchema = z.object({
  status: z.enum(['approved', 'rejected', 'needsCorrection']),
  notes: multiLineText('Notes', NOTE_MAX).default(''),
});
export type ReviewDecisionRequest = z.input<typeof ReviewDecisionRequestSchema>;
export const ReviewStatsSchema = z.object({
  detection: ReviewCountsSchema,
  morphology: ReviewCountsSchema,
});
export type ReviewStats = z.infer<typeof ReviewStatsSchema>;

/** Annotation status of a frame (spec 2 §3 annotation frame row), derived from the server's data. */
export const ANNOTATION_STATUSES = ['pending', 'in_progress', 'completed'] as const;
export type AnnotationStatus = (typeof ANNOTATION_STATUSES)[number];

export const AnnotationFrameSchema = z.object({
  frame_id: z.string(),
  frame_number: z.number().int(),
  video_id: z.string(),
  video_name: z.string(),
  dataset_id: z.string(),
  dataset_name: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** completed: in a data label; in_progress: a person drew or checked boxes; else pending. */
  annotation_status: z.enum(ANNOTATION_STATUSES),
  object_count: z.number().int(),
  verified_count: z.number().int(),
  confidence: z.number().nullable(),
  annotated_by: z.string().nullable(),
  annotated_at: z.string().nullable(),
  annotation_notes: z.string(),
  created_at: z.string(),
});
export type AnnotationFrame = z.infer<typeof AnnotationFrameSchema>;

export const AnnotationFramesQuerySchema = z.object({
  dataset_id: z.string().optional(),
  sort: z.enum(['date', 'status', 'frame_number']).default('date'),
  order: z.enum(['asc', 'desc']).default('desc'),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});
export type AnnotationFramesQuery = z.input<typeof AnnotationFramesQuerySchema>;
export const AnnotationFramesResponseSchema = z.object({
  frames: z.array(AnnotationFrameSchema),
  total: z.number().int(),
  counts: z.object({
    pending: z.number().int(),
    in_progress: z.number().int(),
    completed: z.number().int(),
  }),
});
export type AnnotationFramesResponse = z.infer<typeof AnnotationFramesResponseSchema>;

/** Most classifications saved in one request. */
export const CLASSIFICATIONS_MAX = 500;

/**
 * The Morphology Data Labeling page's Save Labels: each crop (a detection) with its class from
 * either class list, the annotator's confidence 1 to 5 (default 3) and notes.
 */
export const ClassificationsRequestSchema = z.object({
  items: z
    .array(
      z.object({
        detection_id: idText('Detection id'),
        class: MorphologyClassInputSchema,
        confidence: AnnotatorConfidenceSchema.default(ANNOTATOR_CONFIDENCE_DEFAULT),
        notes: ClassificationNotesSchema.default(''),
      }),
    )
    .min(1)
    .max(CLASSIFICATIONS_MAX),
});
export type ClassificationsRequest = z.infer<typeof ClassificationsRequestSchema>;

export const ClassificationsResponseSchema = z.object({
  success: z.literal(true),
  saved: z.number().int(),
  /** The items' ids, in the order of the request. */
  item_ids: z.array(z.string()),
});
export type ClassificationsResponse = z.infer<typeof ClassificationsResponseSchema>;
