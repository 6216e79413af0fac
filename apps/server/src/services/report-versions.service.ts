import {
  AMEND_REASON_REQUIRED,
  REPORT_ALREADY_SIGNED,
  REPORT_VERSION_NOT_FOUND,
  ConcentrationReportSchema,
  MotilityReportSchema,
  type ReportRunRequest,
  type ReportRunResponse,
  type ReportVersion,
  type ReportVersionsResponse,
} from '@sarm/contracts';
import type { Clock } from '../clock.js';
import type { DatasetReportVersionRow } from '../db/schema/index.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import type { DatasetsRepository } from '../repositories/datasets.repository.js';
import type { ReportVersionsRepository } from '../repositories/report-versions.repository.js';
import { meetsRequirement, type AuthContext } from './access.js';
import type { AnalysisService } from './analysis.service.js';
import type { AuditService } from './audit.service.js';
import type { ProjectScope } from './project-scope.js';
import type { ReportSampleReader } from './report-sample.js';
import type { VideosService } from './videos.service.js';

export const DATASET_NOT_FOUND = 'Dataset not found';
export const REPORT_NOT_FOUND = 'Report not found';
export const VIDEOS_OUTSIDE_DATASET = 'All videos must belong to the dataset of the report';
const AUDIT_RESOURCE = 'dataset_report';
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
    amends: row.amends,
    reason: row.reason,
  };
}

/** Patients are looked up when a report is read, so later links and edits show: not stored. */
function withoutPatients<T extends { patients?: unknown }>(report: T): Omit<T, 'patients'> {
  const copy = { ...report };
  delete copy.patients;
  return copy;
}

const authorOf = (auth: AuthContext) => ({ id: auth.user.id, name: auth.user.displayName });
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
}) {
  /** 400 before any engine work when the dataset has a signed version and no reason is given. */
  async function assertReasonWhenSigned(datasetId: string, reason: string | undefined) {
    if (reason !== undefined && reason !== '') return;
    const versions = await deps.versions.list(datasetId);
    if (versions.some((row) => row.signedAt !== null)) throw badRequest(AMEND_REASON_REQUIRED);
  }

  /** Appends a version whose payload is the latest one's with `part`'s keys replaced. */
  async function record(
    auth: AuthContext,
    dataset: { readonly id: string; readonly name: string },
    part: Record<string, unknown>,
    reason: string | undefined,
  ): Promise<DatasetReportVersionRow> {
    const given = reason === undefined || reason === '' ? null : reason;
    const sample = await deps.sampleOf(dataset.id);
    const row = await deps.versions.append(
      dataset.id,
      authorOf(auth),
      deps.clock.now(),
      ({ latest, newestSigned }) => {
        if (newestSigned !== undefined && given === null) throw badRequest(AMEND_REASON_REQUIRED);
        return {
          payload: { ...latest?.payload, ...part, sample },
          amends: newestSigned?.version ?? null,
          reason: given,
        };
      },
    );
    await deps.audit.record({
      type: 'data',
      severity: row.amends === null ? 'info' : 'warning',
      message:
        row.amends === null
          ? `WHO report of sample "${dataset.name}" saved as version ${row.version}`
          : `WHO report of sample "${dataset.name}" amended: version ${row.version} amends signed version ${row.amends}. Reason: ${shortened(row.reason ?? '')}`,
      actor: auth.user,
      resource: { id: dataset.id, type: AUDIT_RESOURCE },
    });
    return row;
  }

  return { assertReasonWhenSigned, record };
}
export type ReportRecorder = ReturnType<typeof createReportRecorder>;

/** Report versions of a sample: the list, sign-off, the one-step run and download records. */
export function createReportVersionsService(deps: {
  versions: ReportVersionsRepository;
  recorder: ReportRecorder;
  datasets: Pick<DatasetsRepository, 'findById'>;
  videos: Pick<VideosService, 'findVisible'>;
  analysis: Pick<AnalysisService, 'calculate'>;
  scope: ProjectScope;
  audit: AuditService;
  clock: Clock;
}) {
  async function visibleDataset(auth: AuthContext, datasetId: string) {
    const found = await deps.datasets.findById(datasetId);
    if (found === undefined || !(await deps.scope.canSee(auth, found.dataset.projectId)))
      throw notFound(DATASET_NOT_FOUND);
    return found.dataset;
  }

  /** One page of the versions, newest first; `canSign` always speaks of the latest version. */
  async function list(
    auth: AuthContext,
    datasetId: string,
    page: { limit: number; offset: number },
  ): Promise<ReportVersionsResponse> {
    await visibleDataset(auth, datasetId);
    const rows = await deps.versions.list(datasetId, page);
    const latest = page.offset === 0 ? rows[0] : await deps.versions.find(datasetId);
    return {
      datasetId,
      versions: rows.map(toReportVersion),
      canSign:
        latest !== undefined &&
        latest.signedAt === null &&
        meetsRequirement(auth, 'sarm.sign_report'),
    };
  }

  /** Signs the latest version: 404 without a report, 409 when it is signed already. */
  async function sign(auth: AuthContext, datasetId: string): Promise<ReportVersion> {
    const dataset = await visibleDataset(auth, datasetId);
    const latest = await deps.versions.find(datasetId);
    if (latest === undefined) throw notFound(REPORT_NOT_FOUND);
    if (latest.signedAt !== null) throw conflict(REPORT_ALREADY_SIGNED);
    const signed = await deps.versions.sign(latest.id, authorOf(auth), deps.clock.now());
    if (signed === undefined) throw conflict(REPORT_ALREADY_SIGNED);
    await deps.audit.record({
      type: 'data',
      severity: 'info',
      message: `WHO report of sample "${dataset.name}" version ${signed.version} signed`,
      actor: auth.user,
      resource: { id: datasetId, type: AUDIT_RESOURCE },
    });
    return toReportVersion(signed);
  }

  /**
   * Runs motility (forced when asked) and concentration on the same analyses and saves both as
   * one version, so one run from the screen is one version of the report.
   */
  async function run(
    auth: AuthContext,
    datasetId: string,
    request: ReportRunRequest,
  ): Promise<ReportRunResponse> {
    const dataset = await visibleDataset(auth, datasetId);
    for (const id of request.video_ids) {
      const video = await deps.videos.findVisible(auth, id);
      if (video.datasetId !== datasetId) throw badRequest(VIDEOS_OUTSIDE_DATASET);
    }
    await deps.recorder.assertReasonWhenSigned(datasetId, request.reason);
    const base = { video_ids: request.video_ids, save_results: false };
    const motility = MotilityReportSchema.parse(
      await deps.analysis.calculate(auth, 'motility', {
        ...base,
        force_reanalysis: request.force_reanalysis,
      }),
    );
    // Reuses the analyses the motility run has just stored (same settings).
    const concentration = ConcentrationReportSchema.parse(
      await deps.analysis.calculate(auth, 'concentration', { ...base, force_reanalysis: false }),
    );
    const row = await deps.recorder.record(
      auth,
      dataset,
      {
        dataset_name: dataset.name,
        project_id: dataset.projectId,
        concentration_report: withoutPatients(concentration),
        motility_report: withoutPatients(motility),
      },
      request.reason,
    );
    return {
      report_version: toReportVersion(row),
      concentration_report: concentration,
      motility_report: motility,
    };
  }

  /**
   * Records that the caller saved the PDF of a version. The PDF is drawn in the browser, so the
   * browser reports the download; 404 for a version that does not exist.
   */
  async function recordDownload(auth: AuthContext, datasetId: string, version: number) {
    const dataset = await visibleDataset(auth, datasetId);
    const row = await deps.versions.find(datasetId, version);
    if (row === undefined) throw notFound(REPORT_VERSION_NOT_FOUND);
    await deps.audit.record({
      type: 'data',
      severity: 'info',
      message: `WHO report of sample "${dataset.name}" version ${row.version} downloaded as PDF`,
      actor: auth.user,
      resource: { id: datasetId, type: AUDIT_RESOURCE },
    });
    return { recorded: true };
  }

  return { list, sign, run, recordDownload };
}
export type ReportVersionsService = ReturnType<typeof createReportVersionsService>;
