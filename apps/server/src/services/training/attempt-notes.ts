/**
 * Why a training attempt ended, in words for the run's log and the server log: every resume or
 * retry says why ("Attempt 2 ended: worker thread exited with code 134; resuming from epoch 5").
 */
import { TrainingAttemptError } from '@sarm/ml/node';
import { TaskAbortedError } from '../../jobs/job-definition.js';
import type { TrainingRun } from '../../db/schema/index.js';

/** Error codes of a database that cannot be reached (Node sockets and PostgreSQL's class 08/57P). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  '08000',
  '08001',
  '08003',
  '08006',
  '57P01',
  '57P02',
  '57P03',
]);

const codeOf = (error: unknown): string | null =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : null;

/** The reason an attempt ended, from its error and the abort reason of its task, if any. */
export function attemptEndReason(error: unknown, abort: unknown): string {
  if (abort instanceof TaskAbortedError) {
    switch (abort.reason) {
      case 'lost':
        return `lease lost: ${abort.message.toLowerCase()}`;
      case 'shutdown':
        return 'the server shut down (its worker stopped the run)';
      case 'expired':
        return `time limit reached: ${abort.message.toLowerCase()}`;
      case 'cancelled':
        return 'the task was cancelled';
    }
  }
  if (error instanceof TrainingAttemptError) return error.reason;
  const message = error instanceof Error ? error.message : String(error);
  const code = codeOf(error);
  if (code !== null && UNREACHABLE_CODES.has(code))
    return `database unreachable (${code}: ${message})`;
  return message;
}

/** Whether no retry can cure the error (the data is missing, the run outgrows its memory). */
export function isPermanentTrainingError(error: unknown, permanentMessages: readonly string[]) {
  if (error instanceof TrainingAttemptError) return !error.retryable;
  return error instanceof Error && permanentMessages.includes(error.message);
}

/** What pg-boss kept of an attempt whose process left no word, explained. */
export function explainRecordedEnd(recorded: string | null): string {
  if (recorded === null)
    return 'the previous attempt stopped reporting (worker process ended or lost its lease)';
  if (/timeout in active state/.test(recorded))
    return `its lease ran out (pg-boss: ${recorded}): the worker process ended, froze or could not reach the database`;
  return `it failed: ${recorded}`;
}

/** The log line of an attempt that ended and will be resumed. */
export function attemptEndedLine(attempt: number, reason: string, checkpointEpoch: number | null) {
  const next =
    checkpointEpoch === null
      ? 'starting again from the first epoch'
      : `resuming from epoch ${checkpointEpoch}`;
  return `Attempt ${attempt} ended: ${reason}; ${next}`;
}

/** A line that starts a job of the run: notes before it belong to an earlier job. */
const JOB_START = /^\[[\d:]+\] (Training queued|Retry requested)/;

/** Whether the run's log, since its job started, says why attempt `attempt` (1-based) ended. */
export function hasAttemptEndNote(run: TrainingRun, attempt: number): boolean {
  const note = `] Attempt ${attempt} ended`;
  for (let i = run.logs.length - 1; i >= 0; i -= 1) {
    const line = run.logs[i] ?? '';
    if (line.includes(note)) return true;
    if (JOB_START.test(line)) return false;
  }
  return false;
}
