import {
  FhirExportQuerySchema,
  FhirReportBundleSchema,
  ReportDownloadRequestSchema,
  ReportLetterheadSchema,
  ReportDownloadResponseSchema,
  ReportRunRequestSchema,
  ReportRunResponseSchema,
  ReportVersionSchema,
  ReportVersionsQuerySchema,
  ReportVersionsResponseSchema,
  type PermissionRequirement,
} from '@sarm/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../context.js';
import { requireAuth } from '../http/route-access.js';

const tags = ['analysis'];
const params = z.object({ datasetId: z.string().min(1) });
const VIEW_REPORTS: readonly PermissionRequirement[] = [
  'sarm.view_concentration',
  'sarm.view_motility',
  'sarm.view_morphology',
  'sarm.view_reports',
  'sarm.generate_report',
];

/** Versions, sign-off and amendment of the stored WHO reports (issue 15, reports as records). */
export const reportVersionsRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  const { reportVersions, reportRecords } = services.clinical;

  app.get(
    '/sarm/report/letterhead',
    {
      config: { permission: VIEW_REPORTS },
      schema: {
        tags,
        summary: 'The laboratory identity printed at the head of every report',
        description:
          'Name, address, phone, accreditation and logo (PNG or JPEG data URL) from the general system settings, with the SARM version. Report readers may read it without the settings permission.',
        response: { 200: ReportLetterheadSchema },
      },
    },
    async () => reportRecords.letterhead(),
  );

  app.get(
    '/sarm/report/fhir/:datasetId',
    {
      config: { permission: VIEW_REPORTS },
      schema: {
        tags,
        summary: 'A signed report version as an HL7 FHIR R4 Bundle',
        description:
          'A `collection` Bundle with a DiagnosticReport (status `final`, or `amended` for a version that amends a signed one), one Observation per result (LOINC codes where published, else `https://sarm.example/fhir/CodeSystem/casa`; UCUM units), the Patient and the signing Practitioner. Latest version unless `?version=N`. 409 for an unsigned version, 404 for an unknown one.',
        params,
        querystring: FhirExportQuerySchema,
        response: { 200: FhirReportBundleSchema },
      },
    },
    async (request, reply) => {
      const bundle = await reportRecords.fhirExport(
        requireAuth(request),
        request.params.datasetId,
        request.query.version,
      );
      void reply.header('Content-Type', 'application/fhir+json; charset=utf-8');
      return bundle;
    },
  );

  app.get(
    '/sarm/report/versions/:datasetId',
    {
      config: { permission: VIEW_REPORTS },
      schema: {
        tags,
        summary: 'The versions of a dataset report, newest first',
        description:
          'Every saved run is a version, never changed afterwards except for its sign-off. `canSign` tells whether the caller may sign the latest version now (on every page). `limit` (default and at most 500) and `offset` page them; a page shorter than `limit` is the last. Unknown or invisible dataset: 404.',
        params,
        querystring: ReportVersionsQuerySchema,
        response: { 200: ReportVersionsResponseSchema },
      },
    },
    async (request) =>
      reportVersions.list(requireAuth(request), request.params.datasetId, request.query),
  );

  app.post(
    '/sarm/report/sign/:datasetId',
    {
      config: { permission: ['sarm.sign_report'] },
      schema: {
        tags,
        summary: 'Sign the latest version of a dataset report',
        description:
          'Needs `sarm.sign_report`. 404 without a report, 409 when the latest version is signed already. A saved run after a sign-off is a new version that amends the signed one and needs a `reason`.',
        params,
        response: { 200: ReportVersionSchema },
      },
    },
    async (request) => reportVersions.sign(requireAuth(request), request.params.datasetId),
  );

  app.post(
    '/sarm/report/run/:datasetId',
    {
      config: { permission: ['sarm.generate_report'] },
      schema: {
        tags,
        summary: 'Run both WHO analyses of videos and save them as one report version',
        description:
          'Motility (re-run when `force_reanalysis`) and concentration on the same analyses. All videos must belong to the dataset (400). When a version is signed, `reason` is required (400) and the new version amends the newest signed one.',
        params,
        body: ReportRunRequestSchema,
        response: { 200: ReportRunResponseSchema },
      },
    },
    async (request) =>
      reportVersions.run(requireAuth(request), request.params.datasetId, request.body),
  );

  app.post(
    '/sarm/report/downloads/:datasetId',
    {
      config: { permission: VIEW_REPORTS },
      schema: {
        tags,
        summary: 'Record that a report version was downloaded as PDF',
        description:
          'The PDF is drawn in the browser; this writes the audit entry of its download. 404 for an unknown version.',
        params,
        body: ReportDownloadRequestSchema,
        response: { 200: ReportDownloadResponseSchema },
      },
    },
    async (request) =>
      reportVersions.recordDownload(
        requireAuth(request),
        request.params.datasetId,
        request.body.version,
      ),
  );
  done();
};
