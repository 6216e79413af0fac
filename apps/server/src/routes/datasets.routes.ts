import {
  CreateDatasetRequestSchema,
  DatasetListQuerySchema,
  DatasetListResponseSchema,
  DatasetSchema,
  ID_MAX,
  IdParamsSchema,
  OkResponseSchema,
  singleLineText,
  UpdateDatasetRequestSchema,
  UserProjectDetailSchema,
  VideoSchema,
} from '@sarm/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../context.js';
import { badRequest } from '../http/errors.js';
import { requireAuth } from '../http/route-access.js';
import type { AuthContext } from '../services/access.js';
import { BROWSE_DATA, MANAGE_DATASETS, MANAGE_SAMPLES } from './clinical-access.js';

const tags = ['datasets'];
const scopeNote =
  'Only datasets of projects the caller is a member of (every project with `system.manage_projects`); others answer 404.';
const SAMPLE_NOTE =
  '`settings` also holds the sample (issue 15): `patient_id` (a visible patient, else 404 `Patient not found`), `collected_at` (ISO 8601), `abstinence_days`, `semen_volume_ml`, `collection_complete`, `minutes_to_analysis`, `appearance`, `liquefaction`, `viscosity`, `ph`, `chamber_name`. The semen volume gives the reports their total sperm number. Creating and editing need `finetune.manage_dataset` or `sarm.manage_samples` (Lab Technician and administrators by default); deleting needs `finetune.manage_dataset`.';
const flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const ProjectWithDataSchema = UserProjectDetailSchema.extend({
  datasets: z.array(DatasetSchema.extend({ videos: z.array(VideoSchema).optional() })).optional(),
});
const GetProjectResponseSchema = z.object({
  project: ProjectWithDataSchema,
  success: z.literal(true),
});

/** Datasets (spec 1 §7 Datasets) and the project detail with datasets and videos. */
export const datasetRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  const { datasets, videos } = services.clinical;

  async function projectWithData(
    auth: AuthContext,
    id: string,
    query: { include_datasets: boolean; include_videos: boolean },
  ) {
    const project = await services.projects.getVisible(auth, id);
    if (!query.include_datasets && !query.include_videos)
      return { success: true as const, project };
    const list = await datasets.list(auth, { projectId: id, limit: 500, offset: 0 });
    const withVideos = await Promise.all(
      list.datasets.map(async (dataset) =>
        query.include_videos
          ? { ...dataset, videos: await videos.listByDataset(dataset.id) }
          : dataset,
      ),
    );
    return { success: true as const, project: { ...project, datasets: withVideos } };
  }

  const projectQuery = z.object({
    id: singleLineText('Project id', ID_MAX).optional(),
    include_datasets: flag,
    include_videos: flag,
  });
  const projectSchema = {
    tags: ['projects'],
    summary: 'One visible project, optionally with its datasets and their videos',
    description: 'The id comes from the path or `?id=`. Invisible or unknown projects answer 404.',
    querystring: projectQuery,
    response: { 200: GetProjectResponseSchema },
  };
  app.get(
    '/sarm/project/get-project',
    { config: { permission: 'authenticated', responseCache: true }, schema: projectSchema },
    async (request) => {
      if (request.query.id === undefined) throw badRequest('Project ID is required');
      return projectWithData(requireAuth(request), request.query.id, request.query);
    },
  );
  app.get(
    '/sarm/project/get-project/:id',
    {
      config: { permission: 'authenticated', responseCache: true },
      schema: { ...projectSchema, params: IdParamsSchema },
    },
    async (request) => projectWithData(requireAuth(request), request.params.id, request.query),
  );

  // list-datasets is the technical workflow's name (spec 2 §7.1, `?type=detection`).
  for (const url of ['/sarm/dataset/get-datasets', '/sarm/dataset/list-datasets'])
    app.get(
      url,
      {
        config: { permission: BROWSE_DATA, responseCache: true },
        schema: {
          tags,
          summary: 'Datasets, newest first, with counts',
          description: `${scopeNote} Filter by \`type\`, \`status\` and \`project_id\`/\`projectId\`.`,
          querystring: DatasetListQuerySchema,
          response: { 200: DatasetListResponseSchema },
        },
      },
      async (request) => {
        const { project_id, projectId, ...rest } = request.query;
        return datasets.list(requireAuth(request), { ...rest, projectId: projectId ?? project_id });
      },
    );

  app.get(
    '/sarm/dataset/get-dataset/:id',
    {
      config: { permission: BROWSE_DATA, responseCache: true },
      schema: {
        tags,
        summary: 'One dataset, optionally with its videos',
        description: scopeNote,
        params: IdParamsSchema,
        querystring: z.object({ include_videos: flag }),
        response: { 200: DatasetSchema },
      },
    },
    async (request) => {
      const dataset = await datasets.get(requireAuth(request), request.params.id);
      return request.query.include_videos
        ? { ...dataset, videos: await videos.listByDataset(dataset.id) }
        : dataset;
    },
  );

  app.post(
    '/sarm/dataset/create-dataset',
    {
      config: { permission: MANAGE_SAMPLES },
      schema: {
        tags,
        summary: 'Create a dataset (a clinic sample) in a project',
        description: [
          'Body fields in camelCase or snake_case (`projectId` or `project_id`). Settings default to chamber depth 20 µm, dilution 1, 0.5 µm per pixel.',
          SAMPLE_NOTE,
          "The Create Detection Dataset wizard adds `video_id` (or `source: {type: 'annotation', video_id, frames}`), `frames` and `include_all_frames`: the new detection dataset then gets the caller's default data label `{userId}_{datasetId}_detection` holding the detections of those frames (every frame with detections when `include_all_frames`). 400 when no chosen frame has detections or a frame is not the video's; nothing is created then.",
        ].join('\n\n'),
        body: CreateDatasetRequestSchema,
        response: { 201: DatasetSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const fromAnnotation =
        request.body.source !== undefined || request.body.video_id !== undefined;
      return reply
        .status(201)
        .send(
          fromAnnotation
            ? await services.technical.dataLabels.createDatasetFromAnnotation(auth, request.body)
            : await datasets.create(auth, request.body),
        );
    },
  );

  app.put(
    '/sarm/dataset/update-dataset/:id',
    {
      config: { permission: MANAGE_SAMPLES },
      schema: {
        tags,
        summary: 'Change a dataset (a clinic sample)',
        description: [
          scopeNote,
          'Only the `settings` keys sent change; null clears a sample field. The audit log names every changed setting with its old and new value.',
          SAMPLE_NOTE,
        ].join('\n\n'),
        params: IdParamsSchema,
        body: UpdateDatasetRequestSchema,
        response: { 200: DatasetSchema },
      },
    },
    async (request) => datasets.update(requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/sarm/dataset/delete-dataset/:id',
    {
      config: { permission: MANAGE_DATASETS },
      schema: {
        tags,
        summary: 'Delete a dataset with its videos, frames and files',
        description: scopeNote,
        params: IdParamsSchema,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) => datasets.remove(requireAuth(request), request.params.id),
  );
  done();
};
