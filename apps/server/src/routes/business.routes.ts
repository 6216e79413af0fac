import {
  AnalysisListQuerySchema,
  AnalysisListResponseSchema,
  BusinessDashboardQuerySchema,
  BusinessDashboardSchema,
  IdParamsSchema,
  OkResponseSchema,
  PatientDetailSchema,
  PatientInputSchema,
  PatientListQuerySchema,
  PatientListResponseSchema,
  PatientSchema,
  type PermissionRequirement,
} from '@sarm/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Services } from '../context.js';
import { requireAuth } from '../http/route-access.js';
import { VIEW_ANALYSIS_RESULTS } from '../services/business.service.js';

const tags = ['business'];
const MANAGE: readonly PermissionRequirement[] = ['sarm.manage_patients'];
const READ: readonly PermissionRequirement[] = ['sarm.manage_patients', 'sarm.upload_video'];
const SCOPE =
  'Patients of no project are seen by every holder of the permission; the others by the members of their project (every project for project managers).';

/** Patients, analysis results and the business dashboard (spec 1 §2.4 and §3). */
export const businessRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  const { patients, business } = services.clinical;

  app.get(
    '/business/patients',
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: 'Patients, newest first',
        description: `${SCOPE} \`search\` matches the name. \`limit\` (default and at most 1000) and \`offset\` page them; \`total\` counts them all.`,
        querystring: PatientListQuerySchema,
        response: { 200: PatientListResponseSchema },
      },
    },
    async (request) => patients.list(requireAuth(request), request.query),
  );

  app.post(
    '/business/patients',
    {
      config: { permission: MANAGE },
      schema: {
        tags,
        summary: 'Create a patient',
        description: 'An unknown or invisible `projectId`: 404 `Project not found`.',
        body: PatientInputSchema,
        response: { 201: PatientSchema },
      },
    },
    async (request, reply) => {
      const created = await patients.create(requireAuth(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/business/patients/:id',
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: 'A patient with their videos and analyses',
        description: '404 `Patient not found`.',
        params: IdParamsSchema,
        response: { 200: PatientDetailSchema },
      },
    },
    async (request) => patients.get(requireAuth(request), request.params.id),
  );

  app.put(
    '/business/patients/:id',
    {
      config: { permission: MANAGE },
      schema: {
        tags,
        summary: 'Update a patient',
        description: 'Omitted optional fields keep their value.',
        params: IdParamsSchema,
        body: PatientInputSchema,
        response: { 200: PatientSchema },
      },
    },
    async (request) => patients.update(requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/business/patients/:id',
    {
      config: { permission: MANAGE },
      schema: {
        tags,
        summary: 'Delete a patient',
        description: "The patient's videos are kept, unlinked.",
        params: IdParamsSchema,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) => patients.remove(requireAuth(request), request.params.id),
  );

  app.get(
    '/business/analyses',
    {
      config: { permission: VIEW_ANALYSIS_RESULTS },
      schema: {
        tags,
        summary: 'One row per visible video: its analysis, its request, or that it waits for one',
        description: [
          'Exactly one row per visible video (`video_id` is the stable row key, from submission to result), titled by `patient_name`, `dataset_name` (the sample) and `video_name`.',
          "The row is the video's newest analysis request while that is `pending`, `in-progress` or `failed` (a failure until a newer analysis is saved; `id` is the request id); else its newest saved analysis, `completed` (`id` is the analysis id); else the video itself (`id` is the video id), `in-progress` while processing, `failed` when processing failed, otherwise `pending`.",
          'The analysis covers the whole video: motility needs tracks, which single frames cannot give.',
          '`limit` (default and at most 1000) and `offset` page the rows; `total` counts them all.',
        ].join('\n\n'),
        querystring: AnalysisListQuerySchema,
        response: { 200: AnalysisListResponseSchema },
      },
    },
    async (request) => business.analyses(requireAuth(request), request.query),
  );

  app.get(
    '/business/dashboard',
    {
      config: { permission: ['sarm.*'] },
      schema: {
        tags,
        summary: 'Counts and recent items of the business dashboard',
        description:
          '`pending`: visible videos in progress or waiting for an analysis. Recent patients need manage_patients or upload_video, recent analyses a view permission; otherwise empty. `patient_id` narrows everything to that patient.',
        querystring: BusinessDashboardQuerySchema,
        response: { 200: BusinessDashboardSchema },
      },
    },
    async (request) => business.dashboard(requireAuth(request), request.query.patient_id),
  );
  done();
};
