import { DEMO_MESSAGES, type Demo, type DemoStatusResponse } from '@sarm/contracts';
import type { ProjectRow } from '../db/schema/index.js';
import { notFound } from '../http/errors.js';
import type { DemoRepository } from '../repositories/demo.repository.js';
import type { ProjectsRepository } from '../repositories/projects.repository.js';
import type { ReportVersionsRepository } from '../repositories/report-versions.repository.js';
import type { AuthContext } from './access.js';
import type { AuditService } from './audit.service.js';
import type { CalibrationService } from './calibration.service.js';
import type { DatasetsService } from './datasets.service.js';
import { DemoCancelled, manifestOf, type DemoBuilder, type DemoProgress } from './demo-build.js';
import type { PatientsService } from './patients.service.js';

/** One build running in this process: its progress, how to stop it, and when it ends. */
interface RunningBuild {
  readonly projectId: string;
  readonly progress: DemoProgress;
  cancelled: boolean;
  done: Promise<void>;
}

/**
 * The demo sample (issue 32): one project of simulated videos with a patient, a sample and its
 * report, made on request and deleted with everything it made. One demo at a time.
 */
export function createDemoService(deps: {
  repository: DemoRepository;
  projects: ProjectsRepository;
  reportVersions: Pick<ReportVersionsRepository, 'find'>;
  datasets: DatasetsService;
  patients: PatientsService;
  calibration: CalibrationService;
  builder: DemoBuilder;
  audit: AuditService;
  onBuildError?: (error: unknown) => void;
}) {
  let running: RunningBuild | null = null;
  /** Set while a create has not yet stored its project: a second create waits for it. */
  let starting: Promise<unknown> | null = null;

  /** The status of the stored demo: the running build's, else read from what was made. */
  async function describe(project: ProjectRow): Promise<Demo> {
    if (running !== null && running.projectId === project.id)
      return { projectId: project.id, ...running.progress };
    const rows = await deps.repository.datasetsOf(project.id);
    const sample = rows.find((row) => manifestOf(row.metadata)?.role === 'sample');
    const technical = rows.find((row) => manifestOf(row.metadata)?.role === 'annotation');
    const report = sample === undefined ? undefined : await deps.reportVersions.find(sample.id);
    const ready = report !== undefined;
    return {
      projectId: project.id,
      datasetId: sample?.id ?? null,
      technicalDatasetId: technical?.id ?? null,
      state: ready ? 'ready' : 'failed',
      progress: ready ? 1 : 0,
      message: ready ? DEMO_MESSAGES.ready : DEMO_MESSAGES.interrupted,
    };
  }

  async function status(): Promise<DemoStatusResponse> {
    const project = await deps.repository.findDemoProject();
    return { demo: project === undefined ? null : await describe(project) };
  }

  async function startBuild(auth: AuthContext): Promise<void> {
    const project = await deps.projects.insertProject({
      name: 'Demo sample',
      description: 'Demo sample - not a patient result. Simulated videos with known truth.',
      status: 'active',
      isDemo: true,
      createdBy: auth.user.id,
    });
    await deps.projects.addMember({
      projectId: project.id,
      userId: auth.user.id,
      accessLevel: 'admin',
    });
    await deps.audit.record({
      type: 'data',
      severity: 'info',
      message: 'Demo sample created',
      actor: auth.user,
      resource: { id: project.id, type: 'project' },
    });
    const progress: DemoProgress = {
      state: 'creating',
      progress: 0.02,
      message: DEMO_MESSAGES.creating,
      datasetId: null,
      technicalDatasetId: null,
    };
    const build: RunningBuild = {
      projectId: project.id,
      progress,
      cancelled: false,
      done: Promise.resolve(),
    };
    running = build;
    build.done = deps.builder
      .build(auth, project.id, progress, () => build.cancelled)
      .catch((error: unknown) => {
        progress.state = 'failed';
        progress.message = error instanceof Error ? error.message : String(error);
        if (!(error instanceof DemoCancelled)) deps.onBuildError?.(error);
      });
  }

  /** Starts making the demo unless one exists (then answers it): idempotent, one at a time. */
  async function create(auth: AuthContext): Promise<DemoStatusResponse> {
    while (starting !== null) await starting.catch(() => undefined);
    if ((await deps.repository.findDemoProject()) === undefined) {
      starting = startBuild(auth);
      try {
        await starting;
      } finally {
        starting = null;
      }
    }
    return status();
  }

  /**
   * Deletes the demo and everything it made: its datasets (rows and stored files), patients,
   * calibration profile, task rows and the notifications that lead into it, then the project.
   * A build still running is stopped first. Audit entries stay: the trail is never edited.
   */
  async function remove(auth: AuthContext) {
    const project = await deps.repository.findDemoProject();
    if (project === undefined) throw notFound(DEMO_MESSAGES.notFound);
    if (running !== null && running.projectId === project.id) {
      running.cancelled = true;
      await running.done;
      running = null;
    }
    const rows = await deps.repository.datasetsOf(project.id);
    const manifests = rows.map((row) => manifestOf(row.metadata));
    for (const row of rows) await deps.datasets.remove(auth, row.id);
    for (const id of await deps.repository.patientIdsOf(project.id))
      await deps.patients.remove(auth, id);
    for (const manifest of manifests) {
      const profileId = manifest?.calibrationProfileId ?? null;
      if (profileId !== null) await deps.calibration.remove(auth, profileId).catch(() => undefined);
      await deps.repository.deleteTasks(manifest?.taskIds ?? []);
    }
    await deps.repository.deleteNotificationsLinking([project.id, ...rows.map((row) => row.id)]);
    await deps.projects.remove(project.id);
    await deps.audit.record({
      type: 'data',
      severity: 'warning',
      message: 'Demo sample deleted',
      actor: auth.user,
      resource: { id: project.id, type: 'project' },
    });
    return { success: true as const, message: DEMO_MESSAGES.deleted };
  }

  /** Resolves when the running build (if any) has ended; for tests and the start-up flag. */
  async function settled(): Promise<void> {
    await running?.done;
  }

  return { status, create, remove, settled };
}
export type DemoService = ReturnType<typeof createDemoService>;
