import {
  CalculationRequestSchema,
  CalculationResultsQuerySchema,
  CalculationResultsResponseSchema,
  ConcentrationReportSchema,
  MotilityReportSchema,
  StoredReportQuerySchema,
  VersionedStoredReportSchema,
  type PermissionRequirement,
} from '@sarm/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../context.js';
import { requireAuth } from '../http/route-access.js';

const tags = ['analysis'];
const GENERATE: readonly PermissionRequirement[] = ['sarm.generate_report'];
const VIEW_RESULTS: readonly PermissionRequirement[] = [
  'sarm.view_concentration',
  'sarm.view_motility',
  'sarm.view_morphology',
  'sarm.view_reports',
  'sarm.generate_report',
];
const CALCULATION_DESCRIPTION = [
  'Runs the CASA engine on the whole original file of each video with its dataset settings (chamber depth, dilution, µm per pixel). A saved analysis with the same settings is reused unless `force_reanalysis`. Runs synchronously.',
  'A video whose file cannot be analysed is listed in `errors`; when every video fails the answer is 422. Unknown videos or videos of other projects: 404. `save_results` stores this part of the dataset report (all videos must belong to one dataset).',
].join('\n\n');

/** WHO analysis of videos and the stored dataset reports (spec 1 §7 Analysis and reports). */
export const analysisRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  const { analysis } = services.clinical;

  app.post(
    '/sarm/calculation/cal-concentration',
    {
      config: { permission: GENERATE },
      schema: {
        tags,
        summary: 'Sperm concentration of videos (mean over videos)',
        description: CALCULATION_DESCRIPTION,
        body: CalculationRequestSchema,
        response: { 200: ConcentrationReportSchema },
      },
    },
    async (request) => {
      const report = await analysis.calculate(requireAuth(request), 'concentration', request.body);
      return ConcentrationReportSchema.parse(report);
    },
  );

  app.post(
    '/sarm/calculation/cal-motility',
    {
      config: { permission: GENERATE },
      schema: {
        tags,
        summary: 'Motility of videos (all tracks pooled)',
        description: CALCULATION_DESCRIPTION,
        body: CalculationRequestSchema,
        response: { 200: MotilityReportSchema },
      },
    },
    async (request) => {
      const report = await analysis.calculate(requireAuth(request), 'motility', request.body);
      return MotilityReportSchema.parse(report);
    },
  );

  app.get(
    '/sarm/calculation/results',
    {
      config: { permission: VIEW_RESULTS },
      schema: {
        tags,
        summary: 'The newest saved analysis of each video',
        description:
          '`video_ids` is comma-separated. Videos never analysed are listed in `missing`.',
        querystring: CalculationResultsQuerySchema,
        response: { 200: CalculationResultsResponseSchema },
      },
    },
    async (request) => {
      const ids = request.query.video_ids
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== '');
      return analysis.results(requireAuth(request), ids);
    },
  );

  app.get(
    '/sarm/report/get-report/:datasetId',
    {
      config: { permission: VIEW_RESULTS },
      schema: {
        tags,
        summary: 'The stored WHO report of a dataset: the latest version or `?version=N`',
        description:
          '404 `Report not found` when no report was saved, `Report version not found` for an unknown version. A version reads the same forever; `report_version` tells which it is, who signed it and what it amends.',
        params: z.object({ datasetId: z.string().min(1) }),
        querystring: StoredReportQuerySchema,
        response: { 200: VersionedStoredReportSchema },
      },
    },
    async (request) =>
      analysis.report(requireAuth(request), request.params.datasetId, request.query.version),
  );
  done();
};
