import type { Clock } from './clock.js';
import type { ServerRole } from './config.js';
import type { Database, DatabaseKind, QueueConnection } from './db/database.js';
import { createJobRegistry } from './jobs/job-registry.js';
import { createTaskQueue, type QueueLogger } from './jobs/task-queue.js';
import type { Mailer } from './mail/mailer.js';
import { createDomainServices, createRepositories } from './services/index.js';
import type { ThrottlePolicy } from './services/login-throttle.service.js';
import type { PasswordHasher } from './services/passwords.js';
import { createClinicalServices } from './services/clinical.js';
import { createDetectionRunner } from './services/detection-runner.js';
import { createTasksService } from './services/tasks.service.js';
import type { FileStorage } from './storage/storage.js';

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
    onAuditWriteError: (error) => deps.logger.error({ err: error }, 'Could not write audit entry'),
  });
  const detectionRunner = createDetectionRunner({
    videos: repositories.videos,
    datasets: repositories.datasets,
    detections: repositories.detections,
    storage: deps.storage,
    clock: deps.clock,
  });
  const registry = createJobRegistry({
    passwordResets: repositories.passwordResets,
    loginAttempts: repositories.loginAttempts,
    clock: deps.clock,
    videos: repositories.videos,
    storage: deps.storage,
    detectionRunner,
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
  });
  return {
    repositories,
    services: { ...domain, tasks, clinical },
    queue,
    storage: deps.storage,
    clock: deps.clock,
  };
}
export type ServerContext = ReturnType<typeof createServerContext>;
export type Services = ServerContext['services'];
