import { z } from 'zod';
import { TimestampSchema } from './common.js';
import { idText, multiLineText, NOTE_MAX } from './limits.js';

export const ANALYSIS_REQUEST_STATUSES = ['pending', 'in-progress', 'completed', 'failed'] as const;
export type AnalysisRequestStatus = (typeof ANALYSIS_REQUEST_STATUSES)[number];

/** The message of a submission without frames (spec 1 §5, frame submission). */
export const NO_FRAMES_SELECTED = 'Please select at least one frame for analysis';

/** Body of POST /sarm/frames/submit-analysis: the frames chosen on the frame selection screen. */
export const SubmitAnalysisRequestSchema = z.object({
  videoId: idText('Video id'),
  frameIds: z.array(idText('Frame id')).min(1, NO_FRAMES_SELECTED).max(10_000),
  notes: multiLineText('Notes', NOTE_MAX).optional(),
});
export type SubmitAnalysisRequest = z.infer<typeof SubmitAnalysisRequestSchema>;

/** A "Submit for Analysis" and the state of its background run. */
export const AnalysisRequestSchema = z.object({
  id: z.string(),
  status: z.enum(ANALYSIS_REQUEST_STATUSES),
  videoId: z.string(),
  frameIds: z.array(z.string()),
  notes: z.string(),
  taskId: z.string().nullable(),
  /** The stored analysis once completed. */
  analysisId: z.string().nullable(),
  /** Why the run failed (null unless failed). */
  error: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type AnalysisRequest = z.infer<typeof AnalysisRequestSchema>;

/** What a submission analyses: always the whole video, because motility needs tracks. */
export const WHOLE_VIDEO_SCOPE_MESSAGE =
  'The analysis uses the whole video; the selected frames are kept with the request for review.';

export const SubmitAnalysisResponseSchema = z.object({
  request: AnalysisRequestSchema,
  /** The analysis covers every frame of the video; `frameIds` do not narrow it. */
  scope: z.literal('whole_video'),
  message: z.string(),
});
export type SubmitAnalysisResponse = z.infer<typeof SubmitAnalysisResponseSchema>;

export const AnalysisRequestListQuerySchema = z.object({
  video_id: idText('Video id'),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export const AnalysisRequestListResponseSchema = z.object({
  requests: z.array(AnalysisRequestSchema),
  /** All of the video's requests, not only this page's. */
  total: z.number().int(),
});
export type AnalysisRequestListResponse = z.infer<typeof AnalysisRequestListResponseSchema>;
