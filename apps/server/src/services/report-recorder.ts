import {
  AMEND_REASON_REQUIRED,
  type CurrentAssessments,
  type ReportVersion,
} from '@sarm/contracts';
import type { Clock } from '../clock.js';
import type { DatasetReportVersionRow } from '../db/schema/index.js';
import { badRequest } from '../http/errors.js';
import type { ReportVersionsRepository } from '../repositories/report-versions.repository.js';
import type { AuthContext } from './access.js';
import type { AuditService } from './audit.service.js';
import type { ReportSampleReader } from './report-sample.js';

/** Audit entries of report versions name this resource type. */
export const REPORT_AUDIT_RESOURCE = 'dataset_report';
/** Audit messages quote the reason; a very long one is shortened there (the version keeps it all). */
const AUDIT_REASON_MAX = 500;

const person = (id: string | null, name: string | null) => (name === null ? null : { id, name });

/** A stored version as the API answers it. */
export function toReportVersion(row: DatasetReportVersionRow): ReportVersion {
  return {
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    createdBy: person(row.createdBy, row.createdByName),
    signed: row.signedAt !== null,
    signedBy: person(row.signedBy, row.signedByName),
    signedAt: row.signedAt?.toISOString() ?? null,
    signatureMeaning: row.signatureMeaning ?? null,
    amends: row.amends,
    reason: row.reason,
  };
}

/** The signed-in user as a version's author. */
export const authorOf = (auth: AuthContext) => ({ id: auth.user.id, name: auth.user.displayName });
/** What a new version replaces in the latest payload, possibly computed from the payload it builds. */
export type VersionPart =
  Record<string, unknown> | ((base: Record<string, unknown>) => Record<string, unknown>);
const shortened = (text: string) =>
  text.length > AUDIT_REASON_MAX ? `${text.slice(0, AUDIT_REASON_MAX)}…` : text;

/**
 * Saves WHO runs as report versions: a run after a sign-off amends the newest signed version and
 * must say why. Used by the calculation routes (`save_results`) and the one-step report run.
 */
export function createReportRecorder(deps: {
  versions: ReportVersionsRepository;
  audit: AuditService;
  clock: Clock;
  /** The sample as it is now, frozen into each version (patient, collection, calibration). */
  sampleOf: ReportSampleReader;
  /** The sample's current bench assessments, frozen into each version beside the sample. */
  assessmentsOf: (datasetId: string) => Promise<CurrentAssessments>;
}) {
  /** 400 before any engine work when the dataset has a signed version and no reason is given. */
  async function assertReasonWhenSigned(datasetId: string, reason: string | undefined) {
    if (reason !== undefined && reason !== '') return;
    const versions = await deps.versions.list(datasetId);
    if (versions.some((row) => row.signedAt !== null)) throw badRequest(AMEND_REASON_REQUIRED);
  }

  /**
   * Appends a version whose payload is the latest one's with the sample and its assessments as
   * they are now and `part`'s keys replaced (the interpretation is carried over unless `part`
   * replaces it). `change` says in the audit entry what the version changed, when not a run.
   */
  async function record(
    auth: AuthContext,
    dataset: { readonly id: string; readonly name: string },
    part: VersionPart,
    reason: string | undefined,
    change?: string,
  ): Promise<DatasetReportVersionRow> {
    const given = reason === undefined || reason === '' ? null : reason;
    const sample = await deps.sampleOf(dataset.id);
    const assessments = await deps.assessmentsOf(dataset.id);
    const row = await deps.versions.append(
      dataset.id,
      authorOf(auth),
      deps.clock.now(),
      ({ latest, newestSigned }) => {
        if (newestSigned !== undefined && given === null) throw badRequest(AMEND_REASON_REQUIRED);
        const base = { ...latest?.payload, sample, assessments };
        return {
          payload: { ...base, ...(typeof part === 'function' ? part(base) : part) },
          amends: newestSigned?.version ?? null,
          reason: given,
        };
      },
    );
    const changed = change === undefined ? '' : ` (${change})`;
    await deps.audit.record({
      type: 'data',
      severity: row.amends === null ? 'info' : 'warning',
      message:
        row.amends === null
          ? `WHO report of sample "${dataset.name}" saved as version ${row.version}${changed}`
          : `WHO report of sample "${dataset.name}" amended: version ${row.version} amends signed version ${row.amends}${changed}. Reason: ${shortened(row.reason ?? '')}`,
      actor: auth.user,
      resource: { id: dataset.id, type: REPORT_AUDIT_RESOURCE },
    });
    return row;
  }

  return { assertReasonWhenSigned, record };
}
export type ReportRecorder = ReturnType<typeof createReportRecorder>;
