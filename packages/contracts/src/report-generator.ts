import { z } from 'zod';
import { TimestampSchema } from './common.js';
import {
  EMAIL_MAX,
  idText,
  multiLineText,
  NAME_MAX,
  NOTE_MAX,
  SHORT_TEXT_MAX,
  singleLineText,
  SUBJECT_MAX,
} from './limits.js';
import { AnalysisItemSchema, PatientSchema } from './patients.js';

/** The seven section toggles of the report generator (spec 1 §2.4), in screen order. */
export const REPORT_SECTION_KEYS = [
  'includeDoctorInfo',
  'includePatientInfo',
  'includeConcentration',
  'includeMotility',
  'includeMorphology',
  'includeImages',
  'includeWHOComparison',
] as const;
export type ReportSectionKey = (typeof REPORT_SECTION_KEYS)[number];

/** Every section of the report generator switched on. */
export const ALL_REPORT_SECTIONS: Readonly<Record<ReportSectionKey, true>> = {
  includeDoctorInfo: true,
  includePatientInfo: true,
  includeConcentration: true,
  includeMotility: true,
  includeMorphology: true,
  includeImages: true,
  includeWHOComparison: true,
};

export const REPORT_TEMPLATE_NOT_FOUND = 'Template not found';
export const SAVED_REPORT_NOT_FOUND = 'Report not found';
export const ANALYSIS_NOT_FOUND = 'Analysis not found';
export const INVALID_RECIPIENT = 'Please enter a valid recipient email address';
export const SINGLE_RECIPIENT = 'Please enter exactly one recipient email address';
/** The 429 of a user who sent `limit` report e-mails within the last hour. */
export const reportEmailRateLimitMessage = (limit: number, retryAfterSeconds: number) =>
  `You can send at most ${limit} report e-mails per hour. Please try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minute(s).`;
export const INVALID_PDF_ATTACHMENT = 'The attached report is not a PDF document';

/** What a template switches on and the texts it fills in (spec 1 §3 "Report template"). */
export const ReportTemplateDefaultsSchema = z.object({
  includeDoctorInfo: z.boolean(),
  includePatientInfo: z.boolean(),
  includeConcentration: z.boolean(),
  includeMotility: z.boolean(),
  includeMorphology: z.boolean(),
  includeImages: z.boolean(),
  includeWHOComparison: z.boolean(),
  commentText: multiLineText('Comment', NOTE_MAX),
  recommendationText: multiLineText('Recommendation', NOTE_MAX),
});
export type ReportTemplateDefaults = z.infer<typeof ReportTemplateDefaultsSchema>;

export const ReportTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  isDefault: z.boolean(),
  defaults: ReportTemplateDefaultsSchema,
  createdAt: TimestampSchema,
});
export type ReportTemplate = z.infer<typeof ReportTemplateSchema>;

export const ReportTemplateListSchema = z.object({
  templates: z.array(ReportTemplateSchema),
  total: z.number().int(),
});

/** The patient as shown in the report's patient box when it was saved. */
export const ReportPatientInfoSchema = z.object({
  name: singleLineText('Patient name', NAME_MAX, { trim: false }),
  age: z.number().int().nullable(),
  contactNumber: singleLineText('Contact number', SHORT_TEXT_MAX, { trim: false }),
});
export type ReportPatientInfo = z.infer<typeof ReportPatientInfoSchema>;

/** Section toggles, comments and recommendations of a saved report, plus its patient box. */
export const SavedReportSettingsSchema = ReportTemplateDefaultsSchema.extend({
  patientInfo: ReportPatientInfoSchema.nullable().optional(),
});
export type SavedReportSettings = z.infer<typeof SavedReportSettingsSchema>;

export const SavedReportSchema = z.object({
  id: z.string(),
  title: z.string(),
  patientId: z.string().nullable(),
  patientName: z.string().nullable(),
  analysisId: z.string().nullable(),
  templateId: z.string().nullable(),
  settings: SavedReportSettingsSchema,
  createdBy: z.string().nullable(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
  /** Whether the caller may delete it (its creator or a system administrator). */
  canDelete: z.boolean(),
});
export type SavedReport = z.infer<typeof SavedReportSchema>;

/** Largest page of saved reports; the default is one full page, as the screen lists them all. */
export const SAVED_REPORTS_MAX = 500;

/** GET /sarm/reports/saved page by page (`limit`, `offset`); `total` counts them all. */
export const SavedReportListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(SAVED_REPORTS_MAX).default(SAVED_REPORTS_MAX),
  offset: z.coerce.number().int().min(0).default(0),
});

export const SavedReportListSchema = z.object({
  reports: z.array(SavedReportSchema),
  total: z.number().int(),
});

const optionalId = idText().nullable().optional();

/** Body of POST /sarm/reports/saved. */
export const SavedReportInputSchema = z.object({
  title: singleLineText('Title', NAME_MAX, { required: 'Title is required' }),
  templateId: idText('Template').min(1, 'Template is required'),
  patientId: optionalId,
  analysisId: optionalId,
  settings: SavedReportSettingsSchema,
});
export type SavedReportInput = z.infer<typeof SavedReportInputSchema>;

/** GET /sarm/reports/sources: the patients and completed analyses a report can be made from. */
export const ReportSourcesSchema = z.object({
  patients: z.array(PatientSchema),
  analyses: z.array(AnalysisItemSchema),
});
export type ReportSources = z.infer<typeof ReportSourcesSchema>;

/** A PDF of up to about 10 MB, base64 encoded. */
export const MAX_REPORT_PDF_BASE64_LENGTH = 14_000_000;

/** Body of POST /sarm/reports/email (spec 1 §3 "Email request", plus the browser's PDF). */
export const ReportEmailRequestSchema = z.object({
  /** Exactly one address: lists (`a@x.org, b@y.org`) are refused. */
  recipient: singleLineText('Recipient', EMAIL_MAX, { required: 'Recipient is required' })
    .regex(/^[^,;\s]*$/, SINGLE_RECIPIENT)
    .pipe(z.email(INVALID_RECIPIENT)),
  subject: singleLineText('Subject', SUBJECT_MAX).optional(),
  message: multiLineText('Message', NOTE_MAX).optional(),
  reportTitle: singleLineText('Report title', NAME_MAX).optional(),
  analysisId: optionalId,
  patientId: optionalId,
  reportId: optionalId,
  pdfBase64: z
    .string()
    .max(MAX_REPORT_PDF_BASE64_LENGTH, 'The attached report is too large')
    .regex(/^[A-Za-z0-9+/=\s]*$/, INVALID_PDF_ATTACHMENT)
    .optional(),
});
export type ReportEmailRequest = z.infer<typeof ReportEmailRequestSchema>;

export const ReportEmailResponseSchema = z.object({
  sent: z.literal(true),
  message: z.string(),
});
export type ReportEmailResponse = z.infer<typeof ReportEmailResponseSchema>;
