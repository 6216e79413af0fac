import {
  type PermissionRequirement,
  CreateModelRequestSchema,
  IdParamsSchema,
  ModelListQuerySchema,
  ModelListResponseSchema,
  ModelSchema,
  OkResponseSchema,
  TechnicalDashboardSchema,
  UpdateModelRequestSchema,
} from '@sarm/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Services } from '../context.js';
import { requireAuth } from '../http/route-access.js';

const tags = ['models'];
/** Reading the registry: any model permission (train_models, predict_models or deploy_models). */
const READ_MODELS: readonly PermissionRequirement[] = [
  'finetune.train_model',
  'finetune.predict_models',
  'finetune.deploy_models',
];
const TRAIN_MODELS: PermissionRequirement = 'finetune.train_model';
const scopeNote =
  "Models are global, except that a model with a dataset is visible only to those who can see the dataset's project; others get 404.";

/** The model registry of spec 2 §7.4 (without training) and the technical dashboard. */
export const modelRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  const { models, technicalDashboard } = services;

  app.get(
    '/sarm/training/list-model',
    {
      config: { permission: READ_MODELS },
      schema: {
        tags,
        summary: 'List models, newest first',
        description: scopeNote,
        querystring: ModelListQuerySchema,
        response: { 200: ModelListResponseSchema },
      },
    },
    async (request) => {
      const { status, ...query } = request.query;
      return models.list(requireAuth(request), {
        ...query,
        statuses: status === undefined ? undefined : [status],
      });
    },
  );

  app.get(
    '/technical/models/:id',
    {
      config: { permission: READ_MODELS },
      schema: {
        tags,
        summary: 'One model with configuration, status and metrics',
        description: scopeNote,
        params: IdParamsSchema,
        response: { 200: ModelSchema },
      },
    },
    async (request) => models.get(requireAuth(request), request.params.id),
  );

  app.post(
    '/technical/models',
    {
      config: { permission: TRAIN_MODELS },
      schema: {
        tags,
        summary: 'Create a model (status created)',
        description:
          'Missing configuration values take the defaults (100 epochs, batch size 16, learning rate 0.001, validation split 0.2). The dataset must be visible and of the model type or combined.',
        body: CreateModelRequestSchema,
        response: { 201: ModelSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await models.create(requireAuth(request), request.body)),
  );

  app.put(
    '/technical/models/:id',
    {
      config: { permission: TRAIN_MODELS },
      schema: {
        tags,
        summary: 'Rename a model, edit its notes or configuration',
        description: `${scopeNote} 409 while the model is training.`,
        params: IdParamsSchema,
        body: UpdateModelRequestSchema,
        response: { 200: ModelSchema },
      },
    },
    async (request) => models.update(requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/technical/models/:id',
    {
      config: { permission: TRAIN_MODELS },
      schema: {
        tags,
        summary: 'Delete a model and its files',
        description: `${scopeNote} 409 while the model is training.`,
        params: IdParamsSchema,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) => services.modelFiles.remove(requireAuth(request), request.params.id),
  );

  app.get(
    '/technical/dashboard',
    {
      config: { permission: 'finetune.*' },
      schema: {
        tags: ['dashboards'],
        summary: 'Models and open issues of the technical dashboard',
        description:
          "Model count, trained models, trained and stopped models with metrics, and failed tasks nobody dismissed (the caller's own; every user's for `system.*` holders).",
        response: { 200: TechnicalDashboardSchema },
      },
    },
    async (request) => technicalDashboard.dashboard(requireAuth(request)),
  );
  done();
};
