import type {
  AnalysisItem,
  AnalysisItemStatus,
  BusinessDashboard,
  PermissionRequirement,
} from '@sarm/contracts';
import type { AnalysisRequestRow, VideoAnalysisRow } from '../db/schema/index.js';
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

/** Whether the request, not the saved analysis, tells the video's state. */
function isOpen(request: AnalysisRequestRow, analysis: VideoAnalysisRow | undefined): boolean {
  if (request.status === 'completed') return false;
  if (request.status !== 'failed') return true;
  return analysis === undefined || analysis.createdAt.getTime() <= request.updatedAt.getTime();
}

const meetsAny = (auth: AuthContext, codes: readonly PermissionRequirement[]) =>
  codes.some((code) => meetsRequirement(auth, code));

/** The analysis results screen and the business dashboard, over the caller's projects. */
export function createBusinessService(deps: {
  patients: PatientsRepository;
  requests: Pick<AnalysisRequestsRepository, 'latestByVideo'>;
  scope: ProjectScope;
}) {
  /**
   * One row per visible video, so a video never shows twice and its row keeps the video's key
   * from submission to result: its newest analysis request while that is pending, in progress or
   * failed (a failed one until a newer analysis is saved), else its newest saved analysis, else
   * the video itself waiting for one.
   */
  async function items(auth: AuthContext, patientId?: string): Promise<AnalysisItem[]> {
    const ids = await deps.scope.visibleProjectIds(auth);
    const videos = await deps.patients.videosOf(ids, patientId);
    const names = new Map(
      (await deps.patients.list(ids, {})).map((patient) => [patient.id, patient.name]),
    );
    const videoIds = videos.map((video) => video.id);
    // Newest first: the first analysis seen of a video is its newest.
    const newest = new Map<string, VideoAnalysisRow>();
    for (const row of await deps.patients.analysesOf(videoIds))
      if (!newest.has(row.videoId)) newest.set(row.videoId, row);
    const requests = new Map(
      (await deps.requests.latestByVideo(videoIds)).map((request) => [request.videoId, request]),
    );
    return videos.map((video) => {
      const patientName = video.patientId === null ? null : (names.get(video.patientId) ?? null);
      const analysis = newest.get(video.id);
      const request = requests.get(video.id);
      if (request !== undefined && isOpen(request, analysis))
        return toRequestItem(request, video, patientName);
      if (analysis !== undefined) return toAnalysisItem(analysis, video, patientName);
      return toWaitingItem(video, patientName);
    });
  }

  async function analyses(
    auth: AuthContext,
    query: { patient_id?: string; status?: AnalysisItemStatus; limit: number; offset: number },
  ) {
    const all = await items(auth, query.patient_id);
    const found = query.status === undefined ? all : all.filter((i) => i.status === query.status);
    return {
      analyses: found.slice(query.offset, query.offset + query.limit),
      total: found.length,
    };
  }

  /** Counts and recent items; lists the caller may not read come back empty. */
  /** Counts and recent items; with `patientId`, those of that patient only. */
  async function dashboard(auth: AuthContext, patientId?: string): Promise<BusinessDashboard> {
    const ids = await deps.scope.visibleProjectIds(auth);
    const all = await items(auth, patientId);
    const videos = new Set(all.map((item) => item.video_id));
    const readPatients = meetsAny(auth, READ_PATIENTS);
    const readResults = meetsAny(auth, VIEW_ANALYSIS_RESULTS);
    const completed = all.filter((item) => item.status === 'completed');
    const patients = readPatients ? await deps.patients.list(ids, { limit: RECENT }) : [];
    return {
      counts: {
        patients:
          patientId === undefined
            ? await deps.patients.countVisible(ids)
            : (await deps.patients.list(ids, {})).filter((patient) => patient.id === patientId)
                .length,
        videos: videos.size,
        analyses: completed.length,
        pending: all.filter((item) => item.status === 'in-progress' || item.status === 'pending')
          .length,
      },
      recent_patients: (patientId === undefined
        ? patients
        : patients.filter((patient) => patient.id === patientId)
      ).map(toPatient),
      recent_analyses: readResults ? completed.slice(0, RECENT) : [],
    };
  }

  return { analyses, dashboard };
}
export type BusinessService = ReturnType<typeof createBusinessService>;
