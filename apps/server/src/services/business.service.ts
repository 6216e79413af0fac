import type {
  AnalysisItem,
  AnalysisItemStatus,
  BusinessDashboard,
  PermissionRequirement,
} from '@sarm/contracts';
import type { AnalysisRequestRow } from '../db/schema/index.js';
import type { AnalysisRequestsRepository } from '../repositories/analysis-requests.repository.js';
import type { PatientsRepository } from '../repositories/patients.repository.js';
import { meetsRequirement, type AuthContext } from './access.js';
import { toAnalysisItem, toPatient, toRequestItem, toWaitingItem } from './business-mappers.js';
import type { ProjectScope } from './project-scope.js';

const READ_PATIENTS: readonly PermissionRequirement[] = [
  'sarm.manage_patients',
  'sarm.upload_video',
];
export const VIEW_ANALYSIS_RESULTS: readonly PermissionRequirement[] = [
  'sarm.view_concentration',
  'sarm.view_motility',
  'sarm.view_morphology',
];
const RECENT = 5;

const meetsAny = (auth: AuthContext, codes: readonly PermissionRequirement[]) =>
  codes.some((code) => meetsRequirement(auth, code));

/** The analysis results screen and the business dashboard, over the caller's projects. */
export function createBusinessService(deps: {
  patients: PatientsRepository;
  requests: Pick<AnalysisRequestsRepository, 'latestByVideo'>;
  scope: ProjectScope;
}) {
  /**
   * Every saved analysis of the visible videos, then per video its newest analysis request while
   * that is pending, in progress or failed (a failed one until a newer analysis is saved), else
   * the video itself when it has no saved analysis.
   */
  async function items(auth: AuthContext, patientId?: string): Promise<AnalysisItem[]> {
    const ids = await deps.scope.visibleProjectIds(auth);
    const videos = await deps.patients.videosOf(ids, patientId);
    const names = new Map(
      (await deps.patients.list(ids, {})).map((patient) => [patient.id, patient.name]),
    );
    const nameOf = (id: string | null) => (id === null ? null : (names.get(id) ?? null));
    const byId = new Map(videos.map((video) => [video.id, video]));
    const rows = await deps.patients.analysesOf(videos.map((video) => video.id));
    const done = rows.flatMap((row) => {
      const video = byId.get(row.videoId);
      return video === undefined ? [] : [toAnalysisItem(row, video, nameOf(video.patientId))];
    });
    const newestAnalysis = new Map<string, number>();
    for (const row of rows)
      if ((newestAnalysis.get(row.videoId) ?? 0) < row.createdAt.getTime())
        newestAnalysis.set(row.videoId, row.createdAt.getTime());
    const open = new Map<string, AnalysisRequestRow>();
    for (const request of await deps.requests.latestByVideo([...byId.keys()])) {
      const analysedAt = newestAnalysis.get(request.videoId);
      const superseded =
        request.status === 'completed' ||
        (request.status === 'failed' &&
          analysedAt !== undefined &&
          analysedAt > request.updatedAt.getTime());
      if (!superseded) open.set(request.videoId, request);
    }
    const waiting = videos.flatMap((video) => {
      const request = open.get(video.id);
      const patientName = nameOf(video.patientId);
      if (request !== undefined) return [toRequestItem(request, video, patientName)];
      return newestAnalysis.has(video.id) ? [] : [toWaitingItem(video, patientName)];
    });
    return [...done, ...waiting];
  }

  async function analyses(
    auth: AuthContext,
    query: { patient_id?: string; status?: AnalysisItemStatus },
  ) {
    const all = await items(auth, query.patient_id);
    const found = query.status === undefined ? all : all.filter((i) => i.status === query.status);
    return { analyses: found, total: found.length };
  }

  /** Counts and recent items; lists the caller may not read come back empty. */
  async function dashboard(auth: AuthContext): Promise<BusinessDashboard> {
    const ids = await deps.scope.visibleProjectIds(auth);
    const all = await items(auth);
    const videos = new Set(all.map((item) => item.video_id));
    const readPatients = meetsAny(auth, READ_PATIENTS);
    const readResults = meetsAny(auth, VIEW_ANALYSIS_RESULTS);
    const completed = all.filter((item) => item.status === 'completed');
    return {
      counts: {
        patients: await deps.patients.countVisible(ids),
        videos: videos.size,
        analyses: completed.length,
        pending: all.filter((item) => item.status === 'in-progress' || item.status === 'pending')
          .length,
      },
      recent_patients: readPatients
        ? (await deps.patients.list(ids, { limit: RECENT })).map(toPatient)
        : [],
      recent_analyses: readResults ? completed.slice(0, RECENT) : [],
    };
  }

  return { analyses, dashboard };
}
export type BusinessService = ReturnType<typeof createBusinessService>;
