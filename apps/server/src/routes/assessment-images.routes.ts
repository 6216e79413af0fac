import {
  AssessmentImageSchema,
  AssessmentImagesResponseSchema,
  CellConfirmationsRequestSchema,
  CellConfirmationsResponseSchema,
  type PermissionRequirement,
} from '@sarm/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../context.js';
import { badRequest, HttpError } from '../http/errors.js';
import { requireAuth } from '../http/route-access.js';
import {
  ASSESSMENT_IMAGE_MAX_BYTES,
  ASSESSMENT_IMAGE_MESSAGES,
} from '../services/assessment-images.service.js';
import { VIEW_REPORTS } from './clinical-access.js';

const tags = ['assessments'];
const datasetParams = z.object({ datasetId: z.string().min(1) });
const imageParams = datasetParams.extend({ imageId: z.string().min(1) });
const RECORD: PermissionRequirement = 'sarm.record_assessments';
const TOO_LARGE = `The image is larger than ${ASSESSMENT_IMAGE_MAX_BYTES / (1024 * 1024)} MB`;

/** Stained-smear images of a sample's morphology assessment, their proposals and confirmations. */
export const assessmentImagesRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  const images = services.clinical.assessmentImages;

  app.post(
    '/sarm/assessments/:datasetId/images',
    {
      config: { permission: RECORD },
      schema: {
        tags,
        summary: 'Upload a stained-smear image of the sample (multipart)',
        description:
          'Field `file`: one PNG, JPEG or TIFF image of at most 20 MB (TIFF is kept as PNG). Anything else answers 415 and nothing is kept; a larger file 413. The heads are found on the image; when the project has a morphology model deployed, each is classified and its class proposed, else the cells are proposed without a class.',
        consumes: ['multipart/form-data'],
        params: datasetParams,
        response: { 201: AssessmentImageSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      let file: { fileName: string; bytes: Uint8Array } | undefined;
      for await (const part of request.parts({
        limits: { fileSize: ASSESSMENT_IMAGE_MAX_BYTES, files: 1 },
      })) {
        if (part.type !== 'file') continue;
        const data = await part.toBuffer().catch((error: unknown) => {
          throw error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE'
            ? new HttpError(413, TOO_LARGE)
            : error;
        });
        if (part.file.truncated) throw new HttpError(413, TOO_LARGE);
        if (file === undefined && part.fieldname === 'file')
          file = { fileName: part.filename || 'image', bytes: new Uint8Array(data) };
      }
      if (file === undefined) throw badRequest(ASSESSMENT_IMAGE_MESSAGES.noFile);
      const image = await images.upload(auth, request.params.datasetId, file);
      return reply.status(201).send(image);
    },
  );

  app.get(
    '/sarm/assessments/:datasetId/images',
    {
      config: { permission: VIEW_REPORTS },
      schema: {
        tags,
        summary: "The sample's smear images with their proposed cells, oldest first",
        params: datasetParams,
        response: { 200: AssessmentImagesResponseSchema },
      },
    },
    async (request) => images.list(requireAuth(request), request.params.datasetId),
  );

  app.get(
    '/sarm/assessments/:datasetId/images/:imageId/file',
    {
      config: { permission: VIEW_REPORTS },
      schema: {
        tags,
        summary: 'The bytes of a smear image (PNG or JPEG)',
        params: imageParams,
      },
    },
    async (request, reply) => {
      const { stream, contentType } = await images.file(
        requireAuth(request),
        request.params.datasetId,
        request.params.imageId,
      );
      void reply.header('Content-Type', contentType);
      void reply.header('Cache-Control', 'private, max-age=3600');
      return reply.send(stream);
    },
  );

  app.post(
    '/sarm/assessments/:datasetId/images/:imageId/confirmations',
    {
      config: { permission: RECORD },
      schema: {
        tags,
        summary: "The technician's classes of the image's cells, confirmed or corrected",
        description:
          'Each cell names its proposal (index into the image\'s `proposals`) and the defects the technician gave it. A cell with the proposal\'s defects counts confirmed, another corrected; an unknown or repeated index answers 400. Corrected cells of a model\'s proposals become items of the morphology data label "Bench corrections" of the project\'s technical dataset "Bench smear images" (made on the first correction; the image is a one-frame video of it), pending review; `dataLabelId` names that label, null when nothing was corrected. Without a model nothing was proposed: both counts are 0.',
        params: imageParams,
        body: CellConfirmationsRequestSchema,
        response: { 200: CellConfirmationsResponseSchema },
      },
    },
    async (request) =>
      images.confirm(
        requireAuth(request),
        request.params.datasetId,
        request.params.imageId,
        request.body,
      ),
  );

  done();
};
