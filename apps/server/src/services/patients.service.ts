import {
  PATIENT_NOT_FOUND,
  type PatientDetail,
  type PatientInput,
  type Patient,
} from '@sarm/contracts';
import type { Clock } from '../clock.js';
import type { PatientRow } from '../db/schema/index.js';
import { notFound } from '../http/errors.js';
import type { PatientsRepository } from '../repositories/patients.repository.js';
import type { ProjectsRepository } from '../repositories/projects.repository.js';
import type { AuthContext } from './access.js';
import type { AuditService } from './audit.service.js';
import { toAnalysisItem, toPatient } from './business-mappers.js';
import type { ProjectScope } from './project-scope.js';
import { totalOfPage } from '../repositories/page-total.js';

/** Patients, scoped like datasets: a patient of a project is seen by that project's members. */
export function createPatientsService(deps: {
  patients: PatientsRepository;
  projects: ProjectsRepository;
  scope: ProjectScope;
  audit: AuditService;
  clock: Clock;
}) {
  async function findVisible(auth: AuthContext, id: string): Promise<PatientRow> {
    const row = await deps.patients.findById(id);
    if (row === undefined) throw notFound(PATIENT_NOT_FOUND);
    if (row.projectId !== null && !(await deps.scope.canSee(auth, row.projectId)))
      throw notFound(PATIENT_NOT_FOUND);
    return row;
  }

  async function list(
    auth: AuthContext,
    query: { search?: string; project_id?: string; limit: number; offset: number },
  ) {
    const ids = await deps.scope.visibleProjectIds(auth);
    const filter = { search: query.search, projectId: query.project_id };
    const rows = await deps.patients.list(ids, {
      ...filter,
      limit: query.limit,
      offset: query.offset,
    });
    const total = await totalOfPage(rows, query.limit, query.offset, () =>
      deps.patients.countListed(ids, filter),
    );
    return { patients: rows.map(toPatient), total };
  }

  async function get(auth: AuthContext, id: string): Promise<PatientDetail> {
    const row = await findVisible(auth, id);
    const ids = await deps.scope.visibleProjectIds(auth);
    const videos = await deps.patients.videosOf(ids, row.id);
    const byId = new Map(videos.map((video) => [video.id, video]));
    const analyses = await deps.patients.analysesOf(videos.map((video) => video.id));
    return {
      ...toPatient(row),
      videos: videos.map((video) => ({
        id: video.id,
        name: video.name,
        dataset_id: video.datasetId,
        processing_status: video.processingStatus,
        created_at: video.createdAt.toISOString(),
      })),
      analyses: analyses.flatMap((analysis) => {
        const video = byId.get(analysis.videoId);
        return video === undefined ? [] : [toAnalysisItem(analysis, video, row.name)];
      }),
    };
  }

  /** The project a patient may be attached to: visible to the caller, else 404. */
  async function checkedProject(auth: AuthContext, projectId: string | null | undefined) {
    if (projectId === null || projectId === undefined) return projectId;
    const found = await deps.projects.findById(projectId);
    if (found === undefined || !(await deps.scope.canSee(auth, projectId)))
      throw notFound('Project not found');
    return projectId;
  }

  function fields(input: PatientInput) {
    return {
      name: input.name,
      age: input.age,
      contactNumber: input.contactNumber ?? input.contact_number,
      notes: input.notes,
    };
  }

  async function record(auth: AuthContext, row: PatientRow, verb: string) {
    await deps.audit.record({
      type: 'data',
      severity: 'info',
      message: `Patient "${row.name}" ${verb}`,
      actor: auth.user,
      resource: { id: row.id, type: 'patient' },
    });
  }

  async function create(auth: AuthContext, input: PatientInput): Promise<Patient> {
    const projectId = await checkedProject(auth, input.projectId ?? input.project_id);
    const now = deps.clock.now();
    const row = await deps.patients.insert({
      ...fields(input),
      age: input.age ?? null,
      projectId: projectId ?? null,
      createdBy: auth.user.id,
      createdAt: now,
      updatedAt: now,
    });
    await record(auth, row, 'created');
    return toPatient(row);
  }

  async function update(auth: AuthContext, id: string, input: PatientInput): Promise<Patient> {
    await findVisible(auth, id);
    const projectId = await checkedProject(auth, input.projectId ?? input.project_id);
    const row = await deps.patients.update(id, {
      ...fields(input),
      ...(projectId === undefined ? {} : { projectId }),
      updatedAt: deps.clock.now(),
    });
    if (row === undefined) throw notFound(PATIENT_NOT_FOUND);
    await record(auth, row, 'updated');
    return toPatient(row);
  }

  async function remove(auth: AuthContext, id: string) {
    const row = await findVisible(auth, id);
    if (!(await deps.patients.remove(id))) throw notFound(PATIENT_NOT_FOUND);
    await record(auth, row, 'deleted');
    return { success: true as const, message: 'Patient deleted' };
  }

  /** For video upload/edit: the id of a patient the caller can see, else 404. */
  async function linkable(auth: AuthContext, id: string | null | undefined) {
    if (id === null || id === undefined || id === '') return null;
    return (await findVisible(auth, id)).id;
  }

  return { list, get, create, update, remove, linkable, findVisible };
}
export type PatientsService = ReturnType<typeof createPatientsService>;
