import {
  ALL_REPORT_SECTIONS,
  ANALYSIS_NOT_FOUND,
  INVALID_PDF_ATTACHMENT,
  REPORT_TEMPLATE_NOT_FOUND,
  reportEmailRateLimitMessage,
  ReportTemplateDefaultsSchema,
  SAVED_REPORT_NOT_FOUND,
  SavedReportSettingsSchema,
  type ReportEmailRequest,
  type AnalysisItem,
  type Patient,
  type ReportEmailResponse,
  type ReportSources,
  type ReportTemplate,
  type ReportTemplateDefaults,
  type SavedReport,
  type SavedReportInput,
} from '@sarm/contracts';
import type { Clock } from '../clock.js';
import type { PatientRow, ReportTemplateRow, VideoRow } from '../db/schema/index.js';
import { badRequest, notFound, RetryLaterError } from '../http/errors.js';
import type { Mailer } from '../mail/mailer.js';
import type {
  ReportsRepository,
  SavedReportWithPatient,
} from '../repositories/reports.repository.js';
import type { AuthContext } from './access.js';
import type { AuditService } from './audit.service.js';

/** The templates a fresh installation starts with; administrators' edits are never overwritten. */
export const DEFAULT_REPORT_TEMPLATES: readonly {
  readonly name: string;
  readonly isDefault: boolean;
  readonly defaults: ReportTemplateDefaults;
}[] = [
  {
    name: 'Standard WHO Report',
    isDefault: true,
    defaults: {
      ...ALL_REPORT_SECTIONS,
      commentText:
        'Semen parameters were assessed by computer-assisted sperm analysis and compared with the reference values.',
      recommendationText:
        'Please discuss these results with your physician. Repeat the analysis after 2 to 3 months if any value is below the reference.',
    },
  },
  {
    name: 'Brief Summary',
    isDefault: false,
    defaults: {
      ...ALL_REPORT_SECTIONS,
      includeDoctorInfo: false,
      includeMorphology: false,
      includeImages: false,
      commentText: 'Summary of the main semen parameters.',
      recommendationText: '',
    },
  },
  {
    name: 'Detailed Clinical Report',
    isDefault: false,
    defaults: {
      ...ALL_REPORT_SECTIONS,
      commentText:
        'Detailed computer-assisted analysis of concentration, motility and head morphometry of the sample.',
      recommendationText:
        'Correlate with the clinical history and hormonal profile. Consider a repeat analysis with 2 to 7 days of abstinence to confirm abnormal values.',
    },
  },
];

const FALLBACK_DEFAULTS: ReportTemplateDefaults = {
  ...ALL_REPORT_SECTIONS,
  commentText: '',
  recommendationText: '',
};

/** Template defaults as stored (jsonb), completed with the standard ones where a key is missing. */
function readDefaults(stored: Record<string, unknown>): ReportTemplateDefaults {
  const parsed = ReportTemplateDefaultsSchema.partial().safeParse(stored);
  return { ...FALLBACK_DEFAULTS, ...(parsed.success ? parsed.data : {}) };
}

function toTemplate(row: ReportTemplateRow): ReportTemplate {
  return {
    id: row.id,
    name: row.name,
    isDefault: row.isDefault,
    defaults: readDefaults(row.defaults),
    createdAt: row.createdAt.toISOString(),
  };
}

const PDF_MAGIC = '%PDF-';

/** The audit resource type of a sent report e-mail; the hourly limit counts these entries. */
export const REPORT_EMAIL_AUDIT_TYPE = 'report_email';
const HOUR_MS = 60 * 60 * 1000;

/** A file name for the attachment: the title's safe characters, `report` when none remain. */
export function attachmentName(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._ -]+/g, '')
    .trim()
    .replace(/\s+/g, '_')
    .slice(0, 80);
  return `${base === '' ? 'report' : base}.pdf`;
}

/** Decodes the browser's PDF; 400 when it is not one. */
function decodePdf(base64: string): Buffer {
  const content = Buffer.from(base64.replace(/\s+/g, ''), 'base64');
  if (content.subarray(0, PDF_MAGIC.length).toString('latin1') !== PDF_MAGIC)
    throw badRequest(INVALID_PDF_ATTACHMENT);
  return content;
}

export interface ReportGeneratorDeps {
  readonly reports: ReportsRepository;
  readonly findVisiblePatient: (auth: AuthContext, id: string) => Promise<PatientRow>;
  readonly findVisibleVideo: (auth: AuthContext, id: string) => Promise<VideoRow>;
  readonly listPatients: (auth: AuthContext) => Promise<{ patients: Patient[] }>;
  readonly listCompletedAnalyses: (auth: AuthContext) => Promise<{ analyses: AnalysisItem[] }>;
  readonly siteName: () => Promise<string>;
  /** The `reportEmailsPerHour` system setting. */
  readonly reportEmailsPerHour: () => Promise<number>;
  /** Audit entries of a user and resource type since an instant, and the oldest one's time. */
  readonly countRecentAudit: (
    userId: string,
    resourceType: string,
    since: Date,
  ) => Promise<{ count: number; oldest: Date | null }>;
  readonly mailer: Mailer;
  readonly audit: AuditService;
  readonly clock: Clock;
}

/**
 * The report generator (spec 1 §2.4): templates seeded on first use, reports saved per user,
 * and e-mailing a report with the PDF the browser produced.
 */
export function createReportGeneratorService(deps: ReportGeneratorDeps) {
  let seeded = false;

  async function ensureTemplates(): Promise<void> {
    if (seeded) return;
    const now = deps.clock.now();
    await deps.reports.seedTemplatesIfEmpty(
      DEFAULT_REPORT_TEMPLATES.map((template, index) => ({
        name: template.name,
        isDefault: template.isDefault,
        defaults: { ...template.defaults },
        // Distinct creation times keep the seeded order stable.
        createdAt: new Date(now.getTime() + index),
        updatedAt: now,
      })),
    );
    seeded = true;
  }

  async function listTemplates() {
    await ensureTemplates();
    const templates = (await deps.reports.listTemplates()).map(toTemplate);
    return { templates, total: templates.length };
  }

  /** Patients and completed analyses visible to the caller, for the generator's choices. */
  async function sources(auth: AuthContext): Promise<ReportSources> {
    const [{ patients }, { analyses }] = await Promise.all([
      deps.listPatients(auth),
      deps.listCompletedAnalyses(auth),
    ]);
    return { patients, analyses };
  }

  const mayDelete = (auth: AuthContext, createdBy: string | null) =>
    auth.isAdmin || createdBy === auth.user.id;

  function toSavedReport(auth: AuthContext, found: SavedReportWithPatient): SavedReport {
    const { report } = found;
    const parsed = SavedReportSettingsSchema.partial().safeParse(report.settings);
    const settings = { ...FALLBACK_DEFAULTS, ...(parsed.success ? parsed.data : {}) };
    return {
      id: report.id,
      title: report.title,
      patientId: report.patientId,
      patientName: found.patientName ?? settings.patientInfo?.name ?? null,
      analysisId: report.analysisId,
      templateId: report.templateId,
      settings,
      createdBy: report.createdBy,
      createdAt: report.createdAt.toISOString(),
      updatedAt: report.updatedAt.toISOString(),
      canDelete: mayDelete(auth, report.createdBy),
    };
  }

  /** The caller's reports; a system administrator sees everyone's. */
  /** One page of the caller's saved reports (everyone's for administrators); `total` counts them all. */
  async function listSaved(auth: AuthContext, page: { limit: number; offset: number }) {
    const { rows, total } = await deps.reports.listSaved(
      auth.isAdmin ? null : auth.user.id,
      page.limit,
      page.offset,
    );
    return { reports: rows.map((row) => toSavedReport(auth, row)), total };
  }

  /** A report of the caller (any report for administrators); 404 otherwise. */
  async function findOwn(auth: AuthContext, id: string): Promise<SavedReportWithPatient> {
    const found = await deps.reports.findSaved(id);
    if (found === undefined || !mayDelete(auth, found.report.createdBy))
      throw notFound(SAVED_REPORT_NOT_FOUND);
    return found;
  }

  async function getSaved(auth: AuthContext, id: string): Promise<SavedReport> {
    return toSavedReport(auth, await findOwn(auth, id));
  }

  /** 404 `Analysis not found` unless the analysis exists on a video the caller can see. */
  async function checkAnalysis(auth: AuthContext, analysisId: string): Promise<void> {
    const videoId = await deps.reports.analysisVideoId(analysisId);
    if (videoId === undefined) throw notFound(ANALYSIS_NOT_FOUND);
    try {
      await deps.findVisibleVideo(auth, videoId);
    } catch {
      throw notFound(ANALYSIS_NOT_FOUND);
    }
  }

  async function createSaved(auth: AuthContext, input: SavedReportInput): Promise<SavedReport> {
    if ((await deps.reports.findTemplate(input.templateId)) === undefined)
      throw notFound(REPORT_TEMPLATE_NOT_FOUND);
    const patient =
      input.patientId == null ? null : await deps.findVisiblePatient(auth, input.patientId);
    if (input.analysisId != null) await checkAnalysis(auth, input.analysisId);
    const now = deps.clock.now();
    const row = await deps.reports.insertSaved({
      title: input.title,
      templateId: input.templateId,
      patientId: patient?.id ?? null,
      analysisId: input.analysisId ?? null,
      settings: { ...input.settings },
      createdBy: auth.user.id,
      createdAt: now,
      updatedAt: now,
    });
    await deps.audit.record({
      type: 'data',
      severity: 'info',
      message: `Report "${row.title}" saved`,
      actor: auth.user,
      resource: { id: row.id, type: 'report' },
    });
    return toSavedReport(auth, { report: row, patientName: patient?.name ?? null });
  }

  async function removeSaved(auth: AuthContext, id: string) {
    const found = await findOwn(auth, id);
    await deps.reports.removeSaved(id);
    await deps.audit.record({
      type: 'data',
      severity: 'info',
      message: `Report "${found.report.title}" deleted`,
      actor: auth.user,
      resource: { id, type: 'report' },
    });
    return { success: true as const, message: 'Report deleted' };
  }

  /**
   * 429 with the seconds to wait once the user sent `reportEmailsPerHour` report e-mails within the
   * last hour. Counted from the audit trail, so every API process sees the same count; concurrent
   * requests of one user can overshoot by the few that pass the check together.
   */
  async function checkEmailRate(auth: AuthContext): Promise<void> {
    const limit = await deps.reportEmailsPerHour();
    const now = deps.clock.now().getTime();
    const recent = await deps.countRecentAudit(
      auth.user.id,
      REPORT_EMAIL_AUDIT_TYPE,
      new Date(now - HOUR_MS),
    );
    if (recent.count < limit) return;
    const oldest = recent.oldest?.getTime() ?? now;
    const retryAfterSeconds = Math.max(1, Math.ceil((oldest + HOUR_MS - now) / 1000));
    throw new RetryLaterError(
      reportEmailRateLimitMessage(limit, retryAfterSeconds),
      retryAfterSeconds,
    );
  }

  /**
   * Sends the report by e-mail through the platform mailer, with the PDF when one is given. The
   * body is plain text only (no HTML part), so nothing typed by the user is rendered as markup.
   */
  async function email(
    auth: AuthContext,
    request: ReportEmailRequest,
  ): Promise<ReportEmailResponse> {
    await checkEmailRate(auth);
    const pdf = request.pdfBase64 === undefined ? null : decodePdf(request.pdfBase64);
    const patient =
      request.patientId == null ? null : await deps.findVisiblePatient(auth, request.patientId);
    if (request.analysisId != null) await checkAnalysis(auth, request.analysisId);
    const saved = request.reportId == null ? null : await findOwn(auth, request.reportId);
    const siteName = await deps.siteName();
    const title = request.reportTitle || saved?.report.title || 'Semen analysis report';
    const subject = request.subject || `${siteName}: ${title}`;
    const lines = [
      ...(request.message ? [request.message.trim(), ''] : []),
      `Report: ${title}`,
      ...(patient === null ? [] : [`Patient: ${patient.name}`]),
      ...(pdf === null ? [] : ['The report is attached as a PDF document.']),
      '',
      `Sent by ${auth.user.displayName} <${auth.user.email}> from ${siteName}.`,
    ];
    await deps.mailer.sendMail({
      to: request.recipient,
      subject,
      text: lines.join('\n'),
      ...(pdf === null
        ? {}
        : {
            attachments: [
              { filename: attachmentName(title), content: pdf, contentType: 'application/pdf' },
            ],
          }),
    });
    // Recipient and report, never the message body.
    await deps.audit.record({
      type: 'data',
      severity: 'info',
      message: `Report "${title}" e-mailed to ${request.recipient}`,
      actor: auth.user,
      resource: { id: saved?.report.id ?? null, type: REPORT_EMAIL_AUDIT_TYPE },
    });
    return { sent: true, message: `Report sent to ${request.recipient}` };
  }

  return { listTemplates, sources, listSaved, getSaved, createSaved, removeSaved, email };
}
export type ReportGeneratorService = ReturnType<typeof createReportGeneratorService>;
