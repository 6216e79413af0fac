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
});
export type Detection = z.infer<typeof DetectionSchema>;

export const FrameDetectionResponseSchema = z.object({
  detections: z.array(DetectionSchema),
  video_id: z.string(),
  frame_number: z.number().int(),
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

export const DetectSpermRequestSchema = z.object({ frame_id: idText('Frame id') });
export const DetectFramesRequestSchema = z.object({
  frame_ids: z.array(idText('Frame id')).min(1).max(1000),
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
    box: z
      .object({ x1: z.number(), y1: z.number(), x2: z.number(), y2: z.number() })
      .refine((box) => box.x2 > box.x1 && box.y2 > box.y1, 'Box corners must enclose an area')
      .optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Nothing to update');
export type UpdateDetectionRequest = z.infer<typeof UpdateDetectionRequestSchema>;
