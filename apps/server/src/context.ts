import { BUSINESS_LIST_MAX } from '@sarm/contracts';
import type { Clock } from './clock.js';
import type { ServerRole } from './config.js';
import type { Database, DatabaseHandle, DatabaseKind, QueueConnection } from './db/database.js';
import { databaseOutage, isDatabaseUnavailable } from './db/database-availability.js';
import { createJobRegistry } from './jobs/job-registry.js';
import { createTaskQueue, type QueueLogger } from './jobs/task-queue.js';
import type { Mailer } from './mail/mailer.js';
import { createDomainServices, createRepositories } from './services/index.js';
import type { ThrottlePolicy } from './services/login-throttle.service.js';
import type { PasswordHasher } from './services/passwords.js';
import { createClinicalServices } from './services/clinical.js';
import { createTechnicalServices } from './services/technical.js';
import { createReportsRepository } from './repositories/reports.repository.js';
import { createReportGeneratorService } from './services/report-generator.service.js';
import { createDetectionRunner } from './services/detection-runner.js';
import { createAnalysisRequestsRepository } from './repositories/analysis-requests.repository.js';
import { createVideoAnalysisRunner } from './services/analysis.service.js';
import { createAnalysisRequestsService } from './services/analysis-requests.service.js';
import { createTasksService } from './services/tasks.service.js';
import { createModelsRepository } from './repositories/models.repository.js';
import { createModelsService } from './services/models.service.js';
import { createModelTrainer, type TrainerTuning } from './services/training/model-trainer.js';
import { createTrainingService } from './services/training/training.service.js';
import { createPredictionsRepository } from './repositories/predictions.repository.js';
import { createPredictor } from './services/prediction/predictor.js';
import { createPredictionsService } from './services/prediction/predictions.service.js';
import { createActiveDetectors } from './services/training/active-detector.js';
import { createModelFilesService } from './services/training/model-registry-files.service.js';
import { createTrainingDataRepository } from './repositories/training-data.repository.js';
import { createProjectDashboardRepository } from './repositories/project-dashboard.repository.js';
import { createProjectDashboardService } from './services/project-dashboard.service.js';
import { createTechnicalDashboardService } from './services/technical-dashboard.service.js';
import { createQualityControlRepository } from './repositories/quality-control.repository.js';
import { createQualityControlService } from './services/quality-control.service.js';
import type { FileStorage } from './storage/storage.js';
import { createDemoRepository } from './repositories/demo.repository.js';
import { createDemoBuilder } from './services/demo-build.js';
import { createDemoService } from './services/demo.service.js';

/** Every side effect the server uses, supplied from outside so tests can swap them. */
export interface ContextDependencies {
  readonly db: Database;
  readonly databaseKind: DatabaseKind;
  readonly queueConnection: QueueConnection;
  readonly storage: FileStorage;
  readonly mailer: Mailer;
  readonly passwords: PasswordHasher;
  readonly clock: Clock;
  readonly logger: QueueLogger;
  readonly role: ServerRole;
  readonly jwtSecret: string;
  readonly publicUrl: string;
  readonly throttlePolicy?: ThrottlePolicy;
  /** pg-boss polling interval of idle workers, in seconds (default 2). */
  readonly pollingIntervalSeconds?: number;
  /** Attempts of each job kind a worker runs at once (default 1). */
  readonly workerConcurrency?: number;
  /** Seconds a job's lease lasts without renewal (default LEASE_SECONDS). */
  readonly jobLeaseSeconds?: number;
  /** Seconds before a failed job attempt is retried (default: each job definition's). */
  readonly jobRetryDelaySeconds?: number;
  /** Writes to the database's tables (the principal cache listens; no cache without it). */
  readonly onWrite?: DatabaseHandle['onWrite'];
  /** Per-table write versions (the HTTP response cache needs them; no response cache without). */
  readonly tableVersions?: DatabaseHandle['tableVersions'];
  /** Training limits (watchdog, heap) and test faults; the defaults when left out. */
  readonly training?: TrainerTuning;
}

/** The composition root: repositories, services, job registry and task queue of one process. */
export function createServerContext(deps: ContextDependencies) {
  const repositories = createRepositories(deps.db);
  const domain = createDomainServices({
    repositories,
    mailer: deps.mailer,
    passwords: deps.passwords,
    clock: deps.clock,
    jwtSecret: deps.jwtSecret,
    publicUrl: deps.publicUrl,
    throttlePolicy: deps.throttlePolicy,
    onAuditWriteError: (error) => {
      if (isDatabaseUnavailable(error)) {
        const outageLog = {
          warn: (details: Record<string, unknown>, message: string) => {
            if (deps.logger.warn === undefined) deps.logger.info(message);
            else deps.logger.warn(details, message);
          },
          info: (message: string) => deps.logger.info(message),
        };
        databaseOutage.reportUnavailable(error, outageLog, 'audit log');
        return;
      }
      // Drizzle's message quotes the statement and its parameters (names, e-mails): log the
      // database's own reason instead.
      const reason = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      deps.logger.error({ err: reason }, 'Could not write audit entry');
    },
    onWrite: deps.onWrite,
  });
  const modelRows = createModelsRepository(deps.db);
  const detectors = createActiveDetectors({
    models: modelRows,
    datasets: repositories.datasets,
    storage: deps.storage,
  });
  const detectionRunner = createDetectionRunner({
    detectors,
    videos: repositories.videos,
    datasets: repositories.datasets,
    detections: repositories.detections,
    storage: deps.storage,
    clock: deps.clock,
  });
  const analysisRequestRows = createAnalysisRequestsRepository(deps.db);
  const analysisRunner = createVideoAnalysisRunner({
    detectors,
    datasets: repositories.datasets,
    analyses: repositories.analyses,
    storage: deps.storage,
    clock: deps.clock,
  });
  const trainingData = createTrainingDataRepository(deps.db);
  const trainer = createModelTrainer({
    models: modelRows,
    trainingData,
    storage: deps.storage,
    clock: deps.clock,
    cropMarginPx: detectionRunner.cropMarginPx,
    warn: (message) =>
      deps.logger.warn === undefined ? deps.logger.info(message) : deps.logger.warn({}, message),
    tuning: deps.training,
  });
  const predictionRows = createPredictionsRepository(deps.db);
  const predictor = createPredictor({
    predictions: predictionRows,
    models: modelRows,
    videos: repositories.videos,
    detections: repositories.detections,
    detectors,
    settingsFor: analysisRunner.settingsFor,
    cropMarginPx: detectionRunner.cropMarginPx,
    storage: deps.storage,
    clock: deps.clock,
  });
  const registry = createJobRegistry({
    trainer,
    predictor,
    passwordResets: repositories.passwordResets,
    loginAttempts: repositories.loginAttempts,
    sessions: repositories.sessions,
    signInThrottle: repositories.signInThrottle,
    clock: deps.clock,
    videos: repositories.videos,
    storage: deps.storage,
    detectionRunner,
    analysisRequests: analysisRequestRows,
    analysisRunner,
    notify: domain.notifications.notify,
    retentionDays: async () => (await domain.settings.get()).storage.videoRetentionPeriod,
  });
  const queue = createTaskQueue({
    registry,
    connection: deps.queueConnection,
    tasks: repositories.tasks,
    notifier: domain.notifications,
    onTaskFailed: ({ taskId, title, message }) =>
      domain.audit.record({
        type: 'system',
        severity: 'error',
        message: `${title} failed: ${message}`,
        resource: { id: taskId, type: 'task' },
      }),
    clock: deps.clock,
    logger: deps.logger,
    pollingIntervalSeconds: deps.pollingIntervalSeconds,
    workerConcurrency: deps.workerConcurrency,
    leaseSeconds: deps.jobLeaseSeconds,
    retryDelaySeconds: deps.jobRetryDelaySeconds,
  });
  const tasks = createTasksService({
    tasks: repositories.tasks,
    queue,
    databaseKind: deps.databaseKind,
    role: deps.role,
    startedAt: deps.clock.now(),
    now: () => deps.clock.now(),
  });
  const clinical = createClinicalServices({
    repositories,
    domain,
    queue,
    storage: deps.storage,
    clock: deps.clock,
    detectionRunner,
    analysisRequests: analysisRequestRows,
    analysisRunner,
  });
  const demo = createDemoService({
    repository: createDemoRepository(deps.db),
    projects: repositories.projects,
    reportVersions: repositories.reportVersions,
    datasets: clinical.datasets,
    patients: clinical.patients,
    calibration: clinical.calibration,
    builder: createDemoBuilder({
      storage: deps.storage,
      calibration: clinical.calibration,
      patients: clinical.patients,
      datasets: clinical.datasets,
      datasetRows: repositories.datasets,
      uploads: clinical.uploads,
      videoRows: repositories.videos,
      tasks: repositories.tasks,
      extractFrames: clinical.extractFrames,
      detection: clinical.detection,
      reportVersions: clinical.reportVersions,
      clock: deps.clock,
    }),
    audit: domain.audit,
    onBuildError: (error) => deps.logger.error({ err: error }, 'The demo sample could not be made'),
  });
  const analysisRequests = createAnalysisRequestsService({
    findVisibleVideo: clinical.videos.findVisible,
    videos: repositories.videos,
    requests: analysisRequestRows,
    queue,
    clock: deps.clock,
  });
  const reportGenerator = createReportGeneratorService({
    reports: createReportsRepository(deps.db),
    findVisiblePatient: clinical.patients.findVisible,
    findVisibleVideo: clinical.videos.findVisible,
    // The report generator offers the newest page of each, like the screens that list them.
    listPatients: (auth) => clinical.patients.list(auth, { limit: BUSINESS_LIST_MAX, offset: 0 }),
    listCompletedAnalyses: (auth) =>
      clinical.business.analyses(auth, {
        status: 'completed',
        limit: BUSINESS_LIST_MAX,
        offset: 0,
      }),
    siteName: async () => (await domain.settings.get()).general.siteName,
    reportEmailsPerHour: async () => (await domain.settings.get()).general.reportEmailsPerHour,
    countRecentAudit: repositories.auditLogs.countRecent,
    mailer: deps.mailer,
    audit: domain.audit,
    clock: deps.clock,
  });
  const models = createModelsService({
    models: modelRows,
    datasets: repositories.datasets,
    scope: clinical.scope,
    audit: domain.audit,
    clock: deps.clock,
  });
  const technicalDashboard = createTechnicalDashboardService({ models, tasks });
  const projectDashboard = createProjectDashboardService({
    figures: createProjectDashboardRepository(deps.db),
    scope: clinical.scope,
  });
  const qualityControl = createQualityControlService({
    qc: createQualityControlRepository(deps.db),
    datasets: repositories.datasets,
    latestReport: async (datasetId) => {
      const row = await repositories.reportVersions.find(datasetId);
      return row && { payload: row.payload, savedAt: row.createdAt, version: row.version };
    },
    scope: clinical.scope,
    audit: domain.audit,
    clock: deps.clock,
  });
  const technical = createTechnicalServices({
    db: deps.db,
    repositories,
    domain,
    clinical,
    storage: deps.storage,
    clock: deps.clock,
    detectionRunner,
  });
  const training = createTrainingService({
    models,
    modelRows,
    dataLabels: technical.dataLabels,
    trainingData,
    queue,
    audit: domain.audit,
    clock: deps.clock,
  });
  const modelFiles = createModelFilesService({
    models,
    modelRows,
    storage: deps.storage,
    scope: clinical.scope,
    projects: repositories.projects,
    audit: domain.audit,
    clock: deps.clock,
  });
  const predictions = createPredictionsService({
    predictions: predictionRows,
    models,
    videos: clinical.videos,
    videoRows: repositories.videos,
    detections: repositories.detections,
    datasets: repositories.datasets,
    scope: clinical.scope,
    queue,
    storage: deps.storage,
    audit: domain.audit,
    clock: deps.clock,
  });
  return {
    repositories: { ...repositories, models: modelRows, analysisRequests: analysisRequestRows },
    services: {
      ...domain,
      tasks,
      clinical,
      technical,
      reportGenerator,
      models,
      training,
      modelFiles,
      predictions,
      technicalDashboard,
      projectDashboard,
      analysisRequests,
      qualityControl,
      demo,
    },
    queue,
    storage: deps.storage,
    clock: deps.clock,
    /** What the HTTP response cache needs of the database, when it has it. */
    database: { kind: deps.databaseKind, tableVersions: deps.tableVersions ?? null },
  };
}
export type ServerContext = ReturnType<typeof createServerContext>;
export type Services = ServerContext['services'];
