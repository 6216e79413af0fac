import {
  type IssuePriority,
  type OpenIssue,
  type SystemStatus,
  type Task,
  type TaskStatus,
} from '@sarm/contracts';
import type { DatabaseKind } from '../db/database.js';
import type { TaskRow } from '../db/schema/index.js';
import type { ServerRole } from '../config.js';
import { conflict, notFound } from '../http/errors.js';
import type { JobRegistry } from '../jobs/job-registry.js';
import type { TaskQueue } from '../jobs/task-queue.js';
import type { OpenFailure, TasksRepository } from '../repositories/tasks.repository.js';
import { meetsRequirement, type AuthContext } from './access.js';

export const TASK_MESSAGES = {
  notFound: 'Task not found',
  alreadyFinished: 'Task has already finished',
  notFailed: 'Only failed tasks can be dismissed',
} as const;

/**
 * How urgent a failed task is on the technical dashboard: an unprepared video is unusable (high),
 * missing frames or detections block annotation (medium), anything else can wait (low).
 */
export function issuePriority(taskType: string): IssuePriority {
  if (taskType === 'video.prepare') return 'high';
  if (taskType === 'frames.extract' || taskType.startsWith('detection.')) return 'medium';
  return 'low';
}

/** Maps a failed, undismissed task to an Open Issues row. */
export function toOpenIssue({ task, video }: OpenFailure): OpenIssue {
  return {
    task_id: task.id,
    task_type: task.taskType,
    priority: issuePriority(task.taskType),
    error: task.error,
    stage: task.stage,
    created_at: task.createdAt.toISOString(),
    reported_at: (task.completedAt ?? task.updatedAt).toISOString(),
    resource: video === null ? null : { type: 'video', id: video.id, name: video.name },
  };
}

/** Maps a task row to the API shape. */
export function toTask(row: TaskRow): Task {
  return {
    id: row.id,
    task_type: row.taskType,
    status: row.status,
    stage: row.stage,
    progress: row.progress,
    message: row.message,
    result: row.result ?? null,
    error: row.error,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

/** Holders of any `system.*` permission see every task; everyone else sees their own. */
const seesAllTasks = (auth: AuthContext) => meetsRequirement(auth, 'system.*');

export function createTasksService(deps: {
  tasks: TasksRepository;
  queue: TaskQueue<JobRegistry>;
  databaseKind: DatabaseKind;
  role: ServerRole;
  startedAt: Date;
  now: () => Date;
}) {
  async function findVisible(auth: AuthContext, id: string): Promise<TaskRow> {
    const row = await deps.tasks.findById(id);
    // Another user's task answers 404, not 403, so task ids cannot be probed.
    if (row === undefined || (!seesAllTasks(auth) && row.createdBy !== auth.user.id))
      throw notFound(TASK_MESSAGES.notFound);
    return row;
  }

  async function get(auth: AuthContext, id: string): Promise<Task> {
    return toTask(await findVisible(auth, id));
  }

  async function list(
    auth: AuthContext,
    query: { task_type?: string; status?: TaskStatus; limit: number; offset: number },
  ) {
    const { rows, total } = await deps.tasks.list({
      createdBy: seesAllTasks(auth) ? undefined : auth.user.id,
      // `?task_type=` (empty) means no filter, as the screens send it.
      taskType: query.task_type === '' ? undefined : query.task_type,
      status: query.status,
      limit: query.limit,
      offset: query.offset,
    });
    return { tasks: rows.map(toTask), total };
  }

  /** Cancels an unfinished task; cancelling a cancelled task again is harmless. */
  async function cancel(auth: AuthContext, id: string): Promise<Task> {
    const row = await findVisible(auth, id);
    if (row.status === 'cancelled') return toTask(row);
    const cancelled = await deps.queue.cancelTask(id);
    if (cancelled === undefined) throw conflict(TASK_MESSAGES.alreadyFinished);
    return toTask(cancelled);
  }

  /** Closes a failed task's Open Issue (its creator or a `system.*` holder); dismissing twice is harmless. */
  async function dismiss(auth: AuthContext, id: string): Promise<Task> {
    const row = await findVisible(auth, id);
    if (row.status !== 'failed') throw conflict(TASK_MESSAGES.notFailed);
    if (row.dismissedAt !== null) return toTask(row);
    return toTask((await deps.tasks.dismiss(id, deps.now())) ?? row);
  }

  /** Failed tasks not yet dismissed that the user may see, newest failure first. */
  async function openIssues(auth: AuthContext, limit = 50): Promise<OpenIssue[]> {
    const rows = await deps.tasks.listOpenFailures({
      createdBy: seesAllTasks(auth) ? undefined : auth.user.id,
      limit,
    });
    return rows.map(toOpenIssue);
  }

  async function systemStatus(): Promise<SystemStatus> {
    const counts = await deps.tasks.countByTypeAndStatus();
    const names = [...new Set([...deps.queue.jobNames(), ...counts.map((c) => c.taskType)])].sort();
    const countOf = (name: string, status: TaskStatus) =>
      counts.find((c) => c.taskType === name && c.status === status)?.value ?? 0;
    return {
      status: deps.queue.isStarted() ? 'ok' : 'degraded',
      database: deps.databaseKind,
      role: deps.role,
      uptime_s: Math.round((deps.now().getTime() - deps.startedAt.getTime()) / 1000),
      queues: names.map((name) => ({
        name,
        queued: countOf(name, 'queued'),
        running: countOf(name, 'running'),
        completed: countOf(name, 'completed'),
        failed: countOf(name, 'failed'),
      })),
    };
  }

  return { get, list, cancel, dismiss, openIssues, systemStatus };
}
export type TasksService = ReturnType<typeof createTasksService>;
