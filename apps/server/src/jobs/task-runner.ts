import { z } from 'zod';
import type { Clock } from '../clock.js';
import type { TasksRepository } from '../repositories/tasks.repository.js';
import type { NotificationContent, Notifier } from '../services/notifications.service.js';
import { TaskAbortedError, type JobContext, type JobDefinition } from './job-definition.js';
import { startHeartbeat } from './job-lease.js';
import type { JobOutcome } from './job-notices.js';

/** What travels in a pg-boss job: the task row id (absent for scheduled runs) and the payload. */
export const QueuedJobDataSchema = z.object({
  taskId: z.string().optional(),
  payload: z.unknown(),
});
export type QueuedJobData = z.infer<typeof QueuedJobDataSchema>;

/** The parts of a pg-boss job the runner uses. */
export interface QueuedAttempt {
  readonly id: string;
  readonly data: unknown;
  readonly retryCount: number;
  readonly retryLimit: number;
  /** What pg-boss recorded when the previous attempt ended (its error, or its lease running out). */
  readonly output?: unknown;
}

/** A task running in this process, so cancel and shutdown can reach its handler. */
export interface RunningTask {
  readonly controller: AbortController;
}

export interface TaskRunnerDeps {
  readonly tasks: TasksRepository;
  readonly notifier: Notifier;
  /** Called once a task has failed for good (after its last retry). */
  readonly onTaskFailed?: (failure: {
    taskId: string;
    title: string;
    message: string;
  }) => Promise<void>;
  readonly clock: Clock;
  readonly running: Map<string, RunningTask>;
  readonly log: (message: string, error?: unknown) => void;
  /** Start-up and completion lines of jobs, at `info`. */
  readonly logInfo?: (message: string) => void;
  /** Attempts that ended without failing (a lost lease), at `warn`; `logInfo` when absent. */
  readonly logWarn?: (message: string) => void;
  /** Renews the attempt's pg-boss lease; false once the job is no longer active for this worker. */
  readonly renewLease?: (attempt: QueuedAttempt) => Promise<boolean>;
  /** How often the lease is renewed, in milliseconds (default HEARTBEAT_SECONDS). */
  readonly heartbeatMs?: number;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The message pg-boss kept of the previous attempt's end: a thrown error's `message`, or its own
 * `{ value: { message } }` when the lease ran out. Null on a first attempt or when none was kept.
 */
export function previousAttemptEnd(attempt: QueuedAttempt): string | null {
  if (attempt.retryCount === 0) return null;
  const output = attempt.output;
  const messageOf = (value: unknown): string | null =>
    typeof value === 'object' &&
    value !== null &&
    'message' in value &&
    typeof value.message === 'string'
      ? value.message
      : null;
  if (typeof output !== 'object' || output === null) return null;
  return messageOf(output) ?? ('value' in output ? messageOf(output.value) : null);
}

/**
 * Runs one attempt of a job and mirrors it on the task row: running, progress, then completed,
 * failed, or queued again when pg-boss will retry. A cancelled task is skipped or left cancelled.
 * Throws when pg-boss should count the attempt as failed.
 */
export async function runTaskAttempt(
  deps: TaskRunnerDeps,
  definition: JobDefinition,
  attempt: QueuedAttempt,
): Promise<{ taskId: string; skipped?: true }> {
  const envelope = QueuedJobDataSchema.safeParse(attempt.data);
  const data: QueuedJobData = envelope.success ? envelope.data : { payload: undefined };
  const taskId = data.taskId ?? attempt.id;
  const { tasks, clock } = deps;
  if (data.taskId === undefined) {
    // Scheduled runs have no row yet: the pg-boss job id becomes the task id.
    await tasks.insert(
      {
        id: taskId,
        taskType: definition.name,
        createdBy: null,
        message: 'Scheduled run',
        now: clock.now(),
      },
      { ignoreExisting: true },
    );
  }
  const task = await tasks.markRunning(taskId, attempt.retryCount, clock.now());
  if (task === undefined) return { taskId, skipped: true };

  /** The job's own notice naming its subject, else a generic one; null: none. */
  const noticeOf = async (
    parsed: { value: unknown } | null,
    outcome: JobOutcome,
  ): Promise<NotificationContent | null> => {
    const generic: NotificationContent = outcome.ok
      ? {
          title: `${definition.title} completed`,
          message: 'The task finished successfully.',
          type: 'success',
          link: null,
        }
      : {
          title: `${definition.title} failed`,
          message: outcome.message,
          type: 'error',
          link: null,
        };
    if (parsed === null || definition.notice === undefined) return generic;
    try {
      return await definition.notice(parsed.value, outcome);
    } catch (error) {
      deps.log(`Task ${taskId} (${definition.name}) notice failed`, error);
      return generic;
    }
  };
  const tell = async (
    userId: string | null | undefined,
    parsed: { value: unknown } | null,
    outcome: JobOutcome,
  ) => {
    if (!userId || definition.notifiesItself === true) return;
    const notice = await noticeOf(parsed, outcome);
    if (notice !== null) await deps.notifier.notify(userId, notice);
  };

  const finishAsFailed = async (message: string, parsed: { value: unknown } | null) => {
    const failed = await tasks.fail(taskId, message, clock.now());
    await deps.onTaskFailed?.({ taskId, title: definition.title, message });
    await tell(failed?.createdBy, parsed, { ok: false, message });
  };

  const payload = definition.payload.safeParse(data.payload);
  if (!payload.success) {
    // A malformed payload will not improve with retries: fail for good.
    await finishAsFailed(
      `Invalid payload: ${payload.error.issues[0]?.message ?? 'unknown issue'}`,
      null,
    );
    return { taskId };
  }

  const controller = new AbortController();
  deps.running.set(taskId, { controller });
  const expiryTimer = setTimeout(
    () => controller.abort(new TaskAbortedError('expired')),
    definition.timeLimitSeconds * 1000,
  );
  const { renewLease } = deps;
  // When the lease was last renewed: a lost lease says how long the renewals had stopped.
  let renewedAt = Date.now();
  const stopHeartbeat =
    renewLease === undefined
      ? () => undefined
      : startHeartbeat({
          renew: async () => {
            const held = await renewLease(attempt);
            if (held) renewedAt = Date.now();
            return held;
          },
          onLost: () => controller.abort(new TaskAbortedError('lost')),
          onError: (error) => deps.log(`Task ${taskId}: lease renewal failed`, error),
          intervalMs: deps.heartbeatMs,
        });
  const context: JobContext = {
    taskId,
    attempt: attempt.retryCount,
    previousEnd: previousAttemptEnd(attempt),
    signal: controller.signal,
    async reportProgress(progress, stage, message) {
      controller.signal.throwIfAborted();
      const clamped = Math.min(100, Math.max(0, Number.isFinite(progress) ? progress : 0));
      const updated = await tasks.updateProgress(
        taskId,
        { progress: clamped, stage, message },
        clock.now(),
      );
      if (updated === undefined) {
        const current = await tasks.findById(taskId);
        if (current?.status === 'cancelled') controller.abort(new TaskAbortedError('cancelled'));
        controller.signal.throwIfAborted();
      }
    },
  };

  const startedAt = Date.now();
  deps.logInfo?.(`Task ${taskId} (${definition.name}) started`);
  try {
    const result = await definition.handler(payload.data, context);
    controller.signal.throwIfAborted();
    const completed = await tasks.complete(taskId, result, clock.now());
    deps.logInfo?.(
      `Task ${taskId} (${definition.name}) completed in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
    );
    await tell(completed?.createdBy, { value: payload.data }, { ok: true, result });
    return { taskId };
  } catch (error) {
    const reason: unknown = controller.signal.reason;
    // Cancelled: nothing more to record.
    if (reason instanceof TaskAbortedError && reason.reason === 'cancelled')
      return { taskId, skipped: true };
    if (reason instanceof TaskAbortedError && reason.reason === 'lost') {
      const last = attempt.retryCount >= attempt.retryLimit;
      (deps.logWarn ?? deps.logInfo)?.(
        `Task ${taskId} (${definition.name}) attempt ${attempt.retryCount + 1} lost its lease ` +
          `(last renewed ${Math.round((Date.now() - renewedAt) / 1000)} s ago)` +
          (last ? '; it was the last attempt: the task fails' : '; a retry takes it over'),
      );
      // A retry owns the task row; after the last attempt nothing would, so it fails here.
      if (!last) return { taskId, skipped: true };
      await finishAsFailed(reason.message, { value: payload.data });
      return { taskId };
    }
    const interrupted = reason instanceof TaskAbortedError && reason.reason === 'shutdown';
    const message = reason instanceof TaskAbortedError ? reason.message : errorText(error);
    if (!interrupted)
      deps.log(
        `Task ${taskId} (${definition.name}) attempt ${attempt.retryCount + 1} failed`,
        error,
      );
    if (attempt.retryCount < attempt.retryLimit) {
      const note = interrupted
        ? `${message}; it will be retried`
        : `Attempt ${attempt.retryCount + 1} failed; retrying`;
      await tasks.requeue(taskId, note, message, clock.now());
    } else {
      await finishAsFailed(message, { value: payload.data });
    }
    throw error;
  } finally {
    stopHeartbeat();
    clearTimeout(expiryTimer);
    deps.running.delete(taskId);
  }
}
