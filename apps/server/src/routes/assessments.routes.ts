import {
  AssessmentInputSchema,
  AssessmentRecordSchema,
  AssessmentReplicatesQuerySchema,
  AssessmentReplicatesResponseSchema,
  SampleAssessmentsSchema,
} from '@sarm/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../context.js';
import { requireAuth } from '../http/route-access.js';
import { READ_QC, VIEW_REPORTS } from './clinical-access.js';

const params = z.object({ datasetId: z.string().min(1) });
const SCOPE = 'A sample of a project the caller cannot see answers 404 `Dataset not found`.';

/** Bench assessments of a sample (vitality, morphology, round cells, agglutination, MAR, comments). */
export const assessmentsRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  const { assessments } = services.clinical;

  app.get(
    '/sarm/assessments/:datasetId',
    {
      config: { permission: VIEW_REPORTS },
      schema: {
        tags: ['analysis'],
        summary: 'The bench assessments of a sample',
        description: [
          '`current` holds the newest accepted record of each module (a module never assessed is absent; a later record whose replicates disagreed does not replace it). `history` lists every record, newest first, accepted or not. `canRecord` tells whether the caller holds `sarm.record_assessments`.',
          SCOPE,
        ].join('\n\n'),
        params,
        response: { 200: SampleAssessmentsSchema },
      },
    },
    async (request) => assessments.forSample(requireAuth(request), request.params.datasetId),
  );

  app.post(
    '/sarm/assessments/:datasetId',
    {
      config: { permission: 'sarm.record_assessments' },
      schema: {
        tags: ['analysis'],
        summary: 'Record one bench module of a sample',
        description: [
          'The server computes the figures from the counts (percentages with 95 % Wilson intervals, WHO replicate agreement, TZI and SDI, round cells per spermatozoon); figures sent by the client are ignored. A record whose two replicates differ by more than WHO accepts is stored with `accepted: false` and still answered 200, so quality control sees it: the screen asks for a recount. `source` is `model_confirmed` for a morphology count a model assisted, `manual_entry` for agglutination and comments, else `manual_count`; `countedBy` is the caller. Every save is written to the audit trail.',
          `400 \`Count at least one cell before saving\` for a counted module without a cell; 400 for a morphology tally listing a defect twice or a combination twice; 400 for an agglutination type with grade 0, or a grade without a type. ${SCOPE}`,
        ].join('\n\n'),
        params,
        body: AssessmentInputSchema,
        response: { 200: AssessmentRecordSchema },
      },
    },
    async (request) =>
      assessments.record(requireAuth(request), request.params.datasetId, request.body),
  );

  app.get(
    '/sarm/qc/assessment-replicates',
    {
      config: { permission: READ_QC },
      schema: {
        tags: ['quality-control'],
        summary: 'Replicate agreement of bench counts per technician',
        description:
          'Every bench record counted in two replicates, of samples the caller can see, grouped by the technician who counted it: `pairs`, `agreeing`, `agreementPercent` and the `points` in time order (each with its measures, difference and WHO acceptable difference). `module` keeps one counted module, `technician` one user id.',
        querystring: AssessmentReplicatesQuerySchema,
        response: { 200: AssessmentReplicatesResponseSchema },
      },
    },
    async (request) => assessments.replicateAgreement(requireAuth(request), request.query),
  );

  done();
};
