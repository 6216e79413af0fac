import type { z } from 'zod';
import type { NotificationContent } from '../services/notifications.service.js';
import type { JobOutcome } from './job-notices.js';

/** What a running handler can do besides its work. */
export interface JobContext {
  readonly taskId: string;
  /** 0 for the first attempt, 1 for the first retry, and so on. */
  readonly attempt: number;
  /**
   * How pg-boss says the previous attempt ended (its error message, or its lease running out);
   * null on a first attempt or when nothing was recorded.
   */
  readonly previousEnd?: string | null;
  /** Aborted when the task is cancelled or the worker shuts down; long handlers must watch it. */
  readonly signal: AbortSignal;
  /**
   * Records progress (0-100, clamped) with an optional stage and message on the task row.
   * Rejects with an `AbortError` once the task was cancelled, even by another process.
   */
  reportProgress(progress: number, stage?: string, message?: string): Promise<void>;
}

/**
 * A typed background job. Handlers must be idempotent: a failed or interrupted attempt is
 * retried with the same payload, possibly after partial work.
 */
export interface JobDefinition<
  TName extends string = string,
  TPayload extends z.ZodType = z.ZodType,
> {
  readonly name: TName;
  /** Human name used in notifications, e.g. "System cleanup". */
  readonly title: string;
  readonly payload: TPayload;
  readonly retryLimit: number;
  readonly retryDelaySeconds: number;
  /**
   * An attempt still running after this long is aborted and counts as failed (then retried while
   * retries remain). A worker that dies is noticed much sooner, by its lease (job-lease.ts).
   */
  readonly timeLimitSeconds: number;
  /** Attempts of this job run at once by one worker process (default: the worker's `WORKER_CONCURRENCY`). */
  readonly concurrency?: number;
  /** The handler tells the user about the outcome itself (with a link); the runner stays quiet. */
  readonly notifiesItself?: boolean;
  /**
   * The creator's notice of the outcome, naming the video or sample and linking to it; null sends
   * none (a routine step whose screen shows its state). Without it the runner sends a generic one.
   */
  notice?(payload: z.output<TPayload>, outcome: JobOutcome): Promise<NotificationContent | null>;
  /** Recurring runs (cron, UTC) created by the worker role. */
  readonly schedule?: { readonly cron: string; readonly payload: z.input<TPayload> };
  /** Does the work; the answer is stored as the task's `result` (JSON). */
  handler(payload: z.output<TPayload>, context: JobContext): Promise<unknown>;
}

type Defaults = 'retryLimit' | 'retryDelaySeconds' | 'timeLimitSeconds';
export type JobDefinitionInput<TName extends string, TPayload extends z.ZodType> = Omit<
  JobDefinition<TName, TPayload>,
  Defaults
> &
  Partial<Pick<JobDefinition<TName, TPayload>, Defaults>>;

/** Fills the defaults: 2 retries 10 s apart, a 15-minute time limit. */
export function defineJob<TName extends string, TPayload extends z.ZodType>(
  input: JobDefinitionInput<TName, TPayload>,
): JobDefinition<TName, TPayload> {
  return {
    retryLimit: 2,
    retryDelaySeconds: 10,
    timeLimitSeconds: 15 * 60,
    ...input,
  };
}

/** A registry maps each job name to the definition of that name. */
export type JobRegistryShape<T> = { readonly [K in keyof T]: JobDefinition<K & string> };

/** Checks at compile time that every key equals its definition's name. */
export function defineJobRegistry<T extends JobRegistryShape<T>>(registry: T): T {
  return registry;
}

const ABORT_MESSAGES = {
  cancelled: 'Task cancelled',
  shutdown: 'Interrupted by worker shutdown',
  expired: 'Task ran longer than its time limit',
  lost: 'Another worker took the task over after this one stopped renewing its lease',
} as const;

/** The abort reason a handler sees when its task is cancelled, interrupted or out of time. */
export class TaskAbortedError extends Error {
  constructor(readonly reason: keyof typeof ABORT_MESSAGES) {
    super(ABORT_MESSAGES[reason]);
    this.name = 'AbortError';
  }
}
