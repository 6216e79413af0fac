import {
  AnnotationFramesQuerySchema,
  AnnotationFramesResponseSchema,
  ReviewDecisionRequestSchema,
  ReviewListQuerySchema,
  ReviewListResponseSchema,
  ReviewStatsSchema,
  ReviewUnitSchema,
} from '@sarm/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../context.js';
import { requireAuth } from '../http/route-access.js';
import { READ_LABELS } from './data-labels.routes.js';

const tags = ['data-labels'];

/** The Data Label Review page's data: review units and decisions (spec 2 §4). */
export const labelReviewRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  const reviews = services.technical.labelReviews;

  app.get(
    '/technical/annotation/frames',
    {
      config: { permission: READ_LABELS },
      schema: {
        tags,
        summary: 'Frames with their annotation status (Annotation Management)',
        description:
          'Every extracted frame of the visible projects (or of one dataset): `completed` when it is in a data label, `in_progress` when a person drew or checked a box, else `pending`; object count, mean confidence, who added it to a label and when. Sort by date, status or frame number.',
        querystring: AnnotationFramesQuerySchema,
        response: { 200: AnnotationFramesResponseSchema },
      },
    },
    async (request) =>
      services.technical.annotationOverview.frames(requireAuth(request), request.query),
  );

  app.get(
    '/sarm/annotation/reviews',
    {
      config: { permission: READ_LABELS },
      schema: {
        tags,
        summary: 'Labels to review: frames of detection labels, items of morphology labels',
        description:
          'Filters: dataset, status, creator (the annotator who added it), from/to (ISO dates, inclusive). Sort by dataset, created, creator, confidence or status. `can_review` says whether the caller may decide.',
        querystring: ReviewListQuerySchema,
        response: { 200: ReviewListResponseSchema },
      },
    },
    async (request) => reviews.list(requireAuth(request), request.query),
  );

  app.get(
    '/sarm/annotation/reviews/stats',
    {
      config: { permission: READ_LABELS },
      schema: {
        tags,
        summary: 'Review units per type and status',
        response: { 200: ReviewStatsSchema },
      },
    },
    async (request) => reviews.stats(requireAuth(request)),
  );

  app.post(
    '/sarm/annotation/reviews/:id',
    {
      config: { permission: 'finetune.review_annotations' },
      schema: {
        tags,
        summary: 'Approve, reject or ask for correction of a pending label',
        description:
          'Only while pending (409 otherwise); records the reviewer, the time and the notes. The id is `{labelId}:{frameId}` for a frame of a detection label, the item id for a morphology item.',
        params: z.object({ id: z.string().min(1) }),
        body: ReviewDecisionRequestSchema,
        response: { 200: ReviewUnitSchema },
      },
    },
    async (request) => reviews.decide(requireAuth(request), request.params.id, request.body),
  );
  done();
};
