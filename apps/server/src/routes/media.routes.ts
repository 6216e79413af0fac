import { IdParamsSchema, MediaLinkResponseSchema, URL_MAX, singleLineText } from '@sarm/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ServerContext } from '../context.js';
import { notFound } from '../http/errors.js';
import { requireAuth } from '../http/route-access.js';
import { visibleFileKey } from '../services/stored-files.js';
import { sendStoredFile } from '../http/send-stored-file.js';
import { BROWSE_DATA, VIEW_FRAMES } from './clinical-access.js';

const tags = ['media'];
const LINK_TTL_SECONDS = 3600;
const TOKEN_NOTE =
  'Authorised by the bearer header or by `?token=` (a media token from `/sarm/media/video-link/{id}`).';
const originalFlag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === '1');
const MediaQuerySchema = z.object({
  original: originalFlag,
  token: singleLineText('Token', URL_MAX, { trim: false }).optional(),
});

/**
 * Video streams with byte ranges, thumbnails, frame images and stored files by key (spec 1 §7 Media
 * fetches).
 */
export const mediaRoutes: FastifyPluginCallbackZod<{ context: ServerContext }> = (
  app,
  { context },
  done,
) => {
  const { storage } = context;
  const { videos } = context.services.clinical;

  const send = (request: FastifyRequest, reply: FastifyReply, key: string) =>
    sendStoredFile(storage, request, reply, key, LINK_TTL_SECONDS);

  async function videoKey(request: FastifyRequest, id: string, original: boolean) {
    const video = await videos.findVisible(requireAuth(request), id);
    return original ? video.originalKey : (video.playableKey ?? video.originalKey);
  }

  app.get(
    '/sarm/media/view-video/:id',
    {
      config: { permission: BROWSE_DATA, mediaToken: true },
      schema: {
        tags,
        summary: 'Stream a video (HTTP byte ranges)',
        description: `The browser-playable copy, or the uploaded file with \`original=true\`. Answers 206 with Content-Range for \`Range\` requests, 416 when unsatisfiable. ${TOKEN_NOTE}`,
        params: IdParamsSchema,
        querystring: MediaQuerySchema,
      },
    },
    async (request, reply) =>
      send(request, reply, await videoKey(request, request.params.id, request.query.original)),
  );

  app.get(
    '/sarm/media/video-link/:id',
    {
      config: { permission: BROWSE_DATA },
      schema: {
        tags,
        summary: 'A one-hour link to stream a video without a bearer header',
        description:
          'For `<video src>`: the answer carries a media token bound to the user and file.',
        params: IdParamsSchema,
        querystring: MediaQuerySchema,
        response: { 200: MediaLinkResponseSchema },
      },
    },
    async (request) => {
      const key = await videoKey(request, request.params.id, request.query.original);
      const token = storage.createMediaToken(key, requireAuth(request).user.id, LINK_TTL_SECONDS);
      const original = request.query.original ? '&original=true' : '';
      return {
        url: `/api/sarm/media/view-video/${request.params.id}?token=${encodeURIComponent(token)}${original}`,
        token,
        expires_in: LINK_TTL_SECONDS,
      };
    },
  );

  app.get(
    '/sarm/media/thumbnail/:id',
    {
      config: { permission: BROWSE_DATA, mediaToken: true },
      schema: {
        tags,
        summary: 'The JPEG thumbnail of a video',
        description: `404 until the video has been prepared. ${TOKEN_NOTE}`,
        params: IdParamsSchema,
        querystring: MediaQuerySchema,
      },
    },
    async (request, reply) => {
      const video = await videos.findVisible(requireAuth(request), request.params.id);
      if (video.thumbnailKey === null) throw notFound('Thumbnail not available');
      return send(request, reply, video.thumbnailKey);
    },
  );

  app.get(
    '/sarm/media/view-frame/:id',
    {
      config: { permission: VIEW_FRAMES, mediaToken: true },
      schema: {
        tags,
        summary: 'The JPEG image of an extracted frame',
        description: TOKEN_NOTE,
        params: IdParamsSchema,
        querystring: MediaQuerySchema,
      },
    },
    async (request, reply) => {
      const frame = await videos.findFrame(requireAuth(request), request.params.id);
      return send(request, reply, frame.storageKey);
    },
  );
  app.get(
    '/sarm/media/file/*',
    {
      config: { permission: BROWSE_DATA, mediaToken: true },
      schema: {
        tags,
        summary: 'A stored file by its storage key (links of the old system)',
        description: `The path after \`file/\` is a storage key: \`videos/{videoId}/...\` (the video's original, playable copy, thumbnail and frame images, e.g. \`videos/{videoId}/frames/{session}/frame_000001.jpg\`) when the video is visible, \`detections/{frameId}/...\` (crops, masks, visualisation) when the frame is. Any other key, \`..\` or an absolute path, a file the caller may not see and a missing file all answer 404 \`File not found\`. Content-Type from the extension; byte ranges as for \`view-video\` (206/416). ${TOKEN_NOTE}`,
        params: z.object({ '*': singleLineText('File key', URL_MAX, { trim: false }) }),
        querystring: MediaQuerySchema,
      },
    },
    async (request, reply) => {
      const key = await visibleFileKey(videos, requireAuth(request), request.params['*']);
      return send(request, reply, key);
    },
  );
  done();
};
