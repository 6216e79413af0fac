import {
  REPORT_ALREADY_SIGNED,
  REPORT_VERSION_NOT_FOUND,
  SIGNATURE_PASSWORD_WRONG,
  VIDEO_DISCARDED_MESSAGE,
  ConcentrationReportSchema,
  MotilityReportSchema,
  suggestInterpretation,
  type ReportInterpretation,
  type ReportReviseRequest,
  type ReportRunRequest,
  type ReportRunResponse,
  type ReportSignRequest,
  type ReportVersion,
  type ReportVersionsResponse,
  type SignatureMeaning,
} from '@sarm/contracts';
import type { Clock } from '../clock.js';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.js';
import type { DatasetsRepository } from '../repositories/datasets.repository.js';
import type { ReportVersionsRepository } from '../repositories/report-versions.repository.js';
import { meetsRequirement, type AuthContext } from './access.js';
import type { AnalysisService } from './analysis.service.js';
import type { AuditService } from './audit.service.js';
import type { ProjectScope } from './project-scope.js';
import {
  authorOf,
  REPORT_AUDIT_RESOURCE,
  toReportVersion,
  type ReportRecorder,
} from './report-recorder.js';
import { payloadFigures } from './report-figures.js';
import type { VideosService } from './videos.service.js';

export const DATASET_NOT_FOUND = 'Dataset not found';
export const REPORT_NOT_FOUND = 'Report not found';
export const VIDEOS_OUTSIDE_DATASET = 'All videos must belong to the dataset of the report';

/** Patients are looked up when a report is read, so later links and edits show: not stored. */
function withoutPatients<T extends { patients?: unknown }>(report: T): Omit<T, 'patients'> {
  const copy = { ...report };
  delete copy.patients;
  return copy;
}

/** The meaning of a signature as the audit trail words it. */
const MEANING_WORDS: Record<SignatureMeaning, string> = {
  reviewed_and_released: 'reviewed and released',
};

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
  /** True when the password is the caller's own (the sign-in check, reused for signatures). */
  passwordMatches: (auth: AuthContext, password: string) => Promise<boolean>;
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

  /**
   * Signs the latest version electronically: the signer gives the password again and what the
   * signature means (21 CFR Part 11 §11.50, §11.200). 403 for a wrong password (nothing signed,
   * a warning in the audit trail), 404 without a report, 409 when it is signed already.
   */
  async function sign(
    auth: AuthContext,
    datasetId: string,
    request: ReportSignRequest,
  ): Promise<ReportVersion> {
    const dataset = await visibleDataset(auth, datasetId);
    const latest = await deps.versions.find(datasetId);
    if (latest === undefined) throw notFound(REPORT_NOT_FOUND);
    if (latest.signedAt !== null) throw conflict(REPORT_ALREADY_SIGNED);
    if (!(await deps.passwordMatches(auth, request.password))) {
      // A wrong password may be someone at an unattended session: leave a trace.
      await deps.audit.record({
        type: 'data',
        severity: 'warning',
        message: `Signature of WHO report of sample "${dataset.name}" version ${latest.version} refused: password incorrect`,
        actor: auth.user,
        resource: { id: datasetId, type: REPORT_AUDIT_RESOURCE },
      });
      throw forbidden(SIGNATURE_PASSWORD_WRONG);
    }
    const signed = await deps.versions.sign(
      latest.id,
      authorOf(auth),
      request.meaning,
      deps.clock.now(),
    );
    if (signed === undefined) throw conflict(REPORT_ALREADY_SIGNED);
    await deps.audit.record({
      type: 'data',
      severity: 'info',
      message: `WHO report of sample "${dataset.name}" version ${signed.version} signed: ${MEANING_WORDS[request.meaning]}`,
      actor: auth.user,
      resource: { id: datasetId, type: REPORT_AUDIT_RESOURCE },
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
    const kept: string[] = [];
    for (const id of request.video_ids) {
      const video = await deps.videos.findVisible(auth, id);
      if (video.datasetId !== datasetId) throw badRequest(VIDEOS_OUTSIDE_DATASET);
      // A discarded field is never part of the sample's report.
      if (video.discardedAt === null) kept.push(id);
    }
    if (kept.length === 0) throw badRequest(VIDEO_DISCARDED_MESSAGE);
    await deps.recorder.assertReasonWhenSigned(datasetId, request.reason);
    const base = { video_ids: kept, save_results: false };
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
   * A new version of the latest one with the sample's current assessments and, when given, the
   * clinician's interpretation: a text is stored with its editor and the suggestion's terms of the
   * new version's figures, null goes back to the suggestion, absent keeps the latest one's.
   * 404 without a version; after a sign-off it amends and needs a reason, as a run does.
   */
  async function revise(
    auth: AuthContext,
    datasetId: string,
    request: ReportReviseRequest,
  ): Promise<ReportVersion> {
    const dataset = await visibleDataset(auth, datasetId);
    if ((await deps.versions.find(datasetId)) === undefined) throw notFound(REPORT_NOT_FOUND);
    const { interpretation } = request;
    const part = (base: Record<string, unknown>): Record<string, unknown> => {
      if (interpretation === undefined) return {};
      if (interpretation === null) return { interpretation: null };
      const edited: ReportInterpretation = {
        text: interpretation,
        editedBy: authorOf(auth),
        editedAt: deps.clock.now().toISOString(),
        basedOnTerms: suggestInterpretation(payloadFigures(base)).terms,
      };
      return { interpretation: edited };
    };
    const change =
      interpretation === undefined
        ? 'assessments updated'
        : interpretation === null
          ? 'interpretation returned to the suggestion'
          : 'interpretation edited';
    const row = await deps.recorder.record(auth, dataset, part, request.reason, change);
    return toReportVersion(row);
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
      resource: { id: datasetId, type: REPORT_AUDIT_RESOURCE },
    });
    return { recorded: true };
  }

  return { list, sign, run, revise, recordDownload };
}
export type ReportVersionsService = ReturnType<typeof createReportVersionsService>;
