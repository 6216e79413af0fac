import {
  DatasetVideosQuerySchema,
  DiscardVideoRequestSchema,
  IdParamsSchema,
  OkResponseSchema,
  RetryVideoResponseSchema,
  UploadVideoResponseSchema,
  VideoListQuerySchema,
  VideoListResponseSchema,
  VideoSchema,
} from '@sarm/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../context.js';
import { requireAuth } from '../http/route-access.js';
import { BROWSE_DATA, DELETE_VIDEOS, UPLOAD_VIDEOS } from './clinical-access.js';

const tags = ['videos'];
const scopeNote =
  'Only videos in projects the caller is a member of (every project with `system.manage_projects`); others answer 404.';

/** Video upload, listing and deletion (spec 1 §7 Videos), with every listed path shape. */
export const videoRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  const { videos, uploads, datasets } = services.clinical;

  for (const url of ['/sarm/video/upload-video', '/video/upload-video']) {
    app.post(
      url,
      {
        config: { permission: UPLOAD_VIDEOS },
        schema: {
          tags,
          summary: 'Upload a video (multipart)',
          description: [
            'Fields: `file`, `name` (default: file name without extension), `dataset_id` or `datasetId`, `description`, `patientId`, `captureDate` (default today), `tags` (comma-separated or JSON array), `source`.',
            'The file is streamed to storage, checked against the `allowedVideoFormats` system setting (415) and `maxUploadSize` (413), and probed: a file that is not a readable video answers 415 and nothing is kept.',
            'A valid video is stored with `processingStatus` `processing`; the `video.prepare` task (`task_id`) makes a thumbnail and, when browsers cannot play the original, an H.264 copy, then sets `completed` or `failed`.',
          ].join('\n\n'),
          consumes: ['multipart/form-data'],
          response: { 201: UploadVideoResponseSchema },
        },
      },
      async (request, reply) => {
        const fileSize = await services.settings.maxUploadBytes();
        const result = await uploads.upload(
          requireAuth(request),
          request.parts({ limits: { fileSize, files: 1 } }),
        );
        return reply.status(201).send(result);
      },
    );
  }

  app.get(
    '/business/videos/dataset/:datasetId',
    {
      config: { permission: BROWSE_DATA, responseCache: true },
      schema: {
        tags,
        summary: 'Videos of a dataset, newest first',
        description: `${scopeNote} \`limit\` (default and at most 1000) and \`offset\` page them; \`total\` counts them all.`,
        params: z.object({ datasetId: z.string().min(1) }),
        querystring: DatasetVideosQuerySchema,
        response: { 200: VideoListResponseSchema },
      },
    },
    async (request) => {
      const dataset = await datasets.findVisible(requireAuth(request), request.params.datasetId);
      return videos.pageByDataset(dataset.dataset.id, request.query);
    },
  );

  const listSchema = {
    tags,
    summary: 'Videos of every visible project, filtered, sorted and paged',
    description: `${scopeNote} Filters \`patient_id\`, \`dataset_id\`, \`status\`; \`page\` from 1, \`limit\`, \`sort_by\` (created_at, name, size, duration), \`sort_order\`.`,
    querystring: VideoListQuerySchema,
    response: { 200: VideoListResponseSchema },
  };
  for (const url of ['/sarm/videos/all', '/video/list-video']) {
    app.get(
      url,
      { config: { permission: BROWSE_DATA, responseCache: true }, schema: listSchema },
      async (request) => videos.list(requireAuth(request), request.query),
    );
  }

  const getSchema = {
    tags,
    summary: 'One video, optionally with its frames',
    description: scopeNote,
    params: IdParamsSchema,
    querystring: z.object({
      include_frames: z
        .enum(['true', 'false', '1', '0'])
        .optional()
        .transform((value) => value === 'true' || value === '1'),
    }),
    response: { 200: VideoSchema },
  };
  for (const url of ['/business/videos/:id', '/sarm/video/get-video/:id']) {
    app.get(
      url,
      { config: { permission: BROWSE_DATA, responseCache: true }, schema: getSchema },
      async (request) =>
        videos.get(requireAuth(request), request.params.id, request.query.include_frames),
    );
  }

  for (const url of ['/business/videos/:id/retry', '/sarm/video/retry-video/:id']) {
    app.post(
      url,
      {
        config: { permission: UPLOAD_VIDEOS },
        schema: {
          tags,
          summary: 'Prepare a failed video again',
          description: `Queues \`video.prepare\` again for a video whose processing failed (its \`error\` says why) and answers 202 with the task id; 409 unless the video failed. ${scopeNote}`,
          params: IdParamsSchema,
          response: { 202: RetryVideoResponseSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(202)
          .send(await uploads.retryPreparation(requireAuth(request), request.params.id)),
    );
  }

  app.post(
    '/sarm/video/:id/discard',
    {
      config: { permission: UPLOAD_VIDEOS },
      schema: {
        tags,
        summary: 'Discard a video (a field with bad focus, a bubble)',
        description: `The video stays stored and listed with \`discarded\` set (when, by whom, \`reason\`), but the sample's calculations and report leave it out. Audited. ${scopeNote}`,
        params: IdParamsSchema,
        body: DiscardVideoRequestSchema,
        response: { 200: VideoSchema },
      },
    },
    async (request) =>
      videos.setDiscarded(requireAuth(request), request.params.id, {
        discard: true,
        ...(request.body?.reason === undefined ? {} : { reason: request.body.reason }),
      }),
  );

  app.post(
    '/sarm/video/:id/restore',
    {
      config: { permission: UPLOAD_VIDEOS },
      schema: {
        tags,
        summary: 'Take a discarded video back into the sample',
        description: `Undoes a discard; audited. ${scopeNote}`,
        params: IdParamsSchema,
        response: { 200: VideoSchema },
      },
    },
    async (request) =>
      videos.setDiscarded(requireAuth(request), request.params.id, { discard: false }),
  );

  for (const url of ['/business/videos/:id', '/sarm/video/delete-video/:id']) {
    app.delete(
      url,
      {
        config: { permission: DELETE_VIDEOS },
        schema: {
          tags,
          summary: 'Delete a video with its frames and every stored file',
          description: scopeNote,
          params: IdParamsSchema,
          response: { 200: OkResponseSchema },
        },
      },
      async (request) => videos.remove(requireAuth(request), request.params.id),
    );
  }
  done();
};
