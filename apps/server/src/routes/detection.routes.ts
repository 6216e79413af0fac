import {
  DetectFramesRequestSchema,
  DetectFramesResponseSchema,
  DetectFramesStatusSchema,
  DetectionDetailResponseSchema,
  DetectionSchema,
  DetectSpermRequestSchema,
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
const RUN: readonly PermissionRequirement[] = ['sarm.run_detection'];
const READ: readonly PermissionRequirement[] = [
  'sarm.view_detailed_detection',
  'sarm.select_frames',
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
            "Replaces the frame's detections with source `classical`; stores a crop per detection and a visualisation with boxes.",
          body: DetectSpermRequestSchema,
          response: { 200: FrameDetectionResponseSchema },
        },
      },
      async (request) => detection.detect(requireAuth(request), request.body.frame_id),
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
        .send(await detection.detectFrames(requireAuth(request), request.body.frame_ids)),
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
        config: { permission: [...READ, ...RUN] },
        schema: {
          tags,
          summary: 'Detections of a frame',
          params: FrameParams,
          response: { 200: FrameDetectionResponseSchema },
        },
      },
      async (request) => detection.forFrame(requireAuth(request), request.params.frameId),
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
      config: { permission: RUN },
      schema: {
        tags,
        summary: 'Verify, reclassify or move a detection',
        description:
          'Body `{verified?, class?, box? {x1, y1, x2, y2}}`; a moved box gets source `manual`.',
        params: IdParamsSchema,
        body: UpdateDetectionRequestSchema,
        response: { 200: DetectionSchema },
      },
    },
    async (request) => detection.update(requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/sarm/detection/delete-sperm/:id',
    {
      config: { permission: RUN },
      schema: {
        tags,
        summary: 'Delete one detection',
        params: IdParamsSchema,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) => detection.remove(requireAuth(request), request.params.id),
  );

  app.get(
    '/sarm/detection/get-detail-detection/:id',
    {
      config: { permission: [...READ, ...RUN] },
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
