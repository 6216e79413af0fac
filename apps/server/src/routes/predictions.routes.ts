import {
  CreatePredictionRequestSchema,
  IdParamsSchema,
  OkResponseSchema,
  PreAnnotateResponseSchema,
  PredictionExportQuerySchema,
  PredictionListQuerySchema,
  PredictionListResponseSchema,
  PredictionSchema,
} from '@sarm/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerContext } from '../context.js';
import { sendStoredFile } from '../http/send-stored-file.js';
import { requireAuth } from '../http/route-access.js';

const tags = ['predictions'];
const PREDICT = 'finetune.predict_models' as const;

/** Model predictions over whole videos (spec 2 §7.4). */
export const predictionRoutes: FastifyPluginCallbackZod<{ context: ServerContext }> = (
  app,
  { context },
  done,
) => {
  const { predictions } = context.services;

  app.post(
    '/technical/predictions',
    {
      config: { permission: PREDICT },
      schema: {
        tags,
        summary: 'Run a trained model over a whole video (a job with progress)',
        description:
          'Body: model_id, video_id and a name (or options.name). A detection model stores every frame’s detections, tracks, concentration and WHO motility classes. 409 when the model is not trained.',
        body: CreatePredictionRequestSchema,
        response: { 202: PredictionSchema },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await predictions.create(requireAuth(request), request.body)),
  );

  app.get(
    '/technical/predictions',
    {
      config: { permission: PREDICT },
      schema: {
        tags,
        summary: 'Saved predictions, newest first',
        querystring: PredictionListQuerySchema,
        response: { 200: PredictionListResponseSchema },
      },
    },
    async (request) => predictions.list(requireAuth(request), request.query),
  );

  app.get(
    '/technical/predictions/:id',
    {
      config: { permission: PREDICT },
      schema: {
        tags,
        summary: 'A prediction: status, progress, metrics and sample frames',
        params: IdParamsSchema,
        response: { 200: PredictionSchema },
      },
    },
    async (request) => predictions.get(requireAuth(request), request.params.id),
  );

  app.delete(
    '/technical/predictions/:id',
    {
      config: { permission: PREDICT },
      schema: {
        tags,
        summary: 'Delete a prediction and its files',
        params: IdParamsSchema,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) => predictions.remove(requireAuth(request), request.params.id),
  );

  app.get(
    '/technical/predictions/:id/frames/:frame',
    {
      config: { permission: PREDICT },
      schema: {
        tags: ['media'],
        summary: 'JPEG of a sample frame with the prediction’s boxes drawn',
        params: IdParamsSchema.extend({ frame: z.coerce.number().int().min(0) }),
      },
    },
    async (request, reply) =>
      sendStoredFile(
        context.storage,
        request,
        reply,
        await predictions.frameFile(requireAuth(request), request.params.id, request.params.frame),
        3600,
      ),
  );

  app.get(
    '/technical/predictions/:id/export',
    {
      config: { permission: PREDICT },
      schema: {
        tags,
        summary: 'Every frame’s detections as MOT text or COCO JSON',
        params: IdParamsSchema,
        querystring: PredictionExportQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await predictions.exportDetections(
        requireAuth(request),
        request.params.id,
        request.query.format,
      );
      return reply
        .header('content-type', file.type)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );

  app.post(
    '/technical/predictions/:id/pre-annotate',
    {
      config: { permission: 'finetune.annotate_detection' },
      schema: {
        tags,
        summary: 'Turn a detection prediction into editable detections of the video’s frames',
        description:
          'Each extracted frame gets the prediction’s boxes of its video frame as detections with source model; boxes a person verified stay, other boxes of the frame are replaced.',
        params: IdParamsSchema,
        response: { 200: PreAnnotateResponseSchema },
      },
    },
    async (request) => predictions.preAnnotate(requireAuth(request), request.params.id),
  );
  done();
};
