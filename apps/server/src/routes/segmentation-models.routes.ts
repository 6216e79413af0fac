import {
  SAM_MODEL_IDS,
  SamModelInstallResponseSchema,
  SamModelParamsSchema,
  type SamModelId,
} from '@sarm/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../context.js';
import { badRequest } from '../http/errors.js';
import { requestOrigin, requireAuth } from '../http/route-access.js';
import { samModelEntry } from '../services/segmentation.service.js';
import type { StagedModelFile } from '../services/segmentation/sam-models.js';

const tags = ['segmentation'];
/** Installing models changes what every annotator runs: the administrator's settings permission. */
const config = { permission: 'system.manage_settings' } as const;
/** SAM encoders run to hundreds of megabytes (SAM 2 large near 1 GB). */
const SAM_MODEL_MAX_BYTES = 4 * 1024 ** 3;
const NAME_MAX = 200;

/** Administrators import and uninstall SAM-family ONNX pairs for the spec's SAM ids. */
export const segmentationModelRoutes: FastifyPluginCallbackZod<{ context: ServerContext }> = (
  app,
  { context },
  done,
) => {
  const { segmentation } = context.services.technical;
  const { audit } = context.services;
  const { samModels } = segmentation;

  app.post(
    '/technical/segmentation-models/import',
    {
      config,
      schema: {
        tags,
        summary: 'Import a SAM ONNX encoder/decoder pair for a SAM id (multipart)',
        description: `Multipart: \`model_id\` (${SAM_MODEL_IDS.join(', ')}), optional \`name\`, files \`encoder\` and \`decoder\` (.onnx). The encoder must take \`image\` float32 [1,3,S,S] and answer \`image_embeddings\`; the decoder must take \`image_embeddings\`, \`point_coords\`, \`point_labels\`, \`mask_input\`, \`has_mask_input\`, \`orig_im_size\` and answer \`masks\` and \`iou_predictions\` (segment-anything's ONNX export). Both files are opened with onnxruntime before anything is kept: 400 naming the missing input or output, 400 'Not an ONNX model' when a file cannot be loaded. A pair already installed for the id is replaced; from then on generate-mask, mask-from-points and auto-suggest with that id run it.`,
        consumes: ['multipart/form-data'],
        response: { 200: SamModelInstallResponseSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const files: Partial<Record<'encoder' | 'decoder', StagedModelFile>> = {};
      let modelId: SamModelId | undefined;
      let name: string | undefined;
      try {
        for await (const part of request.parts({
          limits: { files: 2, fileSize: SAM_MODEL_MAX_BYTES },
        })) {
          if (part.type === 'file') {
            const kind = part.fieldname;
            if (kind !== 'encoder' && kind !== 'decoder') {
              part.file.resume();
              throw badRequest(`Unexpected file field '${kind}': send 'encoder' and 'decoder'`);
            }
            await samModels.discard(files[kind]);
            files[kind] = await samModels.stage(part.file);
            if (part.file.truncated) throw badRequest(`The ${kind} file is too large`);
          } else if (part.fieldname === 'model_id') {
            modelId = SAM_MODEL_IDS.find((id) => id === part.value);
            if (modelId === undefined)
              throw badRequest(`model_id must be one of ${SAM_MODEL_IDS.join(', ')}`);
          } else if (part.fieldname === 'name' && typeof part.value === 'string') {
            if (part.value.length > NAME_MAX)
              throw badRequest(`name must be at most ${NAME_MAX} characters`);
            name = part.value;
          }
        }
        if (modelId === undefined)
          throw badRequest(`model_id must be one of ${SAM_MODEL_IDS.join(', ')}`);
        if (files.encoder === undefined) throw badRequest('Please attach the encoder .onnx file');
        if (files.decoder === undefined) throw badRequest('Please attach the decoder .onnx file');
      } catch (error) {
        await samModels.discard(files.encoder, files.decoder);
        throw error;
      }
      const manifest = await samModels.install(
        modelId,
        { encoder: files.encoder, decoder: files.decoder },
        { userId: auth.user.id, name },
      );
      await audit.record({
        type: 'system',
        severity: 'info',
        message: `SAM model imported for ${modelId} (${manifest.name})`,
        actor: { id: auth.user.id, displayName: auth.user.displayName, email: auth.user.email },
        resource: { id: modelId, type: 'segmentation_model' },
        origin: requestOrigin(request),
      });
      return {
        success: true as const,
        model: samModelEntry(modelId, manifest),
        manifest,
      };
    },
  );

  app.delete(
    '/technical/segmentation-models/:modelId',
    {
      config,
      schema: {
        tags,
        summary: "Uninstall a SAM id's imported ONNX pair",
        description:
          'The id runs the built-in segmenter again. 404 when no pair is installed for it.',
        params: SamModelParamsSchema,
        response: { 200: SamModelInstallResponseSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { modelId } = request.params;
      await samModels.uninstall(modelId);
      await audit.record({
        type: 'system',
        severity: 'info',
        message: `SAM model uninstalled for ${modelId}`,
        actor: { id: auth.user.id, displayName: auth.user.displayName, email: auth.user.email },
        resource: { id: modelId, type: 'segmentation_model' },
        origin: requestOrigin(request),
      });
      return { success: true as const, model: samModelEntry(modelId, null), manifest: null };
    },
  );

  done();
};
