import {
  type PermissionRequirement,
  DeployModelRequestSchema,
  IdParamsSchema,
  ModelSchema,
  OnnxModelImportFieldsSchema,
  ProjectDetectorSchema,
  ProjectIdParamsSchema,
  TrainingStatusQuerySchema,
  TrainingStatusSchema,
  TrainModelRequestSchema,
} from '@sarm/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Services } from '../context.js';
import { badRequest } from '../http/errors.js';
import { requireAuth } from '../http/route-access.js';
import { readAll } from '../storage/read-stored.js';

const tags = ['models'];
const TRAIN: PermissionRequirement = 'finetune.train_model';
const DEPLOY: PermissionRequirement = 'finetune.deploy_models';
const READ: readonly PermissionRequirement[] = [
  'finetune.train_model',
  'finetune.predict_models',
  'finetune.deploy_models',
];
/** SARM model zips are small (the detector's weights are kilobytes); ONNX exports can be larger. */
const MODEL_FILE_MAX_BYTES = 200 * 1024 ** 2;
/** Multipart fields of an import that are read (anything else is ignored). */
const IMPORT_FIELDS = ['name', 'type', 'classes'] as const;

/** Whether the bytes open like a zip (local file header "PK\x03\x04"). */
const looksLikeZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** Training, export and import, and deployment of models (spec 2 §7.4). */
export const trainingRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  const { training, modelFiles } = services;

  app.post(
    '/technical/models/:id/train',
    {
      config: { permission: TRAIN },
      schema: {
        tags,
        summary: 'Start training a model (a job on the worker)',
        description:
          'Missing hyperparameters take the model configuration. Learns from `data_label_id` (a label of the model type whose dataset is of the model type or combined) or from every label of the type in `dataset_id` (else the model dataset). 400 when there is nothing to learn from; 409 while it trains. A retried job resumes from the last finished epoch.',
        params: IdParamsSchema,
        body: TrainModelRequestSchema,
        response: { 202: TrainingStatusSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await training.train(requireAuth(request), request.params.id, request.body)),
  );

  app.get(
    '/technical/models/:id/training-status',
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: 'Progress, epoch, logs, curves and time left of the model training',
        description:
          '`logs` holds the newest `log_limit` lines of the run (default 200, at most 1000), oldest first.',
        params: IdParamsSchema,
        querystring: TrainingStatusQuerySchema,
        response: { 200: TrainingStatusSchema },
      },
    },
    async (request) => {
      const status = await training.status(requireAuth(request), request.params.id);
      return { ...status, logs: status.logs.slice(-request.query.log_limit) };
    },
  );

  app.post(
    '/technical/models/:id/stop',
    {
      config: { permission: TRAIN },
      schema: {
        tags,
        summary: 'Stop training at the next batch (the model becomes stopped)',
        description: '409 when the model is not training.',
        params: IdParamsSchema,
        response: { 200: TrainingStatusSchema },
      },
    },
    async (request) => training.stop(requireAuth(request), request.params.id),
  );

  app.post(
    '/technical/models/:id/retry-training',
    {
      config: { permission: TRAIN },
      schema: {
        tags,
        summary: 'Train a failed model again (a job on the worker)',
        description:
          'Uses the settings and data of the failed run and resumes from its last saved epoch (`retry_from_epoch` of the training status), else starts from the first. 409 unless the model failed.',
        params: IdParamsSchema,
        response: { 202: TrainingStatusSchema },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await training.retry(requireAuth(request), request.params.id)),
  );

  app.post(
    '/technical/models/:id/export',
    {
      config: { permission: READ },
      schema: {
        tags,
        summary:
          'Download the trained model as a SARM model zip (an imported ONNX model: its .onnx file)',
        description:
          'The zip holds metadata.json (type, classes, input, normalisation, training data label and metrics), architecture.json and weights.bin (float32). A model imported from ONNX answers the .onnx file as imported (application/octet-stream). 409 before training finished.',
        params: IdParamsSchema,
        produces: ['application/zip', 'application/octet-stream'],
      },
    },
    async (request, reply) => {
      const { fileName, contentType, bytes } = await modelFiles.exportZip(
        requireAuth(request),
        request.params.id,
      );
      return reply
        .header('content-type', contentType)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(Buffer.from(bytes));
    },
  );

  app.post(
    '/technical/models/import',
    {
      config: { permission: TRAIN },
      schema: {
        tags,
        summary: 'Import a SARM model zip or an ONNX model (multipart: file, optional name)',
        description:
          'An .onnx file also needs `type` (detection or morphology) and, for morphology, may name its `classes` in score order as a comma list (default normal,head_defect,midpiece_defect,tail_defect,multiple_defects). The ONNX model is opened and run on a blank input first: a detector must take one image [1,1|3,H,W] and answer YOLO-style boxes [1,N,5+] or a heat map [1,1,h,w]; a classifier must take crops [1|N,1|2,S,S] and answer one score per class. 400 naming what is wrong; nothing is kept then.',
        consumes: ['multipart/form-data'],
        response: { 201: ModelSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      let bytes: Uint8Array | undefined;
      let fileName: string | undefined;
      const fields: Partial<Record<(typeof IMPORT_FIELDS)[number], string>> = {};
      for await (const part of request.parts({
        limits: { files: 1, fileSize: MODEL_FILE_MAX_BYTES },
      })) {
        if (part.type === 'file') {
          bytes = await readAll(part.file);
          fileName = part.filename;
          if (part.file.truncated) throw badRequest('The model file is too large');
        } else {
          const field = IMPORT_FIELDS.find((known) => known === part.fieldname);
          // An empty field counts as not sent, as the form sends empty inputs.
          if (field !== undefined && typeof part.value === 'string' && part.value.trim() !== '')
            fields[field] = part.value;
        }
      }
      if (bytes === undefined) throw badRequest('Please attach the model .zip or .onnx file');
      const onnx =
        fileName?.toLowerCase().endsWith('.onnx') === true ||
        (fields.type !== undefined && !looksLikeZip(bytes));
      if (!onnx)
        return reply.status(201).send(await modelFiles.importZip(auth, bytes, fields.name));
      const parsed = OnnxModelImportFieldsSchema.safeParse(fields);
      if (!parsed.success)
        throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid ONNX import fields');
      return reply
        .status(201)
        .send(await modelFiles.importOnnx(auth, bytes, { ...parsed.data, fileName }));
    },
  );

  app.post(
    '/technical/models/:id/deploy',
    {
      config: { permission: DEPLOY },
      schema: {
        tags,
        summary:
          'Deploy a trained model in a project: a detection model as its detector, a morphology classifier as its morphology model',
        description:
          "One detector and one morphology model per project. The clinical analysis, pre-annotation and predictions use the detector; the morphology assessment's stained-smear images use the morphology model. Answers the project's deployment of the model's kind. 409 when the model is not trained.",
        params: IdParamsSchema,
        body: DeployModelRequestSchema,
        response: { 200: ProjectDetectorSchema },
      },
    },
    async (request) =>
      modelFiles.deploy(requireAuth(request), request.params.id, request.body.project_id),
  );

  app.get(
    '/technical/projects/:projectId/detector',
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: "The project's active detector (model null: the built-in classical detector)",
        params: ProjectIdParamsSchema,
        response: { 200: ProjectDetectorSchema },
      },
    },
    async (request) => modelFiles.detectorOf(requireAuth(request), request.params.projectId),
  );

  app.delete(
    '/technical/projects/:projectId/detector',
    {
      config: { permission: DEPLOY },
      schema: {
        tags,
        summary: 'Go back to the built-in classical detector in a project',
        params: ProjectIdParamsSchema,
        response: { 200: ProjectDetectorSchema },
      },
    },
    async (request) =>
      modelFiles.undeploy(requireAuth(request), request.params.projectId, 'detector'),
  );

  app.get(
    '/technical/projects/:projectId/morphology-model',
    {
      config: { permission: READ },
      schema: {
        tags,
        summary:
          "The project's deployed morphology classifier (model null: none, smear images get unclassified cells)",
        params: ProjectIdParamsSchema,
        response: { 200: ProjectDetectorSchema },
      },
    },
    async (request) => modelFiles.morphologyModelOf(requireAuth(request), request.params.projectId),
  );

  app.delete(
    '/technical/projects/:projectId/morphology-model',
    {
      config: { permission: DEPLOY },
      schema: {
        tags,
        summary: "Remove the project's morphology classifier (its detector stays)",
        params: ProjectIdParamsSchema,
        response: { 200: ProjectDetectorSchema },
      },
    },
    async (request) =>
      modelFiles.undeploy(requireAuth(request), request.params.projectId, 'morphology'),
  );
  done();
};
