import {
  DEFAULT_DATASET_SETTINGS,
  type CreateDatasetRequest,
  type Dataset,
  type DatasetSettings,
  type DatasetStatus,
  type DatasetType,
  type UpdateDatasetRequest,
} from '@sarm/contracts';
import type { Clock } from '../clock.js';
import type { CalibrationProfileRow } from '../db/schema/index.js';
import { badRequest, notFound } from '../http/errors.js';
import type {
  DatasetsRepository,
  DatasetWithProject,
} from '../repositories/datasets.repository.js';
import type { ProjectsRepository } from '../repositories/projects.repository.js';
import type { AuthContext } from './access.js';
import type { AuditService } from './audit.service.js';
import { toDataset } from './clinical-mappers.js';
import type { ProjectScope } from './project-scope.js';

export const DATASET_MESSAGES = {
  notFound: 'Dataset not found',
  projectRequired: 'Please select a project',
  projectNotFound: 'Project not found',
} as const;

/**
 * The changed settings as the audit log records them, e.g. `: semen_volume_ml 2 → 3.5`; empty
 * when nothing changed. Sample and calibration changes alter reports, so each one is named.
 */
export function describeSettingsChanges(before: DatasetSettings, after: DatasetSettings): string {
  const shown = (value: unknown) =>
    value === undefined || value === null ? '(none)' : JSON.stringify(value);
  const old = new Map<string, unknown>(Object.entries(before));
  const next = new Map<string, unknown>(Object.entries(after));
  const keys = [...new Set([...old.keys(), ...next.keys()])].sort();
  const changes = keys.flatMap((key) => {
    const was = old.get(key) ?? null;
    const now = next.get(key) ?? null;
    return was === now ? [] : [`${key} ${shown(was)} → ${shown(now)}`];
  });
  return changes.length === 0 ? '' : `: ${changes.join(', ')}`;
}

export interface DatasetListFilter {
  readonly type?: DatasetType;
  readonly status?: DatasetStatus;
  readonly projectId?: string;
  readonly limit: number;
  readonly offset: number;
}

/** Datasets inside the projects a user may see. */
export function createDatasetsService(deps: {
  datasets: DatasetsRepository;
  projects: ProjectsRepository;
  scope: ProjectScope;
  audit: AuditService;
  clock: Clock;
  /** Deletes the stored files of every video of the dataset (rows cascade). */
  deleteDatasetFiles: (datasetId: string) => Promise<void>;
  /** The id of a patient the caller can see (null for none); 404 'Patient not found' otherwise. */
  linkablePatient: (auth: AuthContext, id: string | null | undefined) => Promise<string | null>;
  /** The calibration profile; 404 'Calibration profile not found' otherwise. */
  calibrationProfile: (id: string) => Promise<CalibrationProfileRow>;
}) {
  /**
   * A sample that picks a calibration profile takes its scale and chamber, unless the body sets
   * them itself (a sample's own measurement wins).
   */
  async function withProfile<T extends Partial<DatasetSettings>>(settings: T): Promise<T> {
    const id = settings.calibration_profile_id;
    if (id === undefined || id === null) return settings;
    const profile = await deps.calibrationProfile(id);
    return {
      ...settings,
      um_per_pixel: settings.um_per_pixel ?? profile.umPerPixel,
      chamber_depth_um: settings.chamber_depth_um ?? profile.chamberDepthUm,
      chamber_name:
        settings.chamber_name ?? (profile.chamberName === '' ? null : profile.chamberName),
    };
  }

  /** Checks the sample's patient, when the body names one, before anything is written. */
  async function checkPatient(auth: AuthContext, settings: Partial<DatasetSettings> | undefined) {
    const id = settings?.patient_id;
    if (id !== undefined && id !== null) await deps.linkablePatient(auth, id);
  }

  async function withStats(rows: readonly DatasetWithProject[]): Promise<Dataset[]> {
    const counts = await deps.datasets.counts(rows.map((row) => row.dataset.id));
    return rows.map((row) => toDataset(row.dataset, row.projectName, counts.get(row.dataset.id)));
  }

  async function list(auth: AuthContext, filter: DatasetListFilter) {
    const projectIds = await deps.scope.visibleProjectIds(auth);
    const { rows, total } = await deps.datasets.list({ ...filter, projectIds });
    return { datasets: await withStats(rows), total };
  }

  /** The dataset when the user may see its project; 404 otherwise (ids cannot be probed). */
  async function findVisible(auth: AuthContext, id: string): Promise<DatasetWithProject> {
    const row = await deps.datasets.findById(id);
    if (row === undefined || !(await deps.scope.canSee(auth, row.dataset.projectId)))
      throw notFound(DATASET_MESSAGES.notFound);
    return row;
  }

  async function get(auth: AuthContext, id: string): Promise<Dataset> {
    const [dataset] = await withStats([await findVisible(auth, id)]);
    if (dataset === undefined) throw notFound(DATASET_MESSAGES.notFound);
    return dataset;
  }

  async function create(auth: AuthContext, body: CreateDatasetRequest): Promise<Dataset> {
    const projectId = body.projectId ?? body.project_id;
    if (projectId === undefined) throw badRequest(DATASET_MESSAGES.projectRequired);
    const project = await deps.projects.findById(projectId);
    if (project === undefined || !(await deps.scope.canSee(auth, projectId)))
      throw notFound(DATASET_MESSAGES.projectNotFound);
    await checkPatient(auth, body.settings);
    const requested = body.settings === undefined ? {} : await withProfile(body.settings);
    const now = deps.clock.now();
    const row = await deps.datasets.insert({
      projectId,
      name: body.name.trim(),
      description: body.description ?? '',
      type: body.type ?? 'detection',
      status: body.status ?? 'draft',
      metadata: body.metadata ?? {},
      settings: { ...DEFAULT_DATASET_SETTINGS, ...requested },
      createdBy: auth.user.id,
      createdAt: now,
      updatedAt: now,
    });
    await deps.audit.record({
      type: 'data',
      severity: 'info',
      message: `Dataset "${row.name}" created`,
      actor: auth.user,
      resource: { id: row.id, type: 'dataset' },
    });
    return get(auth, row.id);
  }

  async function update(auth: AuthContext, id: string, body: UpdateDatasetRequest) {
    const current = await findVisible(auth, id);
    const projectId = body.projectId ?? body.project_id;
    if (projectId !== undefined && projectId !== current.dataset.projectId) {
      if (
        (await deps.projects.findById(projectId)) === undefined ||
        !(await deps.scope.canSee(auth, projectId))
      )
        throw notFound(DATASET_MESSAGES.projectNotFound);
    }
    await checkPatient(auth, body.settings);
    const before = { ...DEFAULT_DATASET_SETTINGS, ...current.dataset.settings };
    const settings =
      body.settings === undefined ? before : { ...before, ...(await withProfile(body.settings)) };
    await deps.datasets.update(id, {
      ...(body.name === undefined ? {} : { name: body.name.trim() }),
      ...(body.description === undefined ? {} : { description: body.description }),
      ...(body.type === undefined ? {} : { type: body.type }),
      ...(body.status === undefined ? {} : { status: body.status }),
      ...(body.metadata === undefined ? {} : { metadata: body.metadata }),
      ...(body.settings === undefined ? {} : { settings }),
      ...(projectId === undefined ? {} : { projectId }),
      updatedAt: deps.clock.now(),
    });
    await deps.audit.record({
      type: 'data',
      severity: 'info',
      message: `Dataset "${current.dataset.name}" updated${describeSettingsChanges(before, settings)}`,
      actor: auth.user,
      resource: { id, type: 'dataset' },
    });
    return get(auth, id);
  }

  async function remove(auth: AuthContext, id: string) {
    const current = await findVisible(auth, id);
    await deps.deleteDatasetFiles(id);
    await deps.datasets.remove(id);
    await deps.audit.record({
      type: 'data',
      severity: 'warning',
      message: `Dataset "${current.dataset.name}" deleted`,
      actor: auth.user,
      resource: { id, type: 'dataset' },
    });
    return { success: true as const, message: 'Dataset deleted' };
  }

  return { list, get, findVisible, create, update, remove };
}
export type DatasetsService = ReturnType<typeof createDatasetsService>;
