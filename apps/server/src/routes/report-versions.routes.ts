import {
  FhirExportQuerySchema,
  FhirReportBundleSchema,
  ReportDownloadRequestSchema,
  ReportLetterheadSchema,
  ReportDownloadResponseSchema,
  ReportReviseRequestSchema,
  ReportSignRequestSchema,
  ReportRunRequestSchema,
  ReportRunResponseSchema,
  ReportVersionSchema,
  ReportVersionsQuerySchema,
  ReportVersionsResponseSchema,
} from '@sarm/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../context.js';
import { requireAuth } from '../http/route-access.js';
import { VIEW_REPORTS } from './clinical-access.js';

const tags = ['analysis'];
const params = z.object({ datasetId: z.string().min(1) });

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
          "A `collection` Bundle with a DiagnosticReport (status `final`, or `amended` for a version that amends a signed one; `conclusion` the clinician's interpretation, else the WHO suggestion), one Observation per result present (UCUM units; WHO flag L / H / N; bench figures with their method, cells assessed and 95 % interval, performed by the technician who counted), the Patient, the signing Practitioner and the counting technicians. LOINC codes: volume 3160-9, concentration 9780-8, progressive 14194-5, total motile 6800-7, non-progressive 10620-3, immotile 10611-2, vitality 10613-8, normal forms 10622-9, head / midpiece / tail defects 10602-1 / 10603-9 / 10604-7, round cells 10585-8, leukocytes 10579-1, MAR IgG / IgA 10617-9 / 10615-3, immunobead IgG / IgA 10616-1 / 10614-6. No LOINC code exists for exactly these, so they use `https://sarm.example/fhir/CodeSystem/casa`: total sperm number, excess residual cytoplasm, TZI, SDI, agglutination grade and type, the panel. Latest version unless `?version=N`. 409 for an unsigned version, 404 for an unknown one.",
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
        summary: 'Sign the latest version of a dataset report electronically',
        description:
          "Needs `sarm.sign_report`, the signer's password again and the meaning of the signature (`reviewed_and_released`), stored with it. 403 `SIGNATURE_PASSWORD_WRONG` for a wrong password (nothing signed; a warning in the audit trail), 404 without a report, 409 when the latest version is signed already. A saved run after a sign-off is a new version that amends the signed one and needs a `reason`.",
        params,
        body: ReportSignRequestSchema,
        response: { 200: ReportVersionSchema },
      },
    },
    async (request) =>
      reportVersions.sign(requireAuth(request), request.params.datasetId, request.body),
  );

  app.post(
    '/sarm/report/revise/:datasetId',
    {
      config: { permission: ['sarm.generate_report', 'sarm.sign_report'] },
      schema: {
        tags,
        summary: 'Save a new version with the current bench assessments and interpretation',
        description:
          "Needs `sarm.generate_report` or `sarm.sign_report`. The new version is the latest one with the sample's current assessments frozen in it and, when given, the interpretation: a text is stored as the clinician's (editor, time, and the WHO terms suggested from the version's figures), `null` goes back to the suggestion, absent keeps it. 404 `Report not found` without a version. After a sign-off, `reason` is required (400) and the version amends the newest signed one.",
        params,
        body: ReportReviseRequestSchema,
        response: { 200: ReportVersionSchema },
      },
    },
    async (request) =>
      reportVersions.revise(requireAuth(request), request.params.datasetId, request.body),
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
