import {
  AgreementResponseSchema,
  IdParamsSchema,
  LeveyJenningsSchema,
  ManualCountInputSchema,
  ManualCountListQuerySchema,
  ManualCountListResponseSchema,
  ManualCountSchema,
  OkResponseSchema,
  QcProjectQuerySchema,
  QcSeriesInputSchema,
  QcSeriesListQuerySchema,
  QcSeriesListResponseSchema,
  QcSeriesSchema,
  ReplicateAgreementSchema,
  idText,
  type PermissionRequirement,
} from '@sarm/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../context.js';
import { requireAuth } from '../http/route-access.js';
import { READ_QC } from './clinical-access.js';

const tags = ['quality-control'];
const RECORD_QC: readonly PermissionRequirement[] = ['sarm.quality_control'];
const QC_PAGING =
  '`limit` (default and at most 1000) and `offset` page them; a page shorter than `limit` is the last.';
const SCOPE =
  'Only samples of projects the caller can see: others answer 404 as if they did not exist.';

/** Internal quality control: manual counts, Levey–Jennings series and replicate agreement. */
export const qualityControlRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  const { qualityControl: qc } = services;

  app.post(
    '/sarm/qc/manual-counts',
    {
      config: { permission: RECORD_QC },
      schema: {
        tags,
        summary: 'Record a manual count of a sample beside its CASA values',
        description: [
          'Stores the manual figures and, beside them, the CASA values as they stand now: those of the sample’s newest stored report (`measured.source` `stored_report`, with its `report_version`), or when no report was saved, of the newest analysis of each video (`latest_analyses`: mean concentration over videos, motility pooled over tracks). Later analyses never change a recorded pair.',
          `409 when the sample has no analysis yet. ${SCOPE}`,
        ].join('\n\n'),
        body: ManualCountInputSchema,
        response: { 201: ManualCountSchema },
      },
    },
    async (request, reply) => {
      const count = await qc.recordManualCount(requireAuth(request), request.body);
      return reply.status(201).send(count);
    },
  );

  app.get(
    '/sarm/qc/manual-counts',
    {
      config: { permission: READ_QC },
      schema: {
        tags,
        summary: 'Manual counts of the visible samples, oldest first',
        description: `${QC_PAGING} ${SCOPE}`,
        querystring: ManualCountListQuerySchema,
        response: { 200: ManualCountListResponseSchema },
      },
    },
    async (request) => ({
      manual_counts: await qc.listManualCounts(
        requireAuth(request),
        { projectId: request.query.project_id, datasetId: request.query.dataset_id },
        request.query,
      ),
    }),
  );

  app.delete(
    '/sarm/qc/manual-counts/:id',
    {
      config: { permission: RECORD_QC },
      schema: {
        tags,
        summary: 'Delete a manual count',
        description: SCOPE,
        params: IdParamsSchema,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) => {
      await qc.deleteManualCount(requireAuth(request), request.params.id);
      return { success: true as const };
    },
  );

  app.get(
    '/sarm/qc/agreement',
    {
      config: { permission: READ_QC },
      schema: {
        tags,
        summary: 'Bland–Altman agreement of CASA with manual counts in a project',
        description:
          'For concentration, progressive and total motility: `mean_bias` (mean of CASA − manual), 95 % limits of agreement (bias ± 1.96 SD of the differences, from 2 pairs), Pearson `correlation` (from 3 pairs) and the `pairs` for plotting. `n` counts manual counts with at least one pair. 404 for a project the caller cannot see.',
        querystring: QcProjectQuerySchema,
        response: { 200: AgreementResponseSchema },
      },
    },
    async (request) => qc.agreement(requireAuth(request), request.query.project_id),
  );

  app.post(
    '/sarm/qc/series',
    {
      config: { permission: RECORD_QC },
      schema: {
        tags,
        summary: 'Mark a sample as QC material charted on one analyte',
        description: `Each analysed video of the sample is one run of the Levey–Jennings chart. The control mean and SD are the entered target, else those of the first \`baseline_runs\` runs (at least 10). ${SCOPE}`,
        body: QcSeriesInputSchema,
        response: { 201: QcSeriesSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await qc.createSeries(requireAuth(request), request.body)),
  );

  app.get(
    '/sarm/qc/series',
    {
      config: { permission: READ_QC },
      schema: {
        tags,
        summary: 'QC series of a project, by name',
        description: `${QC_PAGING} ${SCOPE}`,
        querystring: QcSeriesListQuerySchema,
        response: { 200: QcSeriesListResponseSchema },
      },
    },
    async (request) => ({
      series: await qc.listSeries(requireAuth(request), request.query.project_id, request.query),
    }),
  );

  app.delete(
    '/sarm/qc/series/:id',
    {
      config: { permission: RECORD_QC },
      schema: {
        tags,
        summary: 'Delete a QC series (its sample and analyses stay)',
        description: SCOPE,
        params: IdParamsSchema,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) => {
      await qc.deleteSeries(requireAuth(request), request.params.id);
      return { success: true as const };
    },
  );

  app.get(
    '/sarm/qc/series/:id/levey-jennings',
    {
      config: { permission: READ_QC },
      schema: {
        tags,
        summary: 'Levey–Jennings chart of a QC series with Westgard violations',
        description:
          'Runs in analysis order (the newest analysis of each video). Rules: 1-3s (beyond 3 SD), 2-2s (two consecutive runs beyond 2 SD on one side), R-4s (consecutive runs beyond 2 SD on opposite sides), flagged on the run that completes them. `control_source` `insufficient` while fewer runs than the baseline exist and no target was entered.',
        params: IdParamsSchema,
        response: { 200: LeveyJenningsSchema },
      },
    },
    async (request) => qc.leveyJennings(requireAuth(request), request.params.id),
  );

  app.get(
    '/sarm/qc/replicates/:datasetId',
    {
      config: { permission: READ_QC },
      schema: {
        tags,
        summary: 'WHO replicate agreement of the videos of one sample',
        description:
          "Each analysed video is a replicate. Every pair is compared as WHO prescribes: heads per field (a Poisson count) within 1.96·√(N₁+N₂); progressive and total motility within 1.96·√(p̄(100−p̄)(1/N₁+1/N₂)), N the tracks assessed. `replicates_agree` is false when any pair disagrees (repeat the preparation), null with fewer than two analysed videos. `assessed_enough` is false when a replicate assessed fewer than 200 spermatozoa (WHO's minimum per replicate).",
        params: z.object({ datasetId: idText('Dataset id') }),
        response: { 200: ReplicateAgreementSchema },
      },
    },
    async (request) => qc.replicates(requireAuth(request), request.params.datasetId),
  );
  done();
};
