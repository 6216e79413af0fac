import {
  ExtractFramesRequestSchema,
  ExtractFramesResponseSchema,
  FrameListQuerySchema,
  FrameListResponseSchema,
  FrameSchema,
  IdParamsSchema,
  OkResponseSchema,
  SelectFrameRequestSchema,
} from '@sarm/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../context.js';
import { badRequest, notFound } from '../http/errors.js';
import { requireAuth } from '../http/route-access.js';
import { VIDEO_MESSAGES } from '../services/videos.service.js';
import { DELETE_FRAMES, EXTRACT_FRAMES, SELECT_FRAMES, VIEW_FRAMES } from './clinical-access.js';

const tags = ['frames'];

/** Frame extraction and frames (spec 1 §7 Frames), with every listed path shape. */
export const frameRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  const { videos, extractFrames } = services.clinical;

  for (const url of [
    '/sarm/frame/extract-frame',
    '/sarm/frames/extract',
    '/technical/frames/extract',
  ]) {
    app.post(
      url,
      {
        config: { permission: EXTRACT_FRAMES },
        schema: {
          tags,
          summary: 'Queue frame extraction for a video',
          description: [
            '`config`: `method` `fps` (every 1/fps s) or `count` (spread evenly), `fps` (default 3), `count`, `quality` 1-100 (default 95), `maxFrames` (default 50).',
            'Answers 202 with the task id. The `frames.extract` task reports the stages initializing, queued, extracting, processing, storing, completed or failed with progress and message at `GET /tasks/{id}`. A new extraction replaces the frames of earlier ones. 409 while the video is processing.',
          ].join('\n\n'),
          body: ExtractFramesRequestSchema,
          response: { 202: ExtractFramesResponseSchema },
        },
      },
      async (request, reply) => {
        const videoId = request.body.videoId ?? request.body.video_id;
        if (videoId === undefined) throw badRequest('Video ID is required');
        const result = await extractFrames(requireAuth(request), videoId, request.body.config);
        return reply.status(202).send(result);
      },
    );
  }

  app.get(
    '/sarm/media/list-frames/:videoId',
    {
      config: { permission: VIEW_FRAMES, responseCache: true },
      schema: {
        tags,
        summary: 'Frames of a video in frame order, paged',
        params: z.object({ videoId: z.string().min(1) }),
        querystring: FrameListQuerySchema,
        response: { 200: FrameListResponseSchema },
      },
    },
    async (request) =>
      videos.listFrames(
        requireAuth(request),
        request.params.videoId,
        request.query.limit,
        request.query.offset,
      ),
  );

  app.get(
    '/sarm/frame/get-frame/:id',
    {
      config: { permission: VIEW_FRAMES, responseCache: true },
      schema: {
        tags,
        summary: 'One frame',
        params: IdParamsSchema,
        response: { 200: FrameSchema },
      },
    },
    async (request) => {
      const [frame] = await videos.withDetections([
        await videos.findFrame(requireAuth(request), request.params.id),
      ]);
      if (frame === undefined) throw notFound(VIDEO_MESSAGES.frameNotFound);
      return frame;
    },
  );

  app.post(
    '/technical/frames/:id/select',
    {
      config: { permission: SELECT_FRAMES },
      schema: {
        tags,
        summary: 'Select or unselect a frame',
        description:
          'Body `{selected?, note?}`: sets what it carries. A body with only a `note` saves the note and keeps the selection; a body with neither toggles the selection.',
        params: IdParamsSchema,
        body: SelectFrameRequestSchema,
        response: { 200: FrameSchema },
      },
    },
    async (request) => videos.selectFrame(requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/technical/frames/:id',
    {
      config: { permission: DELETE_FRAMES },
      schema: {
        tags,
        summary: 'Delete a frame and its image',
        params: IdParamsSchema,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) => videos.deleteFrame(requireAuth(request), request.params.id),
  );
  done();
};
