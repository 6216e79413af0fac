import {
  IdParamsSchema,
  MAX_REPORT_PDF_BASE64_LENGTH,
  OkResponseSchema,
  ReportEmailRequestSchema,
  ReportEmailResponseSchema,
  ReportSourcesSchema,
  ReportTemplateListSchema,
  SavedReportInputSchema,
  SavedReportListQuerySchema,
  SavedReportListSchema,
  SavedReportSchema,
  type PermissionRequirement,
} from '@sarm/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Services } from '../context.js';
import { requireAuth } from '../http/route-access.js';

const tags = ['reports'];
const GENERATE: PermissionRequirement = 'sarm.generate_report';
/** Both route families of spec 1 §2.2 answer the same handlers. */
const PREFIXES = ['/sarm/reports', '/business/reports'] as const;
/** Room for a 10 MB PDF in base64 plus the other fields. */
const EMAIL_BODY_LIMIT = MAX_REPORT_PDF_BASE64_LENGTH + 256 * 1024;

/** The report generator: templates, saved reports and e-mailing a report (spec 1 §2.4). */
export const reportGeneratorRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  const reports = services.reportGenerator;

  for (const prefix of PREFIXES) {
    app.get(
      `${prefix}/templates`,
      {
        config: { permission: GENERATE },
        schema: {
          tags,
          summary: 'Report templates, the default first',
          description:
            'Three templates (Standard WHO Report, Brief Summary, Detailed Clinical Report) are created on first use when there are none. `defaults` holds the section toggles and the comment and recommendation texts the template fills in.',
          response: { 200: ReportTemplateListSchema },
        },
      },
      async () => reports.listTemplates(),
    );

    app.get(
      `${prefix}/sources`,
      {
        config: { permission: GENERATE },
        schema: {
          tags,
          summary: 'Patients and completed analyses to build a report from',
          description:
            'The patients and the saved analyses (status `completed`, newest first) of the projects the caller can see, so that report generators need no patient or results permission.',
          response: { 200: ReportSourcesSchema },
        },
      },
      async (request) => reports.sources(requireAuth(request)),
    );

    app.get(
      `${prefix}/saved`,
      {
        config: { permission: GENERATE },
        schema: {
          tags,
          summary: 'Saved reports, newest first',
          description:
            "The caller's own reports; holders of the system_admin role see every user's. `canDelete` tells whether the caller may delete each one. `limit` (default and at most 500) and `offset` page them; `total` counts them all.",
          querystring: SavedReportListQuerySchema,
          response: { 200: SavedReportListSchema },
        },
      },
      async (request) => reports.listSaved(requireAuth(request), request.query),
    );

    app.post(
      `${prefix}/saved`,
      {
        config: { permission: GENERATE },
        schema: {
          tags,
          summary: 'Save a report',
          description:
            'Title is trimmed and required. Unknown template: 404 `Template not found`; a patient or analysis the caller cannot see: 404 `Patient not found` / `Analysis not found` (`analysisId` is the id of a saved analysis, as listed by GET /business/analyses).',
          body: SavedReportInputSchema,
          response: { 201: SavedReportSchema },
        },
      },
      async (request, reply) => {
        const created = await reports.createSaved(requireAuth(request), request.body);
        return reply.status(201).send(created);
      },
    );

    app.get(
      `${prefix}/saved/:id`,
      {
        config: { permission: GENERATE },
        schema: {
          tags,
          summary: 'A saved report',
          description:
            "Another user's report (unless system_admin) or an unknown id: 404 `Report not found`.",
          params: IdParamsSchema,
          response: { 200: SavedReportSchema },
        },
      },
      async (request) => reports.getSaved(requireAuth(request), request.params.id),
    );

    app.delete(
      `${prefix}/saved/:id`,
      {
        config: { permission: GENERATE },
        schema: {
          tags,
          summary: 'Delete a saved report',
          description:
            'Only its creator or a system administrator; otherwise, and for unknown ids, 404 `Report not found`.',
          params: IdParamsSchema,
          response: { 200: OkResponseSchema },
        },
      },
      async (request) => reports.removeSaved(requireAuth(request), request.params.id),
    );

    app.post(
      `${prefix}/email`,
      {
        config: { permission: GENERATE },
        bodyLimit: EMAIL_BODY_LIMIT,
        schema: {
          tags,
          summary: 'E-mail a report',
          description:
            'Sends through the platform mailer (SMTP, or the outbox folder without SMTP). `pdfBase64`, a PDF produced in the browser (at most about 10 MB), is attached; anything else is refused with 400. The subject defaults to "{site name}: {reportTitle}". `reportId`, `patientId` and `analysisId` must be visible to the caller (404 otherwise). An invalid recipient: 400 `Please enter a valid recipient email address`; more than one: 400 `Please enter exactly one recipient email address`. The body is plain text only. Each user may send `reportEmailsPerHour` (system setting, general section, default 20) report e-mails per hour; beyond that 429 with `Retry-After` (seconds). Each sent e-mail is audited with its recipient and report id, never its body.',
          body: ReportEmailRequestSchema,
          response: { 200: ReportEmailResponseSchema },
        },
      },
      async (request) => reports.email(requireAuth(request), request.body),
    );
  }
  done();
};
