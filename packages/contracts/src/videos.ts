import { z } from 'zod';
import { TimestampSchema } from './common.js';
import {
  DESCRIPTION_MAX,
  ID_MAX,
  idText,
  multiLineText,
  NAME_MAX,
  NOTE_MAX,
  SHORT_TEXT_MAX,
  singleLineText,
  TAGS_MAX,
} from './limits.js';

export const VIDEO_PROCESSING_STATUSES = [
  'pending',
  'uploaded',
  'processing',
  'completed',
  'failed',
] as const;
export type VideoProcessingStatus = (typeof VIDEO_PROCESSING_STATUSES)[number];

export const FrameSchema = z.object({
  id: z.string(),
  videoId: z.string(),
  video_id: z.string(),
  frameNumber: z.number().int(),
  frame_number: z.number().int(),
  /** Seconds from the start of the video. */
  timeOffset: z.number(),
  time_offset: z.number(),
  timestamp: z.number(),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int(),
  selected: z.boolean(),
  annotated: z.boolean(),
  note: z.string(),
  /** 'completed' once detections exist (detection arrives later). */
  detectionStatus: z.string(),
  detectionCount: z.number().int(),
  hasDetection: z.boolean(),
  extractionSession: z.string(),
  createdAt: TimestampSchema,
});
export type Frame = z.infer<typeof FrameSchema>;

/** Why and by whom a field (video) was discarded: kept, but out of the sample's totals and report. */
export const VideoDiscardSchema = z.object({
  at: TimestampSchema,
  by: z.string().nullable(),
  reason: z.string(),
});
export type VideoDiscard = z.infer<typeof VideoDiscardSchema>;

/** Where a video came from: a file uploaded, or a field recorded on the live capture screen. */
export const VIDEO_SOURCE_LIVE = 'live';

export const VideoSchema = z.object({
  id: z.string(),
  datasetId: z.string(),
  dataset_id: z.string(),
  name: z.string(),
  file_name: z.string(),
  original_filename: z.string(),
  originalFilename: z.string(),
  description: z.string(),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  resolution: z.string(),
  fps: z.number(),
  frame_count: z.number().int(),
  framesCount: z.number().int(),
  /** Seconds. */
  duration: z.number(),
  codec: z.string(),
  patientId: z.string().nullable(),
  patient_id: z.string().nullable(),
  captureDate: z.string().nullable(),
  tags: z.array(z.string()),
  source: z.string().nullable(),
  processingStatus: z.enum(VIDEO_PROCESSING_STATUSES),
  processing_status: z.enum(VIDEO_PROCESSING_STATUSES),
  error: z.string().nullable(),
  extractedFramesCount: z.number().int(),
  extracted_frames_count: z.number().int(),
  selectedFramesCount: z.number().int(),
  hasThumbnail: z.boolean(),
  /** The original was transcoded to H.264 for browsers. */
  transcoded: z.boolean(),
  lastTaskId: z.string().nullable(),
  uploadedBy: z.string().nullable(),
  /** Null unless the video was discarded (bad focus, a bubble). */
  discarded: VideoDiscardSchema.nullable(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
  frames: z.array(FrameSchema).optional(),
});
export type Video = z.infer<typeof VideoSchema>;

export const VideoListResponseSchema = z.object({
  videos: z.array(VideoSchema),
  total: z.number().int(),
});
export type VideoListResponse = z.infer<typeof VideoListResponseSchema>;

export const VideoListQuerySchema = z.object({
  patient_id: singleLineText('Patient id', ID_MAX).optional(),
  dataset_id: singleLineText('Dataset id', ID_MAX).optional(),
  status: z.enum(VIDEO_PROCESSING_STATUSES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  sort_by: z.enum(['created_at', 'name', 'size', 'duration']).default('created_at'),
  sort_order: z.enum(['asc', 'desc']).default('desc'),
});
export type VideoListQuery = z.infer<typeof VideoListQuerySchema>;

/** Largest page of a dataset's videos; the default is one full page, as the screens list them all. */
export const DATASET_VIDEOS_MAX = 1000;

/** A dataset's videos page by page (`limit`, `offset`); `total` counts them all. */
export const DatasetVideosQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(DATASET_VIDEOS_MAX).default(DATASET_VIDEOS_MAX),
  offset: z.coerce.number().int().min(0).default(0),
});

const uploadId = (label: string) => singleLineText(label, ID_MAX).optional();

/**
 * The text fields of the multipart upload (`file` is the video itself). Tags come as a JSON array
 * or a comma-separated list; once split they must satisfy `VideoTagsSchema`.
 */
export const UploadVideoFieldsSchema = z.object({
  dataset_id: uploadId('Dataset id'),
  datasetId: uploadId('Dataset id'),
  patientId: uploadId('Patient id'),
  patient_id: uploadId('Patient id'),
  name: singleLineText('Name', NAME_MAX).optional(),
  description: multiLineText('Description', DESCRIPTION_MAX).optional(),
  captureDate: singleLineText('Capture date', SHORT_TEXT_MAX).optional(),
  capture_date: singleLineText('Capture date', SHORT_TEXT_MAX).optional(),
  tags: singleLineText('Tags', TAGS_MAX * (SHORT_TEXT_MAX + 4)).optional(),
  source: singleLineText('Source', SHORT_TEXT_MAX).optional(),
});
export type UploadVideoFields = z.infer<typeof UploadVideoFieldsSchema>;

export const VideoTagsSchema = z
  .array(singleLineText('Tag', SHORT_TEXT_MAX))
  .max(TAGS_MAX, `A video can have at most ${TAGS_MAX} tags`);

export const UploadVideoResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  video: VideoSchema,
  task_id: z.string(),
});

export const FrameListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});
export const FrameListResponseSchema = z.object({
  frames: z.array(FrameSchema),
  total: z.number().int(),
});
export type FrameListResponse = z.infer<typeof FrameListResponseSchema>;

export const FRAME_EXTRACTION_STAGES = [
  'initializing',
  'queued',
  'extracting',
  'processing',
  'storing',
  'completed',
  'failed',
] as const;

export const FrameExtractionConfigSchema = z.object({
  method: z.enum(['fps', 'count']).default('fps'),
  fps: z.number().positive().max(120).default(3),
  count: z.number().int().min(1).max(10_000).optional(),
  quality: z.number().int().min(1).max(100).default(95),
  maxFrames: z.number().int().min(1).max(10_000).default(50),
});
export type FrameExtractionConfig = z.infer<typeof FrameExtractionConfigSchema>;
export const DEFAULT_FRAME_EXTRACTION: FrameExtractionConfig = {
  method: 'fps',
  fps: 3,
  quality: 95,
  maxFrames: 50,
};

export const ExtractFramesRequestSchema = z.object({
  videoId: idText('Video id').optional(),
  video_id: idText('Video id').optional(),
  config: FrameExtractionConfigSchema.default(DEFAULT_FRAME_EXTRACTION),
});
export const ExtractFramesResponseSchema = z.object({
  success: z.literal(true),
  task_id: z.string(),
  taskId: z.string(),
  status: z.string(),
  message: z.string(),
});

export const SelectFrameRequestSchema = z
  .object({ selected: z.boolean().optional(), note: multiLineText('Note', NOTE_MAX).optional() })
  .optional();

export const MediaLinkResponseSchema = z.object({
  url: z.string(),
  token: z.string(),
  expires_in: z.number().int(),
});

/** `POST /business/videos/{id}/retry`: the preparation of a failed video, queued again. */
export const RetryVideoResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  task_id: z.string(),
});
export type RetryVideoResponse = z.infer<typeof RetryVideoResponseSchema>;

/** `POST /sarm/video/{id}/discard`: why the field is left out (bad focus, a bubble). */
export const DiscardVideoRequestSchema = z
  .object({ reason: singleLineText('Reason', DESCRIPTION_MAX).optional() })
  .optional();
export type DiscardVideoRequest = z.infer<typeof DiscardVideoRequestSchema>;

/** Answer of a discard left out of the analysis of a sample: a discarded video cannot be pooled. */
export const VIDEO_DISCARDED_MESSAGE = 'Video was discarded and is left out of the sample';
