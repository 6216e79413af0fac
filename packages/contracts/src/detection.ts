import { z } from 'zod';
import { idText } from './limits.js';

/** One detected object in a frame; pixel box corners. */
export const DetectionSchema = z.object({
  id: z.string(),
  class: z.string(),
  className: z.string(),
  /** 0 to 1. */
  confidence: z.number(),
  x1: z.number(),
  y1: z.number(),
  x2: z.number(),
  y2: z.number(),
  source: z.string(),
  verified: z.boolean(),
  modelId: z.string().nullable(),
  hasMask: z.boolean(),
  updated_at: z.string(),
  /** The same id under the spec's other names. */
  detection_id: z.string(),
  sperm_detection_id: z.string(),
  frame_id: z.string(),
  /** Box size in frame pixels. */
  width: z.number(),
  height: z.number(),
  /** Identity of the cell across the frames of its video; null when not linked. */
  track_id: z.number().int().nullable(),
  crop_url: z.string(),
});
export type Detection = z.infer<typeof DetectionSchema>;

/** Where a box came from: the classical engine, a trained model, a person, or an imported file. */
export const DETECTION_SOURCES = ['classical', 'model', 'manual', 'import'] as const;
export type DetectionSource = (typeof DETECTION_SOURCES)[number];

/** Drawn boxes must be over this size on both sides (spec 2 §5). */
export const MIN_BOX_SIDE_PX = 10;

/** A moved or resized box: the engine's own boxes may be smaller than a drawn one. */
const BoxCornersSchema = z
  .object({ x1: z.number(), y1: z.number(), x2: z.number(), y2: z.number() })
  .refine((box) => box.x2 > box.x1 && box.y2 > box.y1, 'Box corners must enclose an area');

export const CreateDetectionRequestSchema = z
  .object({
    frame_id: idText('Frame id'),
    x1: z.number(),
    y1: z.number(),
    x2: z.number(),
    y2: z.number(),
    confidence: z.number().min(0).max(1).default(1),
    class: z.enum(['sperm', 'cluster', 'small_or_pinhead']).default('sperm'),
    track_id: z.number().int().nullable().optional(),
  })
  .refine(
    (box) => box.x2 - box.x1 > MIN_BOX_SIDE_PX && box.y2 - box.y1 > MIN_BOX_SIDE_PX,
    `Boxes must be over ${MIN_BOX_SIDE_PX} px wide and high`,
  );
export type CreateDetectionRequest = z.input<typeof CreateDetectionRequestSchema>;

/** A frame's detections page by page: the default covers any real frame in one answer. */
export const FrameDetectionQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(5000).default(1000),
  offset: z.coerce.number().int().min(0).default(0),
});

export const FrameDetectionResponseSchema = z.object({
  detections: z.array(DetectionSchema),
  video_id: z.string(),
  frame_number: z.number().int(),
  /** Every detection of the frame, not only this page's. */
  detection_count: z.number().int(),
  metadata: z.object({
    width: z.number().int(),
    height: z.number().int(),
    processingStatus: z.string(),
  }),
});
export type FrameDetectionResponse = z.infer<typeof FrameDetectionResponseSchema>;

export const DetectionDetailResponseSchema = z.object({
  detection: DetectionSchema,
  frame: z.object({
    frameNumber: z.number().int(),
    width: z.number().int(),
    height: z.number().int(),
  }),
  video: z.object({ name: z.string() }),
  mask: z.object({ id: z.string(), mask_url: z.string() }).nullable(),
});
export type DetectionDetailResponse = z.infer<typeof DetectionDetailResponseSchema>;

/**
 * The detection configuration dialog (spec 2 §9): boxes under the confidence threshold are
 * dropped; crops and the visualisation can be skipped.
 */
export const DetectionConfigSchema = z.object({
  confidence_threshold: z.number().min(0.1).max(0.9).default(0.4),
  generate_crops: z.boolean().default(true),
  generate_visualization: z.boolean().default(true),
});
export type DetectionConfig = z.infer<typeof DetectionConfigSchema>;
export const DEFAULT_DETECTION_CONFIG: DetectionConfig = {
  confidence_threshold: 0.4,
  generate_crops: true,
  generate_visualization: true,
};

export const DetectSpermRequestSchema = z.object({
  frame_id: idText('Frame id'),
  config: DetectionConfigSchema.optional(),
});
export const DetectFramesRequestSchema = z.object({
  frame_ids: z.array(idText('Frame id')).min(1).max(1000),
  config: DetectionConfigSchema.optional(),
});
export const DetectFramesResponseSchema = z.object({
  success: z.literal(true),
  task_id: z.string(),
  taskId: z.string(),
  status: z.string(),
});

export const DetectFramesStatusSchema = z.object({
  state: z.string(),
  result: z.object({
    current: z.number().int(),
    total: z.number().int(),
    status: z.string(),
    error: z.string().nullable(),
  }),
});
export type DetectFramesStatus = z.infer<typeof DetectFramesStatusSchema>;

export const UpdateDetectionRequestSchema = z
  .object({
    verified: z.boolean().optional(),
    class: z.enum(['sperm', 'cluster', 'small_or_pinhead']).optional(),
    box: BoxCornersSchema.optional(),
    /** 'track': the same move or resize is applied to the track's boxes on later frames. */
    propagate: z.enum(['none', 'track']).optional(),
    regenerate_crop: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Nothing to update');
export type UpdateDetectionRequest = z.infer<typeof UpdateDetectionRequestSchema>;

export const UpdateDetectionResponseSchema = DetectionSchema.extend({
  success: z.literal(true),
  message: z.string(),
  detection: DetectionSchema,
  /** Boxes on later frames of the same track that received the same change. */
  propagated: z.number().int(),
});

export const SplitTrackRequestSchema = z.object({ detection_id: idText('Detection id') });
export const MergeTracksRequestSchema = z.object({
  video_id: idText('Video id'),
  keep_track_id: z.number().int(),
  merge_track_id: z.number().int(),
});
export const TrackChangeResponseSchema = z.object({
  success: z.literal(true),
  track_id: z.number().int(),
  moved: z.number().int(),
});

export const NextFrameResponseSchema = z.object({
  frame_id: z.string(),
  frame_number: z.number().int(),
  /** Higher means more in need of a person's eye. */
  score: z.number(),
  reason: z.enum(['uncertain', 'disagreement', 'unannotated']),
});
export type NextFrameResponse = z.infer<typeof NextFrameResponseSchema>;

export const VideoDetectionsResponseSchema = z.object({
  detections: z.array(DetectionSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

/**
 * Where to look for detections or crops (spec 2 §7.3 `POST /sarm/detection/filter` and
 * `POST /technical/crops/filter`): a frame, video or dataset, a confidence band, the source,
 * whether a person verified the box and whether it is in a data label. Everything is optional;
 * the caller's projects bound the search.
 */
export const DetectionFilterRequestSchema = z
  .object({
    frame_id: idText('Frame id').optional(),
    video_id: idText('Video id').optional(),
    dataset_id: idText('Dataset id').optional(),
    min_confidence: z.number().min(0).max(1).optional(),
    max_confidence: z.number().min(0).max(1).optional(),
    source: z.enum(DETECTION_SOURCES).optional(),
    verified: z.boolean().optional(),
    /** true: only boxes in some data label; false: only boxes in none. */
    labelled: z.boolean().optional(),
    limit: z.number().int().min(1).max(1000).default(100),
    offset: z.number().int().min(0).default(0),
  })
  .refine(
    (filter) =>
      filter.min_confidence === undefined ||
      filter.max_confidence === undefined ||
      filter.min_confidence <= filter.max_confidence,
    { message: 'min_confidence must not exceed max_confidence', path: ['min_confidence'] },
  );
export type DetectionFilterRequest = z.infer<typeof DetectionFilterRequestSchema>;

/** A detection's crop: its region of the frame (pixels) and where its JPEG is served. */
export const CropSchema = z.object({
  /** One crop per detection: the crop id is the detection id. */
  id: z.string(),
  detection_id: z.string(),
  frame_id: z.string(),
  video_id: z.string(),
  frame_number: z.number().int(),
  confidence: z.number(),
  bounding_box: z.object({ x1: z.number(), y1: z.number(), x2: z.number(), y2: z.number() }),
  width: z.number().int(),
  height: z.number().int(),
  crop_url: z.string(),
  /** Best-crops ranking only: how sharp the crop is, 0 (flat) to 1 (sharpest of the set). */
  sharpness: z.number().min(0).max(1).optional(),
  /** Best-crops ranking only: 0 (a neighbour's box overlaps) to 1 (no detection nearby). */
  isolation: z.number().min(0).max(1).optional(),
  /** Best-crops ranking only: the blend of sharpness and isolation the crops are sorted by. */
  score: z.number().min(0).max(1).optional(),
});
export type Crop = z.infer<typeof CropSchema>;

export const CropListResponseSchema = z.object({
  crops: z.array(CropSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type CropListResponse = z.infer<typeof CropListResponseSchema>;

/** A frame's crops page by page, like its detections: the default covers any real frame at once. */
export const FrameCropsQuerySchema = FrameDetectionQuerySchema;

/** Crops of all frames of a video (spec 2 §9: frame and crop fetches take 100 at a time). */
export const VideoCropsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

/** Crops page size in mask extraction (spec 2 §9). */
export const BEST_CROPS_PAGE_SIZE = 20;

/** The best-crops fetch (spec 2 §7.3, page and page_size): a dataset, video or frame, or several. */
export const BestCropsQuerySchema = z
  .object({
    dataset_id: idText('Dataset id').optional(),
    video_id: idText('Video id').optional(),
    frame_id: idText('Frame id').optional(),
    page: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(BEST_CROPS_PAGE_SIZE),
  })
  .refine(
    (query) =>
      query.dataset_id !== undefined ||
      query.video_id !== undefined ||
      query.frame_id !== undefined,
    { message: 'Give a dataset_id, video_id or frame_id', path: ['dataset_id'] },
  );
export type BestCropsQuery = z.infer<typeof BestCropsQuerySchema>;

/** Crops ranked best first, each with its `sharpness`, `isolation` and `score`. */
export const BestCropsResponseSchema = CropListResponseSchema.extend({
  page: z.number().int(),
  page_size: z.number().int(),
});
export type BestCropsResponse = z.infer<typeof BestCropsResponseSchema>;
