import {
  ANNOTATION_FORMATS,
  AnnotationExportRequestSchema,
  AnnotationImportResponseSchema,
  DataLabelExportRequestSchema,
  IdParamsSchema,
  type AnnotationFormat,
  type PermissionRequirement,
} from '@sarm/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../context.js';
import { badRequest } from '../http/errors.js';
import { requireAuth } from '../http/route-access.js';

const tags = ['annotation-exchange'];
/** Reading annotations to export them: annotators, reviewers and the clinic's detail viewers. */
const EXPORT: readonly PermissionRequirement[] = [
  'finetune.annotate_detection',
  'finetune.review_annotations',
  'sarm.view_detailed_detection',
];
const FORMATS_NOTE =
  '`format`: `coco` (default; `annotations.json`, bbox [x, y, w, h] in pixels, `track_id` per annotation), `yolo` (Ultralytics layout: `data.yaml`, `labels/frame_NNNNNN.txt` with `class cx cy w h` normalised, and `labels_ftid/` with the track id first as in VISEM-Tracking) or `mot` (MOTChallenge `gt/gt.txt`: `frame,id,left,top,width,height,conf,-1,-1,-1`, frames from 1, and `seqinfo.ini`). Frame images are included under `images/` (`img1/` for MOT) when `include_original_images` is true.';
/** Data labels export to the same readers, and morphology labels to their annotators too. */
const EXPORT_LABEL: readonly PermissionRequirement[] = [...EXPORT, 'finetune.annotate_morphology'];
const MORPHOLOGY_NOTE =
  'Morphology labels export as `coco` (`annotations.json`: one annotation per mask with its polygons in `segmentation`, its uncompressed RLE in frame size in `rle`, the tight `bbox`, the pixel `area`, category ids 1-6 for normal, head_defect, midpiece_defect, tail_defect, multiple_defects, unknown, and `attributes` morphology_class, quality, points) or `masks` (`masks/<detection_id>.png`, the crop-sized mask, 255 on the cell, and `labels.csv`: detection_id, frame_number, video, class, quality, crop_x, crop_y, crop_width, crop_height, mask_file); items without a mask are left out; `yolo` and `mot` answer 400 for them, as `masks` does for detection labels.';
/** Annotation files are text; 100 MB holds hundreds of thousands of boxes and some images. */
const IMPORT_MAX_BYTES = 100 * 1024 * 1024;

const sendZip = (reply: FastifyReply, zip: { data: Uint8Array; fileName: string }) =>
  reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="${zip.fileName}"`)
    .send(Buffer.from(zip.data));

/** Export (COCO, YOLO, MOT zips) and import of detection annotations (issue 9). */
export const annotationTransferRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  const transfer = services.technical.annotationTransfer;

  app.post(
    '/sarm/detection/export-video/:id',
    {
      config: { permission: EXPORT },
      schema: {
        tags,
        summary: "Export a video's boxes as a zip",
        description: `Every extracted frame of the video with its boxes. ${FORMATS_NOTE}`,
        params: IdParamsSchema,
        body: AnnotationExportRequestSchema,
      },
    },
    async (request, reply) =>
      sendZip(
        reply,
        await transfer.exportVideo(
          requireAuth(request),
          request.params.id,
          request.body.format,
          request.body.include_original_images,
        ),
      ),
  );

  app.post(
    '/sarm/detection/export-frame/:id',
    {
      config: { permission: EXPORT },
      schema: {
        tags,
        summary: "Export one frame's boxes as a zip",
        description: FORMATS_NOTE,
        params: IdParamsSchema,
        body: AnnotationExportRequestSchema,
      },
    },
    async (request, reply) =>
      sendZip(
        reply,
        await transfer.exportFrame(
          requireAuth(request),
          request.params.id,
          request.body.format,
          request.body.include_original_images,
        ),
      ),
  );

  for (const prefix of ['/sarm/annotation', '/annotations/sam2'])
    app.post(
      `${prefix}/datasets/:datasetId/data-labels/:labelId/export`,
      {
        config: { permission: EXPORT_LABEL },
        schema: {
          tags,
          summary: "Export a data label's boxes or masks as a zip",
          description: `Only the label's detections; items marked bad are left out unless \`exclude_bad_quality\` is false. Items of several videos go in one folder per video. ${FORMATS_NOTE} ${MORPHOLOGY_NOTE}`,
          params: z.object({ datasetId: z.string().min(1), labelId: z.string().min(1) }),
          body: DataLabelExportRequestSchema,
        },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        const { datasetId, labelId } = request.params;
        await services.technical.dataLabels.requireInDataset(auth, labelId, datasetId);
        return sendZip(
          reply,
          await transfer.exportLabel(auth, labelId, {
            format: request.body.format,
            includeImages: request.body.include_original_images,
            excludeBad: request.body.exclude_bad_quality,
          }),
        );
      },
    );

  app.post(
    '/sarm/detection/import-video/:id',
    {
      config: { permission: 'finetune.annotate_detection' },
      schema: {
        tags,
        summary: 'Import boxes into a video (multipart)',
        description: `Multipart: \`file\` (a zip, or a single .json / .txt), \`format\` (${ANNOTATION_FORMATS.join(', ')}), optional \`data_label_id\` (a detection label of the same project). The whole file is checked first: a wrong format, a box outside the frame or a frame past the video's end answers 400 naming the file and line, and nothing is stored. Then the frames it needs are extracted when missing, and the boxes of each annotated frame are replaced by the file's (source \`import\`, verified, track ids kept).`,
        consumes: ['multipart/form-data'],
        params: IdParamsSchema,
        response: { 200: AnnotationImportResponseSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      let format: AnnotationFormat | undefined;
      let dataLabelId: string | undefined;
      let file: { name: string; data: Uint8Array } | undefined;
      for await (const part of request.parts({ limits: { fileSize: IMPORT_MAX_BYTES } })) {
        if (part.type === 'file') {
          const data = await part.toBuffer();
          if (part.file.truncated) throw badRequest('The annotation file is too large');
          file = { name: part.filename, data: new Uint8Array(data) };
        } else if (part.fieldname === 'format') {
          const parsed = z.enum(ANNOTATION_FORMATS).safeParse(part.value);
          if (!parsed.success)
            throw badRequest(`format must be one of ${ANNOTATION_FORMATS.join(', ')}`);
          format = parsed.data;
        } else if (
          part.fieldname === 'data_label_id' &&
          typeof part.value === 'string' &&
          part.value !== ''
        )
          dataLabelId = part.value;
      }
      if (file === undefined) throw badRequest('Please select a file to import');
      if (format === undefined)
        throw badRequest(`format must be one of ${ANNOTATION_FORMATS.join(', ')}`);
      return transfer.importIntoVideo(auth, request.params.id, {
        fileName: file.name,
        data: file.data,
        format,
        dataLabelId,
      });
    },
  );
  done();
};
