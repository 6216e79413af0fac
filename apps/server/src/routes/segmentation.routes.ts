import {
  AutoSuggestRequestSchema,
  AutoSuggestResponseSchema,
  GenerateMaskRequestSchema,
  IdParamsSchema,
  MaskResultSchema,
  SegmentationModelListSchema,
  SegmentationModelQuerySchema,
  type PermissionRequirement,
} from '@sarm/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../context.js';
import { requireAuth } from '../http/route-access.js';
import { sendStoredFile } from '../http/send-stored-file.js';
import { both, READ_LABELS } from './data-labels.routes.js';

const tags = ['segmentation'];
/** Masks are made on the segmentation tool (annotate_morphology) and mask extraction (annotate_detection). */
const MASKS: readonly PermissionRequirement[] = [
  'finetune.annotate_morphology',
  'finetune.annotate_detection',
];
const CROP_NOTE =
  "`crop_id` is a detection id: its crop is the detection's box grown by the dataset's crop margin (`crop_margin_um`, default 8 µm) and clamped to the frame; points are crop pixels (0-1 with the normalised flag). 404 for detections outside your projects. Both `/sarm/annotation` and `/annotations/sam2` prefixes answer.";

/** Spec 2 §7.2 segmentation: model list, point-prompted masks and suggested points. */
export const segmentationRoutes: FastifyPluginCallbackZod<{ context: ServerContext }> = (
  app,
  { context },
  done,
) => {
  const { segmentation } = context.services.technical;

  for (const url of both('/models'))
    app.get(
      url,
      {
        config: { permission: [...READ_LABELS, ...MASKS] },
        schema: {
          tags,
          summary: 'Segmentation models',
          description:
            'The built-in point segmenter (default) and the SAM ids, each with the model it runs as: `runtime` `onnx` and `installed` true when an administrator imported a SAM ONNX pair for the id (`POST /technical/segmentation-models/import`), else the built-in segmenter. Other `model_type`s have none here.',
          querystring: SegmentationModelQuerySchema,
          response: { 200: SegmentationModelListSchema },
        },
      },
      async (request) => ({
        models:
          request.query.model_type === undefined || request.query.model_type === 'segmentation'
            ? await segmentation.models()
            : [],
      }),
    );

  for (const url of [...both('/generate-mask'), ...both('/mask-from-points')])
    app.post(
      url,
      {
        config: { permission: MASKS },
        schema: {
          tags,
          summary: 'A mask of a crop from foreground and background points',
          description: `The mask is a PNG of the crop's size, white on the object, stored as the detection's mask (\`mask_url\`); the visualisation overlays it and the points on the crop. \`confidence\` 0-1 and \`quality\` (Good above 0.7); \`model_id\` is the model that produced the mask and \`runtime\` how it ran: a SAM id runs its imported ONNX pair when installed, else the built-in segmenter. 409 when the crop has a mask and \`overwrite_existing\` is false. ${CROP_NOTE}`,
          body: GenerateMaskRequestSchema,
          response: { 200: MaskResultSchema },
        },
      },
      async (request) => segmentation.generateMask(requireAuth(request), request.body),
    );

  for (const url of both('/auto-suggest-points'))
    app.post(
      url,
      {
        config: { permission: MASKS },
        schema: {
          tags,
          summary: 'Suggested prompt points for a crop',
          description: `Foreground: the head centre, then along the tail ridge; background: the crop's corners and debris. \`num_points\` (default 5). ${CROP_NOTE}`,
          body: AutoSuggestRequestSchema,
          response: { 200: AutoSuggestResponseSchema },
        },
      },
      async (request) => segmentation.autoSuggest(requireAuth(request), request.body),
    );

  app.get(
    '/sarm/media/view-mask-visualization/:id',
    {
      config: { permission: [...READ_LABELS, ...MASKS] },
      schema: {
        tags: ['media'],
        summary: "PNG of a prompted mask over its crop, with the prompt's points",
        params: IdParamsSchema,
      },
    },
    async (request, reply) =>
      sendStoredFile(
        context.storage,
        request,
        reply,
        await segmentation.visualizationFile(requireAuth(request), request.params.id),
        60,
      ),
  );

  done();
};
