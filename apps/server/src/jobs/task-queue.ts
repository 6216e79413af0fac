import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Clock } from '../clock.js';
import type { QueueConnection } from '../db/database.js';
import {
  databaseOutage,
  isDatabaseUnavailable,
  type OutageLogger,
} from '../db/database-availability.js';
import type { TaskRow } from '../db/schema/index.js';
import { badRequest } from '../http/errors.js';
import type { TasksRepository } from '../repositories/tasks.repository.js';
import type { Notifier } from '../services/notifications.service.js';
import { TaskAbortedError, type JobDefinition, type JobRegistryShape } from './job-definition.js';
import { leaseTiming, renewLeaseSql } from './job-lease.js';
import {
  runTaskAttempt,
  type QueuedJobData,
  type RunningTask,
  type TaskRunnerDeps,
} from './task-runner.js';

/** Minimal logger the queue writes to (Fastify's and pino's loggers fit). */
export interface QueueLogger {
  info(message: string): void;
  /** Database outages (logged once each); `info` when absent. */
  warn?(details: Record<string, unknown>, message: string): void;
  error(details: { err: unknown }, message: string): void;
}

export interface TaskQueueOptions<R extends JobRegistryShape<R>> {
  readonly registry: R;
  readonly connection: QueueConnection;
  readonly tasks: TasksRepository;
  readonly notifier: Notifier;
  readonly onTaskFailed?: TaskRunnerDeps['onTaskFailed'];
  readonly clock: Clock;
  readonly logger: QueueLogger;
  /** How often idle workers look for jobs; enqueueing in the same process wakes them at once. */
  readonly pollingIntervalSeconds?: number;
  /** Schema of the pg-boss tables (default `pgboss`). */
  readonly schema?: string;
  /** Attempts of each job kind this process runs at once, unless its definition says (default 1). */
  readonly workerConcurrency?: number;
  /** Seconds a job's lease lasts without renewal (default LEASE_SECONDS; see `leaseTiming`). */
  readonly leaseSeconds?: number;
  /** Seconds before a failed attempt of any job kind is retried (default: its definition's). */
  readonly retryDelaySeconds?: number;
}

export interface QueueStartOptions {
  /** Run handlers in this process (roles `worker` and `all`). */
  readonly workers: boolean;
  /** Keep recurring schedules and run pg-boss maintenance (the worker role). */
  readonly maintenance: boolean;
}

/**
 * Background tasks on pg-boss, mirrored in the `tasks` table. `enqueueTask` works in every role;
 * handlers run only where `start({ workers: true })` was called.
 */
export function createTaskQueue<R extends JobRegistryShape<R>>(options: TaskQueueOptions<R>) {
  const { registry, tasks, clock, logger } = options;
  const lease = leaseTiming(options.leaseSeconds);
  const retryDelayOf = (definition: JobDefinition) =>
    options.retryDelaySeconds ?? definition.retryDelaySeconds;
  const definitions: JobDefinition[] = Object.values<JobDefinition>(registry);
  const running = new Map<string, RunningTask>();
  const workerIds = new Map<string, string[]>();
  let boss: PgBoss | undefined;
  const outageLogger: OutageLogger = {
    warn: (details, message) =>
      logger.warn === undefined ? logger.info(message) : logger.warn(details, message),
    info: (message) => logger.info(message),
  };

  const requireBoss = (): PgBoss => {
    if (boss === undefined) throw new Error('The task queue is not started');
    return boss;
  };

  async function start(startOptions: QueueStartOptions): Promise<void> {
    const connection =
      options.connection.kind === 'pglite'
        ? { db: options.connection.db }
        : { connectionString: options.connection.connectionString, max: 4 };
    const instance = new PgBoss({
      ...connection,
      schema: options.schema ?? 'pgboss',
      supervise: startOptions.maintenance,
      maintenanceIntervalSeconds: lease.maintenanceIntervalSeconds,
      schedule: startOptions.maintenance,
      migrate: true,
    });
    // pg-boss keeps polling through an outage and resumes by itself: an unreachable database is
    // one warning per outage, not an error per poll of every worker.
    instance.on('error', (error) => {
      if (isDatabaseUnavailable(error))
        databaseOutage.reportUnavailable(error, outageLogger, 'task queue');
      else logger.error({ err: error }, 'pg-boss error');
    });
    await instance.start();
    boss = instance;
    for (const definition of definitions) {
      const queueOptions = {
        retryLimit: definition.retryLimit,
        retryDelay: retryDelayOf(definition),
        expireInSeconds: lease.leaseSeconds,
      };
      await instance.createQueue(definition.name, { name: definition.name, ...queueOptions });
      await instance.updateQueue(definition.name, { name: definition.name, ...queueOptions });
      if (startOptions.workers) await startWorkers(instance, definition);
      if (startOptions.maintenance && definition.schedule !== undefined) {
        const data: QueuedJobData = { payload: definition.schedule.payload };
        await instance.schedule(definition.name, definition.schedule.cron, data, queueOptions);
      }
    }
  }

  async function startWorkers(instance: PgBoss, definition: JobDefinition): Promise<void> {
    const ids: string[] = [];
    const renewSql = renewLeaseSql(options.schema ?? 'pgboss', lease.leaseSeconds);
    const workOptions = {
      includeMetadata: true as const,
      batchSize: 1,
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
    };
    // pg-boss 10 has no per-worker concurrency option: each work() loop runs one job at a time.
    const slots = definition.concurrency ?? options.workerConcurrency ?? 1;
    for (let slot = 0; slot < slots; slot += 1) {
      ids.push(
        await instance.work(definition.name, workOptions, async (jobs) => {
          const results = [];
          for (const job of jobs) {
            results.push(
              await runTaskAttempt(
                {
                  tasks,
                  notifier: options.notifier,
                  onTaskFailed: options.onTaskFailed,
                  clock,
                  running,
                  log: (m, err) => logger.error({ err }, m),
                  logInfo: (m) => logger.info(m),
                  logWarn: (m) => (logger.warn ? logger.warn({}, m) : logger.info(m)),
                  heartbeatMs: lease.heartbeatSeconds * 1000,
                  renewLease: async (attempt) =>
                    (await instance.getDb().executeSql(renewSql, [definition.name, attempt.id]))
                      .rows.length > 0,
                },
                definition,
                job,
              ),
            );
          }
          return results[0];
        }),
      );
    }
    workerIds.set(definition.name, ids);
  }

  /** Creates the task row and the pg-boss job; answers the queued task. */
  async function enqueueTask<N extends keyof R & string>(
    name: N,
    payload: z.input<R[N]['payload']>,
    createdBy: string | null,
  ): Promise<TaskRow> {
    const instance = requireBoss();
    const definition: JobDefinition = registry[name];
    const parsed = definition.payload.safeParse(payload);
    if (!parsed.success)
      throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid task payload');
    const id = randomUUID();
    const task = await tasks.insert(
      { id, taskType: name, createdBy, message: 'Task queued for processing', now: clock.now() },
      { ignoreExisting: false },
    );
    if (task === undefined) throw new Error('Task insert returned no row');
    const data: QueuedJobData = { taskId: id, payload };
    try {
      const jobId = await instance.send(name, data, {
        id,
        retryLimit: definition.retryLimit,
        retryDelay: retryDelayOf(definition),
        expireInSeconds: lease.leaseSeconds,
      });
      if (jobId === null) throw new Error('pg-boss refused the job');
    } catch (error) {
      await tasks.fail(id, 'Could not queue the task', clock.now());
      throw error;
    }
    for (const workerId of workerIds.get(name) ?? []) instance.notifyWorker(workerId);
    return task;
  }

  /** Cancels a queued or running task here and in pg-boss; answers the updated row, if it was unfinished. */
  async function cancelTask(taskId: string): Promise<TaskRow | undefined> {
    const cancelled = await tasks.cancel(taskId, clock.now());
    if (cancelled === undefined) return undefined;
    try {
      await requireBoss().cancel(cancelled.taskType, cancelled.bossJobId ?? cancelled.id);
    } catch (error) {
      logger.error({ err: error }, `Could not cancel pg-boss job of task ${taskId}`);
    }
    running.get(taskId)?.controller.abort(new TaskAbortedError('cancelled'));
    return cancelled;
  }

  /**
   * Stops fetching, lets running attempts finish for up to `timeoutMs`, then aborts them; pg-boss
   * fails what is still active so it is retried by the next worker.
   */
  async function stop(stopOptions: { timeoutMs?: number } = {}): Promise<void> {
    const instance = boss;
    if (instance === undefined) return;
    boss = undefined;
    const timeoutMs = stopOptions.timeoutMs ?? 10_000;
    const abortTimer = setTimeout(
      () => {
        for (const task of running.values())
          task.controller.abort(new TaskAbortedError('shutdown'));
      },
      Math.max(0, timeoutMs - 1_000),
    );
    try {
      await instance.stop({ graceful: true, timeout: timeoutMs, wait: true });
    } finally {
      clearTimeout(abortTimer);
    }
  }

  /** The pg-boss state of a task's job (`created`, `active`, `retry`, `completed`, `cancelled`, `failed`). */
  async function jobState(taskId: string): Promise<string | null> {
    const task = await tasks.findById(taskId);
    if (task === undefined) return null;
    const job = await requireBoss().getJobById(task.taskType, task.bossJobId ?? task.id);
    return job?.state ?? null;
  }

  return {
    start,
    enqueueTask,
    cancelTask,
    jobState,
    stop,
    isStarted: () => boss !== undefined,
    jobNames: () => definitions.map((definition) => definition.name),
    runningTaskIds: () => [...running.keys()],
  };
}
export type TaskQueue<R extends JobRegistryShape<R>> = ReturnType<typeof createTaskQueue<R>>;
