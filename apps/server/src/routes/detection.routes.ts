import {
  BestCropsQuerySchema,
  BestCropsResponseSchema,
  VideoCropsQuerySchema,
  CreateDetectionRequestSchema,
  CropListResponseSchema,
  DetectionFilterRequestSchema,
  MergeTracksRequestSchema,
  NextFrameResponseSchema,
  SplitTrackRequestSchema,
  TrackChangeResponseSchema,
  UpdateDetectionResponseSchema,
  VideoDetectionsResponseSchema,
  DetectFramesRequestSchema,
  DetectFramesResponseSchema,
  DetectFramesStatusSchema,
  DetectionDetailResponseSchema,
  DetectionSchema,
  DetectSpermRequestSchema,
  FrameCropsQuerySchema,
  FrameDetectionQuerySchema,
  FrameDetectionResponseSchema,
  IdParamsSchema,
  OkResponseSchema,
  UpdateDetectionRequestSchema,
  type PermissionRequirement,
} from '@sarm/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../context.js';
import { notFound } from '../http/errors.js';
import { requireAuth } from '../http/route-access.js';
import { sendStoredFile } from '../http/send-stored-file.js';
import { parseDetectProgress } from '../jobs/detect-frames.job.js';

const tags = ['detection'];
const RUN: readonly PermissionRequirement[] = [
  'sarm.run_detection',
  'finetune.annotate_detection',
  'finetune.extract_frames',
];
/** Drawing, moving and deleting boxes, and editing tracks. */
const EDIT: readonly PermissionRequirement[] = [
  'sarm.run_detection',
  'finetune.annotate_detection',
];
const READ: readonly PermissionRequirement[] = [
  'sarm.view_detailed_detection',
  'sarm.select_frames',
  'finetune.review_annotations',
  'finetune.annotate_morphology',
];
const FrameParams = z.object({ frameId: z.string().min(1) });

/** Sperm detection on frames, its background job and the crop/mask/visualisation images. */
export const detectionRoutes: FastifyPluginCallbackZod<{ context: ServerContext }> = (
  app,
  { context },
  done,
) => {
  const { detection } = context.services.clinical;

  for (const url of ['/sarm/detection/detect-sperm', '/sarm/detection/manual-detect-sperm'])
    app.post(
      url,
      {
        config: { permission: RUN },
        schema: {
          tags,
          summary: 'Detect sperm heads on a frame (classical detector)',
          description:
            "Replaces the frame's detections with source `classical`; stores a crop per detection and a visualisation with boxes. Optional `config` (the detection configuration dialog): `confidence_threshold` 0.1-0.9 (default 0.4; boxes below it are dropped), `generate_crops`, `generate_visualization` (default true).",
          body: DetectSpermRequestSchema,
          response: { 200: FrameDetectionResponseSchema },
        },
      },
      async (request) =>
        detection.detect(requireAuth(request), request.body.frame_id, request.body.config),
    );

  app.post(
    '/sarm/detection/detect-frames',
    {
      config: { permission: RUN },
      schema: {
        tags,
        summary: 'Queue detection on several frames',
        description:
          'Answers 202 with the task id; poll `/sarm/detection/detect-frames/status/{taskId}`.',
        body: DetectFramesRequestSchema,
        response: { 202: DetectFramesResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          await detection.detectFrames(
            requireAuth(request),
            request.body.frame_ids,
            request.body.config,
          ),
        ),
  );

  app.get(
    '/sarm/detection/detect-frames/status/:taskId',
    {
      config: { permission: [...RUN, ...READ] },
      schema: {
        tags,
        summary: 'State of a detection task',
        params: z.object({ taskId: z.string().min(1) }),
        response: { 200: DetectFramesStatusSchema },
      },
    },
    async (request) => {
      const task = await context.services.tasks.get(requireAuth(request), request.params.taskId);
      if (task.task_type !== 'detection.detect_frames') throw notFound('Task not found');
      const { current, total } = parseDetectProgress(task.message, task.result);
      return {
        state: task.status,
        result: { current, total, status: task.status, error: task.error },
      };
    },
  );

  for (const url of ['/sarm/detection/get-sperm/:frameId', '/sarm/detection/view-result/:frameId'])
    app.get(
      url,
      {
        config: { permission: [...READ, ...RUN], responseCache: true },
        schema: {
          tags,
          summary: 'Detections of a frame',
          description:
            'Top to bottom, then left to right; `limit` (default 1000, at most 5000) and `offset` page them, `detection_count` counts them all.',
          params: FrameParams,
          querystring: FrameDetectionQuerySchema,
          response: { 200: FrameDetectionResponseSchema },
        },
      },
      async (request) =>
        detection.forFrame(requireAuth(request), request.params.frameId, request.query),
    );

  app.delete(
    '/sarm/detection/delete-detections/:frameId',
    {
      config: { permission: RUN },
      schema: {
        tags,
        summary: 'Delete every detection of a frame',
        params: FrameParams,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) => detection.deleteForFrame(requireAuth(request), request.params.frameId),
  );

  app.patch(
    '/sarm/detection/update-sperm/:id',
    {
      config: { permission: EDIT },
      schema: {
        tags,
        summary: 'Verify, reclassify or move a detection',
        description:
          "Body `{verified?, class?, box? {x1, y1, x2, y2}, propagate?}`; any edit verifies the box, a moved box gets source `manual`. `propagate: 'track'` applies the same move and resize to the track's boxes on later frames (`propagated` counts them). The answer is the detection, also under `detection`.",
        params: IdParamsSchema,
        body: UpdateDetectionRequestSchema,
        response: { 200: UpdateDetectionResponseSchema },
      },
    },
    async (request) => detection.update(requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/sarm/detection/delete-sperm/:id',
    {
      config: { permission: EDIT },
      schema: {
        tags,
        summary: 'Delete one detection',
        params: IdParamsSchema,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) => detection.remove(requireAuth(request), request.params.id),
  );

  const { detectionAnnotation } = context.services.clinical;

  app.post(
    '/sarm/detection/create-sperm',
    {
      config: { permission: EDIT },
      schema: {
        tags,
        summary: 'Draw a box on a frame',
        description:
          'A box drawn by a person: source `manual`, verified. Both sides over 10 px and inside the frame (400 otherwise).',
        body: CreateDetectionRequestSchema,
        response: { 201: DetectionSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await detectionAnnotation.create(requireAuth(request), request.body)),
  );

  app.get(
    '/sarm/detection/get-detection/:id',
    {
      config: { permission: [...READ, ...RUN], responseCache: true },
      schema: {
        tags,
        summary: 'One detection',
        params: IdParamsSchema,
        response: { 200: DetectionSchema },
      },
    },
    async (request) => detectionAnnotation.get(requireAuth(request), request.params.id),
  );

  app.get(
    '/sarm/detection/get-video-detections/:videoId',
    {
      config: { permission: [...READ, ...RUN], responseCache: true },
      schema: {
        tags,
        summary: "Detections of a video's extracted frames, in frame order",
        params: z.object({ videoId: z.string().min(1) }),
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(10_000).default(10),
          offset: z.coerce.number().int().min(0).default(0),
        }),
        response: { 200: VideoDetectionsResponseSchema },
      },
    },
    async (request) =>
      detectionAnnotation.listForVideo(
        requireAuth(request),
        request.params.videoId,
        request.query.limit,
        request.query.offset,
      ),
  );

  const filterNote =
    'Optional `frame_id`, `video_id`, `dataset_id` (404 when not in your projects), ' +
    '`min_confidence`/`max_confidence` (0-1), `source`, `verified`, `labelled` (in a data label ' +
    'or not), `limit` (default 100, at most 1000) and `offset`; in video, frame and position order.';
  app.post(
    '/sarm/detection/filter',
    {
      config: { permission: [...READ, ...RUN] },
      schema: {
        tags,
        summary: 'Detections matching a filter, within your projects',
        description: filterNote,
        body: DetectionFilterRequestSchema,
        response: { 200: VideoDetectionsResponseSchema },
      },
    },
    async (request) => detectionAnnotation.filter(requireAuth(request), request.body),
  );

  app.post(
    '/technical/crops/filter',
    {
      config: { permission: [...READ, ...RUN] },
      schema: {
        tags,
        summary: 'Crops of detections matching a filter, within your projects',
        description: `${filterNote} A crop's \`bounding_box\` is its region of the frame in pixels (the box grown by the dataset's \`crop_margin_um\`, default 8 µm, clamped to the frame); \`crop_url\` serves the JPEG.`,
        body: DetectionFilterRequestSchema,
        response: { 200: CropListResponseSchema },
      },
    },
    async (request) => detectionAnnotation.filterCrops(requireAuth(request), request.body),
  );

  app.get(
    '/technical/frames/:frameId/crops',
    {
      config: { permission: [...READ, ...RUN] },
      schema: {
        tags,
        summary: 'Every crop of a frame, in position order',
        description:
          "Top to bottom, then left to right; `limit` (default 1000, at most 5000) and `offset` page them, `total` counts them all. 404 `Frame not found` outside your projects. A crop's `bounding_box` is its region of the frame in pixels.",
        params: FrameParams,
        querystring: FrameCropsQuerySchema,
        response: { 200: CropListResponseSchema },
      },
    },
    async (request) =>
      detectionAnnotation.frameCrops(requireAuth(request), request.params.frameId, request.query),
  );

  app.get(
    '/technical/videos/:videoId/crops',
    {
      config: { permission: [...READ, ...RUN] },
      schema: {
        tags,
        summary: 'Crops of all frames of a video, in frame order',
        description: '`limit` (default 100, at most 1000) and `offset`. 404 outside your projects.',
        params: z.object({ videoId: z.string().min(1) }),
        querystring: VideoCropsQuerySchema,
        response: { 200: CropListResponseSchema },
      },
    },
    async (request) =>
      detectionAnnotation.videoCrops(
        requireAuth(request),
        request.params.videoId,
        request.query.limit,
        request.query.offset,
      ),
  );

  app.get(
    '/technical/crops/best',
    {
      config: { permission: [...READ, ...RUN] },
      schema: {
        tags,
        summary: 'Crops ranked best first for morphology annotation',
        description:
          'At least one of `dataset_id`, `video_id`, `frame_id` (400 otherwise; 404 outside your projects); `page` (from 1) and `page_size` (1-100, default 20). Each crop carries `sharpness` (variance of the Laplacian of its grey pixels, relative to the sharpest crop of the scope), `isolation` (distance to the nearest other detection of its frame in box sizes: 0 at one, 1 from three; at most 0.1 when another box reaches into the crop) and `score`, their mean, by which the crops are sorted.',
        querystring: BestCropsQuerySchema,
        response: { 200: BestCropsResponseSchema },
      },
    },
    async (request) => detectionAnnotation.bestCrops(requireAuth(request), request.query),
  );

  app.post(
    '/sarm/detection/tracks/split',
    {
      config: { permission: EDIT },
      schema: {
        tags,
        summary: "Give a box and its track's later boxes a new identity",
        body: SplitTrackRequestSchema,
        response: { 200: TrackChangeResponseSchema },
      },
    },
    async (request) =>
      detectionAnnotation.splitTrack(requireAuth(request), request.body.detection_id),
  );

  app.post(
    '/sarm/detection/tracks/merge',
    {
      config: { permission: EDIT },
      schema: {
        tags,
        summary: 'Join two identities of a video into one',
        description: '409 when both tracks have a box on the same frame.',
        body: MergeTracksRequestSchema,
        response: { 200: TrackChangeResponseSchema },
      },
    },
    async (request) => detectionAnnotation.mergeTracks(requireAuth(request), request.body),
  );

  app.get(
    '/sarm/detection/next-frame/:videoId',
    {
      config: { permission: [...READ, ...RUN] },
      schema: {
        tags,
        summary: 'The frame of a video most in need of annotation',
        description:
          "Ranks the video's extracted frames by how near their unverified boxes' confidences are to the threshold and by how much their box count disagrees with neighbouring frames; frames whose boxes are all verified are skipped. 404 when none is left.",
        params: z.object({ videoId: z.string().min(1) }),
        querystring: z.object({
          threshold: z.coerce.number().min(0).max(1).default(0.4),
          exclude_frame_id: z.string().optional(),
        }),
        response: { 200: NextFrameResponseSchema },
      },
    },
    async (request) =>
      detectionAnnotation.nextFrame(
        requireAuth(request),
        request.params.videoId,
        request.query.threshold,
        request.query.exclude_frame_id,
      ),
  );

  app.get(
    '/sarm/detection/get-detail-detection/:id',
    {
      config: { permission: [...READ, ...RUN], responseCache: true },
      schema: {
        tags,
        summary: 'One detection with its frame and video',
        params: IdParamsSchema,
        response: { 200: DetectionDetailResponseSchema },
      },
    },
    async (request) => detection.detail(requireAuth(request), request.params.id),
  );

  /** Images change when detection runs again: cache them only briefly. */
  const sendImage = (request: FastifyRequest, reply: FastifyReply, key: string) =>
    sendStoredFile(context.storage, request, reply, key, 60);

  app.get(
    '/sarm/media/view-crop/:id',
    {
      config: { permission: [...READ, ...RUN] },
      schema: { tags: ['media'], summary: 'JPEG crop of a detection', params: IdParamsSchema },
    },
    async (request, reply) =>
      sendImage(request, reply, await detection.cropFile(requireAuth(request), request.params.id)),
  );

  app.get(
    '/sarm/media/view-mask/:id',
    {
      config: { permission: [...READ, ...RUN] },
      schema: {
        tags: ['media'],
        summary: 'PNG segmentation mask of a detection',
        description:
          "White on the head's segmented pixels, black elsewhere, over the region of the detection's crop. 404 `Mask not found` for detections without one (manual ones, moved boxes).",
        params: IdParamsSchema,
      },
    },
    async (request, reply) =>
      sendImage(request, reply, await detection.maskFile(requireAuth(request), request.params.id)),
  );

  app.get(
    '/sarm/media/view-visualization/:id',
    {
      config: { permission: [...READ, ...RUN] },
      schema: {
        tags: ['media'],
        summary: 'JPEG of a frame with its detection boxes',
        params: IdParamsSchema,
      },
    },
    async (request, reply) =>
      sendImage(
        request,
        reply,
        await detection.visualizationFile(requireAuth(request), request.params.id),
      ),
  );
  done();
};
