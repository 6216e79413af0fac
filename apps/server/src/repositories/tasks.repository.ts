import type { TaskStatus } from '@sarm/contracts';
import { and, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { tasks, videos, type TaskRow } from '../db/schema/index.js';

export interface NewTask {
  readonly id: string;
  readonly taskType: string;
  readonly createdBy: string | null;
  readonly message: string;
  readonly now: Date;
}

export interface TaskFilter {
  readonly createdBy?: string;
  readonly taskType?: string;
  readonly status?: TaskStatus;
  readonly limit: number;
  readonly offset?: number;
}

/** A failed task with the video that names it as its last task, if any. */
export interface OpenFailure {
  readonly task: TaskRow;
  readonly video: { readonly id: string; readonly name: string } | null;
}

export interface ProgressUpdate {
  readonly progress: number;
  readonly stage?: string;
  readonly message?: string;
}

const UNFINISHED: TaskStatus[] = ['queued', 'running'];

/**
 * Task rows. Every transition is a conditional update, so a cancelled or finished task is never
 * overwritten by a late progress report, completion or failure of a handler.
 */
export function createTasksRepository(db: Database) {
  async function insert(
    task: NewTask,
    options: { ignoreExisting: boolean },
  ): Promise<TaskRow | undefined> {
    const query = db.insert(tasks).values({
      id: task.id,
      taskType: task.taskType,
      createdBy: task.createdBy,
      status: 'queued',
      stage: 'queued',
      message: task.message,
      bossJobId: task.id,
      createdAt: task.now,
      updatedAt: task.now,
    });
    const [row] = options.ignoreExisting
      ? await query.onConflictDoNothing().returning()
      : await query.returning();
    return row;
  }

  async function findById(id: string): Promise<TaskRow | undefined> {
    const [row] = await db.select().from(tasks).where(eq(tasks.id, id)).limit(1);
    return row;
  }

  async function list(filter: TaskFilter): Promise<{ rows: TaskRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.createdBy !== undefined) conditions.push(eq(tasks.createdBy, filter.createdBy));
    if (filter.taskType !== undefined) conditions.push(eq(tasks.taskType, filter.taskType));
    if (filter.status !== undefined) conditions.push(eq(tasks.status, filter.status));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const rows = await db
      .select()
      .from(tasks)
      .where(where)
      .orderBy(desc(tasks.createdAt), desc(tasks.id))
      .limit(filter.limit)
      .offset(filter.offset ?? 0);
    const [total] = await db.select({ value: count() }).from(tasks).where(where);
    return { rows, total: total?.value ?? 0 };
  }

  async function transition(
    id: string,
    from: TaskStatus[],
    values: Partial<typeof tasks.$inferInsert>,
  ) {
    const [row] = await db
      .update(tasks)
      .set(values)
      .where(and(eq(tasks.id, id), inArray(tasks.status, from)))
      .returning();
    return row;
  }

  /** Failed tasks nobody dismissed, newest failure first; optionally only one user's. */
  async function listOpenFailures(filter: {
    createdBy?: string;
    limit: number;
  }): Promise<OpenFailure[]> {
    const conditions: SQL[] = [eq(tasks.status, 'failed'), isNull(tasks.dismissedAt)];
    if (filter.createdBy !== undefined) conditions.push(eq(tasks.createdBy, filter.createdBy));
    const rows = await db
      .select({ task: tasks, videoId: videos.id, videoName: videos.name })
      .from(tasks)
      .leftJoin(videos, eq(videos.lastTaskId, tasks.id))
      .where(and(...conditions))
      .orderBy(desc(tasks.updatedAt), desc(tasks.id))
      .limit(filter.limit);
    return rows.map((row) => ({
      task: row.task,
      video:
        row.videoId === null || row.videoName === null
          ? null
          : { id: row.videoId, name: row.videoName },
    }));
  }

  return {
    insert,
    findById,
    list,
    listOpenFailures,
    /** Closes a failed task's issue; `undefined` unless the task failed and was still open. */
    dismiss: async (id: string, now: Date) => {
      const [row] = await db
        .update(tasks)
        .set({ dismissedAt: now })
        .where(and(eq(tasks.id, id), eq(tasks.status, 'failed'), isNull(tasks.dismissedAt)))
        .returning();
      return row;
    },
    markRunning: (id: string, attempt: number, now: Date) =>
      transition(id, UNFINISHED, {
        status: 'running',
        stage: 'running',
        message: attempt > 0 ? `Retry ${attempt} started` : 'Task started',
        updatedAt: now,
      }),
    updateProgress: (id: string, update: ProgressUpdate, now: Date) =>
      transition(id, ['running'], {
        progress: update.progress,
        ...(update.stage === undefined ? {} : { stage: update.stage }),
        ...(update.message === undefined ? {} : { message: update.message }),
        updatedAt: now,
      }),
    complete: (id: string, result: unknown, now: Date) =>
      transition(id, ['running'], {
        status: 'completed',
        stage: 'completed',
        progress: 100,
        message: 'Task completed',
        result: result ?? null,
        error: null,
        updatedAt: now,
        completedAt: now,
      }),
    fail: (id: string, error: string, now: Date) =>
      transition(id, UNFINISHED, {
        status: 'failed',
        stage: 'failed',
        message: 'Task failed',
        error,
        updatedAt: now,
        completedAt: now,
      }),
    /** A failed attempt that pg-boss will retry, or an attempt interrupted by shutdown. */
    requeue: (id: string, message: string, error: string | null, now: Date) =>
      transition(id, ['running'], {
        status: 'queued',
        stage: 'retrying',
        message,
        error,
        updatedAt: now,
      }),
    cancel: (id: string, now: Date) =>
      transition(id, UNFINISHED, {
        status: 'cancelled',
        stage: 'cancelled',
        message: 'Task cancelled',
        updatedAt: now,
        completedAt: now,
      }),
    /** Counts per task type and status, for the system status page. */
    countByTypeAndStatus: async () =>
      db
        .select({ taskType: tasks.taskType, status: tasks.status, value: count() })
        .from(tasks)
        .groupBy(tasks.taskType, tasks.status),
  };
}
export type TasksRepository = ReturnType<typeof createTasksRepository>;
