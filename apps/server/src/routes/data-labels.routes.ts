import {
  AddMaskItemRequestSchema,
  AddMaskItemResponseSchema,
  AddDataLabelItemRequestSchema,
  AddDataLabelItemsRequestSchema,
  AddFrameToDataLabelRequestSchema,
  AddFrameToDataLabelResponseSchema,
  ClassificationsRequestSchema,
  ClassificationsResponseSchema,
  CreateDataLabelRequestSchema,
  CreateDatasetDataLabelRequestSchema,
  DATA_LABEL_PAGE_SIZE,
  DataLabelItemsQuerySchema,
  DataLabelItemsResponseSchema,
  DataLabelListQuerySchema,
  DataLabelListResponseSchema,
  DatasetLabelsQuerySchema,
  DataLabelSchema,
  DataLabelStatsSchema,
  DataLabelWithItemsSchema,
  DetectionSchema,
  IdParamsSchema,
  ItemQualityRequestSchema,
  OkResponseSchema,
  RemoveByDetectionRequestSchema,
  RemoveDataLabelItemRequestSchema,
  UpdateDataLabelRequestSchema,
  type PermissionRequirement,
} from '@sarm/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../context.js';
import { badRequest } from '../http/errors.js';
import { requireAuth } from '../http/route-access.js';

const tags = ['data-labels'];
/** Reading labels: reviewers and annotators (spec 2 §6). */
export const READ_LABELS: readonly PermissionRequirement[] = [
  'finetune.review_annotations',
  'finetune.annotate_detection',
  'finetune.annotate_morphology',
];
/** Adding to labels; the service checks the permission of the label's type. */
const WRITE_LABELS: readonly PermissionRequirement[] = [
  'finetune.annotate_detection',
  'finetune.annotate_morphology',
];
/** Renaming and deleting: the label's owner or a dataset manager (checked by the service). */
const MANAGE_LABELS: readonly PermissionRequirement[] = [...READ_LABELS, 'finetune.manage_dataset'];
const SCOPE =
  'Only labels of datasets in projects the caller may see; others answer 404. Both `/sarm/annotation` and `/annotations/sam2` prefixes answer.';
const DATASET_LABELS_PAGING =
  '`limit` (default and at most 1000) and `offset` page them; `total` counts them all and `total_pages` is in pages of `limit`.';
/** Spec 7.2 paths exist under both service prefixes, with and without the trailing slash. */
const PREFIXES = ['/sarm/annotation', '/annotations/sam2'] as const;
export const both = (path: string) =>
  PREFIXES.flatMap((prefix) => [`${prefix}${path}/`, `${prefix}${path}`]);

const LabelParams = z.object({ id: z.string().min(1) });
const DatasetParams = z.object({ datasetId: z.string().min(1) });
const DatasetLabelParams = DatasetParams.extend({ labelId: z.string().min(1) });
const DatasetItemParams = DatasetLabelParams.extend({ itemId: z.string().min(1) });
const LabelItemParams = LabelParams.extend({ itemId: z.string().min(1) });
const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(10_000).default(DATA_LABEL_PAGE_SIZE),
});

/** Data labels of the technical workflow (spec 2 §7.1, and the data-label paths of §7.2). */
export const dataLabelRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  const labels = services.technical.dataLabels;

  app.get(
    '/sarm/annotation/list-labels/:datasetId',
    {
      config: { permission: READ_LABELS, responseCache: true },
      schema: {
        tags,
        summary: 'Data labels of a dataset, with their counts',
        description: `Newest first. ${DATASET_LABELS_PAGING} ${SCOPE}`,
        params: DatasetParams,
        querystring: DatasetLabelsQuerySchema.extend({ include_stats: z.string().optional() }),
        response: { 200: DataLabelListResponseSchema },
      },
    },
    async (request) =>
      labels.listForDataset(
        requireAuth(request),
        request.params.datasetId,
        { userId: request.query.user_id },
        request.query,
      ),
  );

  app.post(
    '/sarm/annotation/create-label',
    {
      config: { permission: WRITE_LABELS },
      schema: {
        tags,
        summary: 'Create a data label in a dataset',
        description: `The caller owns the label. A detection label needs \`finetune.annotate_detection\`, a morphology label \`finetune.annotate_morphology\`. 409 when the dataset already has a label of that name. ${SCOPE}`,
        body: CreateDataLabelRequestSchema,
        response: { 201: DataLabelSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await labels.create(requireAuth(request), request.body)),
  );

  app.get(
    '/sarm/annotation/get-label/:id',
    {
      config: { permission: READ_LABELS, responseCache: true },
      schema: {
        tags,
        summary: 'A data label by id or name, with a page of its items',
        description: `404 \`Data label not found\` when missing: the web app then creates the caller's default label \`{userId}_{datasetId}_detection\`. ${SCOPE}`,
        params: LabelParams,
        querystring: PageQuery,
        response: { 200: DataLabelWithItemsSchema },
      },
    },
    async (request) => labels.getWithItems(requireAuth(request), request.params.id, request.query),
  );

  app.post(
    '/sarm/annotation/add-frame',
    {
      config: { permission: 'finetune.annotate_detection' },
      schema: {
        tags,
        summary: "Add a frame's detections to a detection label",
        description:
          "Adds every detection of the frame. Adding the frame again replaces its items (boxes may have been corrected) and puts its review back to pending. The frame must belong to the label's project.",
        body: AddFrameToDataLabelRequestSchema,
        response: { 200: AddFrameToDataLabelResponseSchema },
      },
    },
    async (request) => labels.addFrame(requireAuth(request), request.body),
  );

  const AddItemsResponse = z.object({
    success: z.literal(true),
    message: z.string(),
    item_ids: z.array(z.string()),
  });
  app.post(
    '/sarm/annotation/add-item',
    {
      config: { permission: WRITE_LABELS },
      schema: {
        tags,
        summary: 'Add one detection to a data label',
        body: AddDataLabelItemRequestSchema,
        response: { 200: AddItemsResponse },
      },
    },
    async (request) =>
      labels.addDetections(requireAuth(request), {
        data_label_id: request.body.data_label_id,
        detection_ids: [request.body.detection_id],
        class_name: request.body.class_name,
      }),
  );

  app.post(
    '/sarm/annotation/add-label',
    {
      config: { permission: WRITE_LABELS },
      schema: {
        tags,
        summary: 'Add several detections to a data label under one class',
        description:
          '`item_ids` are detection ids; detections already in the label take the class.',
        body: AddDataLabelItemsRequestSchema,
        response: { 200: AddItemsResponse },
      },
    },
    async (request) =>
      labels.addDetections(requireAuth(request), {
        data_label_id: request.body.data_label_id,
        detection_ids: request.body.item_ids,
        class_name: request.body.class_name,
      }),
  );

  app.delete(
    '/sarm/annotation/remove-item',
    {
      config: { permission: WRITE_LABELS },
      schema: {
        tags,
        summary: 'Remove an item from a data label',
        body: RemoveDataLabelItemRequestSchema,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) =>
      labels.removeItem(requireAuth(request), request.body.data_label_id, request.body.item_id),
  );

  app.delete(
    '/sarm/annotation/remove-by-detection',
    {
      config: { permission: WRITE_LABELS },
      schema: {
        tags,
        summary: 'Remove the item of a detection from a data label',
        body: RemoveByDetectionRequestSchema,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) =>
      labels.removeByDetection(
        requireAuth(request),
        request.body.data_label_id,
        request.body.detection_id,
      ),
  );

  for (const url of ['/sarm/annotation/delete-label/:id', ...both('/data-labels/:id')])
    app.delete(
      url,
      {
        config: { permission: MANAGE_LABELS },
        schema: {
          tags,
          summary: 'Delete a data label and its items',
          description: `The label's owner or a holder of \`finetune.manage_dataset\`; others 403. ${SCOPE}`,
          params: IdParamsSchema,
          response: { 200: OkResponseSchema },
        },
      },
      async (request) => labels.remove(requireAuth(request), request.params.id),
    );

  for (const url of both('/datasets/:datasetId/data-labels')) {
    app.get(
      url,
      {
        config: { permission: READ_LABELS, responseCache: true },
        schema: {
          tags,
          summary: 'Data labels of a dataset',
          description: `Newest first. ${DATASET_LABELS_PAGING} ${SCOPE}`,
          params: DatasetParams,
          querystring: DatasetLabelsQuerySchema,
          response: { 200: DataLabelListResponseSchema },
        },
      },
      async (request) =>
        labels.listForDataset(
          requireAuth(request),
          request.params.datasetId,
          { userId: request.query.user_id },
          request.query,
        ),
    );
    app.post(
      url,
      {
        config: { permission: WRITE_LABELS },
        schema: {
          tags,
          summary: 'Create a data label in a dataset',
          description: `Body \`name\` or \`data_label_name\`, \`description\`. ${SCOPE}`,
          params: DatasetParams,
          body: CreateDatasetDataLabelRequestSchema,
          response: { 201: z.object({ data_label: DataLabelSchema }) },
        },
      },
      async (request, reply) => {
        const name = request.body.name ?? request.body.data_label_name;
        if (name === undefined) throw badRequest('Name is required');
        const label = await labels.create(requireAuth(request), {
          name,
          description: request.body.description,
          dataset_id: request.params.datasetId,
          label_type: request.body.label_type,
        });
        return reply.status(201).send({ data_label: label });
      },
    );
  }

  for (const url of both('/users/:userId/data-labels'))
    app.get(
      url,
      {
        config: { permission: READ_LABELS },
        schema: {
          tags,
          summary: "A user's data labels",
          description: `404 for a user who works in no project the caller can see. ${SCOPE}`,
          params: z.object({ userId: z.string().min(1) }),
          querystring: PageQuery,
          response: { 200: DataLabelListResponseSchema },
        },
      },
      async (request) =>
        labels.listForUser(
          requireAuth(request),
          request.params.userId,
          request.query.page,
          request.query.limit,
        ),
    );

  /** Paths that name a dataset answer 404 when the label is not one of that dataset's. */
  const labelInDataset = async (request: FastifyRequest) => {
    const { datasetId, labelId } = DatasetLabelParams.parse(request.params);
    await labels.requireInDataset(requireAuth(request), labelId, datasetId);
  };

  for (const url of both('/datasets/:datasetId/data-labels/:labelId/items'))
    app.get(
      url,
      {
        preHandler: labelInDataset,
        config: { permission: READ_LABELS, responseCache: true },
        schema: {
          tags,
          summary: 'Items of a data label',
          params: DatasetLabelParams,
          querystring: DataLabelItemsQuerySchema,
          response: { 200: DataLabelItemsResponseSchema },
        },
      },
      async (request) =>
        (await labels.items(requireAuth(request), request.params.labelId, request.query)).response,
    );

  for (const url of both('/datasets/:datasetId/data-labels/:labelId/items/:videoId/:cropId'))
    app.post(
      url,
      {
        config: { permission: WRITE_LABELS },
        schema: {
          tags,
          summary: "Put a crop's mask into a morphology data label",
          description: `\`cropId\` is a detection id of the video with a mask (generate-mask first; otherwise 400 \`Please select a crop, generate a mask, and select a data label\`). \`class\` from either class list of spec 2 §3, stored as the review list's class (abnormal_head → head_defect, abnormal_midpiece and cytoplasmic_droplet → midpiece_defect, abnormal_tail → tail_defect). Adding again replaces class, mask and points and sends the item back to review; 409 when \`overwrite_existing\` is false and it is there. ${SCOPE}`,
          params: DatasetLabelParams.extend({
            videoId: z.string().min(1),
            cropId: z.string().min(1),
          }),
          body: AddMaskItemRequestSchema,
          response: { 200: AddMaskItemResponseSchema },
        },
      },
      async (request) => labels.addMaskItem(requireAuth(request), request.params, request.body),
    );

  for (const url of both('/datasets/:datasetId/data-labels/:labelId/classifications'))
    app.post(
      url,
      {
        preHandler: labelInDataset,
        config: { permission: WRITE_LABELS },
        schema: {
          tags,
          summary: 'Save morphology classifications of crops',
          description: `The Morphology Data Labeling page's Save Labels: \`items\` (1-500) of \`detection_id\`, \`class\` (either class list of spec 2 §3, stored as the review list's class), \`confidence\` 1-5 (default 3) and \`notes\` (at most 2000 characters). A detection without an item gets one (no mask needed); an existing item keeps its mask and points and takes the new class, confidence and notes. Either way the caller becomes its annotator and it goes back to review. 400 \`Classifications go into morphology data labels\` for a detection label; 404 \`Detection not found\` when a detection is not on a frame of the label's dataset, and then nothing is saved. \`item_ids\` follow the order of the request. \${SCOPE}`,
          params: DatasetLabelParams,
          body: ClassificationsRequestSchema,
          response: { 200: ClassificationsResponseSchema },
        },
      },
      async (request) =>
        labels.saveClassifications(requireAuth(request), request.params.labelId, request.body),
    );

  for (const url of [...both('/datasets/:datasetId/data-labels/:labelId/items/:itemId')].filter(
    (url) => !url.endsWith('/'),
  ))
    app.delete(
      url,
      {
        preHandler: labelInDataset,
        config: { permission: WRITE_LABELS },
        schema: {
          tags,
          summary: 'Remove an item from a data label',
          params: DatasetItemParams,
          response: { 200: OkResponseSchema },
        },
      },
      async (request) =>
        labels.removeItem(requireAuth(request), request.params.labelId, request.params.itemId),
    );

  for (const url of both('/datasets/:datasetId/data-labels/:labelId/items/:itemId/quality'))
    app.patch(
      url,
      {
        preHandler: labelInDataset,
        config: { permission: WRITE_LABELS },
        schema: {
          tags,
          summary: "Mark an item's quality good or bad",
          description: 'Exports leave bad items out when `exclude_bad_quality` is true.',
          params: DatasetItemParams,
          body: ItemQualityRequestSchema,
          response: { 200: OkResponseSchema },
        },
      },
      async (request) =>
        labels.setQuality(
          requireAuth(request),
          request.params.labelId,
          request.params.itemId,
          request.body.quality,
        ),
    );

  for (const url of both('/data-labels'))
    app.get(
      url,
      {
        config: { permission: READ_LABELS, responseCache: true },
        schema: {
          tags,
          summary: 'Data labels, paged',
          description: SCOPE,
          querystring: DataLabelListQuerySchema,
          response: { 200: DataLabelListResponseSchema },
        },
      },
      async (request) =>
        labels.list(
          requireAuth(request),
          {
            labelType: request.query.label_type,
            datasetId: request.query.dataset_id,
            userId: request.query.user_id,
            query: request.query.query,
          },
          request.query.page,
          request.query.limit,
        ),
    );

  for (const url of both('/data-labels/search'))
    app.get(
      url,
      {
        config: { permission: READ_LABELS, responseCache: true },
        schema: {
          tags,
          summary: 'Search data labels by name, description or dataset',
          querystring: DataLabelListQuerySchema,
          response: { 200: DataLabelListResponseSchema },
        },
      },
      async (request) =>
        labels.list(
          requireAuth(request),
          { labelType: request.query.label_type, query: request.query.query ?? '' },
          request.query.page,
          request.query.limit,
        ),
    );

  for (const url of [...both('/data-labels/:id/items'), ...both('/data-labels/:id/items/filter')])
    app.get(
      url,
      {
        config: { permission: READ_LABELS, responseCache: true },
        schema: {
          tags,
          summary: 'Items of a data label: search, sort by date, confidence or frame number',
          params: LabelParams,
          querystring: DataLabelItemsQuerySchema,
          response: { 200: DataLabelItemsResponseSchema },
        },
      },
      async (request) =>
        (await labels.items(requireAuth(request), request.params.id, request.query)).response,
    );

  for (const url of both('/data-labels/:id/items/:itemId/detection'))
    app.get(
      url,
      {
        config: { permission: READ_LABELS, responseCache: true },
        schema: {
          tags,
          summary: "An item's detection",
          params: LabelItemParams,
          response: { 200: z.object({ detection: DetectionSchema }) },
        },
      },
      async (request) =>
        labels.itemDetection(requireAuth(request), request.params.id, request.params.itemId),
    );

  for (const url of both('/data-labels/:id/stats'))
    app.get(
      url,
      {
        config: { permission: READ_LABELS, responseCache: true },
        schema: {
          tags,
          summary: 'Figures of a data label',
          params: LabelParams,
          response: { 200: DataLabelStatsSchema },
        },
      },
      async (request) => labels.stats(requireAuth(request), request.params.id),
    );

  for (const url of both('/data-labels/:id'))
    app.put(
      url,
      {
        config: { permission: MANAGE_LABELS },
        schema: {
          tags,
          summary: "Edit a data label's name and description",
          description: "The label's owner or a holder of `finetune.manage_dataset`.",
          params: LabelParams,
          body: UpdateDataLabelRequestSchema,
          response: { 200: DataLabelSchema },
        },
      },
      async (request) => labels.update(requireAuth(request), request.params.id, request.body),
    );

  for (const url of both('/data-labels/:id/items/:itemId').filter((url) => !url.endsWith('/')))
    app.delete(
      url,
      {
        config: { permission: WRITE_LABELS },
        schema: {
          tags,
          summary: 'Remove an item from a data label',
          params: LabelItemParams,
          response: { 200: OkResponseSchema },
        },
      },
      async (request) =>
        labels.removeItem(requireAuth(request), request.params.id, request.params.itemId),
    );
  done();
};
