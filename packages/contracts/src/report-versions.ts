import { z } from 'zod';
import {
  CalculationRequestSchema,
  ConcentrationReportSchema,
  MotilityReportSchema,
  StoredReportSchema,
} from './analysis.js';
import { CurrentAssessmentsSchema } from './assessments.js';
import { ReportInterpretationSchema } from './interpretation.js';
import { DESCRIPTION_MAX, multiLineText } from './limits.js';
import { ReportSampleSchema } from './report-records.js';

/** 400 when a saved run follows a sign-off without saying why. */
export const AMEND_REASON_REQUIRED =
  'This report is signed: a reason is required to amend it with a new version';
/** 409 on a second sign-off of the same version. */
export const REPORT_ALREADY_SIGNED = 'The latest version of this report is already signed';
export const REPORT_VERSION_NOT_FOUND = 'Report version not found';

/** Who created or signed a version; the name is a copy kept when the account is deleted. */
export const ReportPersonSchema = z.object({ id: z.string().nullable(), name: z.string() });
export type ReportPerson = z.infer<typeof ReportPersonSchema>;

/** One saved run of a sample's WHO report; immutable except for its one sign-off. */
export const ReportVersionSchema = z.object({
  version: z.number().int().min(1),
  createdAt: z.string(),
  /** Null for reports saved before versions existed. */
  createdBy: ReportPersonSchema.nullable(),
  signed: z.boolean(),
  signedBy: ReportPersonSchema.nullable(),
  signedAt: z.string().nullable(),
  /** What the signature means (21 CFR Part 11 §11.50); null for versions signed before it was asked. */
  signatureMeaning: z.enum(['reviewed_and_released']).nullable(),
  /** The signed version this version amends; null when it amends nothing. */
  amends: z.number().int().nullable(),
  /** Why the signed version was amended; set whenever `amends` is. */
  reason: z.string().nullable(),
});
export type ReportVersion = z.infer<typeof ReportVersionSchema>;

/** Largest page of a report's versions; the default is one full page, as the screen lists them all. */
export const REPORT_VERSIONS_MAX = 500;

/** GET /sarm/report/versions/{datasetId} page by page (`limit`, `offset`). */
export const ReportVersionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(REPORT_VERSIONS_MAX).default(REPORT_VERSIONS_MAX),
  offset: z.coerce.number().int().min(0).default(0),
});

/** GET /sarm/report/versions/{datasetId}: newest first. */
export const ReportVersionsResponseSchema = z.object({
  datasetId: z.string(),
  versions: z.array(ReportVersionSchema),
  /** The caller holds `sarm.sign_report` and the latest version is unsigned. */
  canSign: z.boolean(),
});
export type ReportVersionsResponse = z.infer<typeof ReportVersionsResponseSchema>;

/** Query of GET /sarm/report/get-report/{datasetId}: a version number, the latest when absent. */
export const StoredReportQuerySchema = z.object({
  version: z.coerce.number().int().min(1).max(1_000_000).optional(),
});

/** GET /sarm/report/get-report/{datasetId}: the stored report with the version it is. */
export const VersionedStoredReportSchema = StoredReportSchema.extend({
  report_version: ReportVersionSchema,
  /** The sample as it was when the version was saved (patient, collection, chamber, calibration). */
  sample: ReportSampleSchema,
  /** The sample's bench assessments as they stood when the version was saved. */
  assessments: CurrentAssessmentsSchema,
  /** The clinician's interpretation; null while only the computed suggestion exists. */
  interpretation: ReportInterpretationSchema.nullable(),
});
export type VersionedStoredReport = z.infer<typeof VersionedStoredReportSchema>;

/** POST /sarm/report/run/{datasetId}: both WHO analyses of the videos saved as one version. */
export const ReportRunRequestSchema = CalculationRequestSchema.omit({ save_results: true });
export type ReportRunRequest = z.infer<typeof ReportRunRequestSchema>;
export const ReportRunResponseSchema = z.object({
  report_version: ReportVersionSchema,
  concentration_report: ConcentrationReportSchema,
  motility_report: MotilityReportSchema,
});
export type ReportRunResponse = z.infer<typeof ReportRunResponseSchema>;

/** POST /sarm/report/downloads/{datasetId}: the browser tells which version it saved as PDF. */
export const ReportDownloadRequestSchema = z.object({ version: z.number().int().min(1) });
export const ReportDownloadResponseSchema = z.object({ recorded: z.boolean() });

/** Meanings a signature may carry; signing releases the report, so it is the one offered. */
export const SIGNATURE_MEANINGS = ['reviewed_and_released'] as const;
export type SignatureMeaning = (typeof SIGNATURE_MEANINGS)[number];

/** POST /sarm/report/sign/{datasetId}: an electronic signature asks for the password again. */
export const ReportSignRequestSchema = z.object({
  password: z.string().min(1).max(1024),
  meaning: z.enum(SIGNATURE_MEANINGS),
});
export type ReportSignRequest = z.infer<typeof ReportSignRequestSchema>;
/** 403 when the password given to sign is not the signer's. */
export const SIGNATURE_PASSWORD_WRONG = 'The password is incorrect: the report was not signed';

/**
 * POST /sarm/report/revise/{datasetId}: a new version of the latest one with the sample's current
 * bench assessments and, when given, the clinician's interpretation (null: back to the
 * suggestion). After a sign-off it amends the signed version and needs a `reason`.
 */
export const ReportReviseRequestSchema = z.object({
  interpretation: multiLineText('Interpretation', DESCRIPTION_MAX, { trim: true })
    .nullable()
    .optional(),
  reason: multiLineText('Reason', DESCRIPTION_MAX, { trim: true }).optional(),
});
export type ReportReviseRequest = z.infer<typeof ReportReviseRequestSchema>;
