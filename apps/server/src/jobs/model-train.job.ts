import { z } from 'zod';
import { attemptEndReason, isPermanentTrainingError } from '../services/training/attempt-notes.js';
import { type ModelTrainer, TRAINING_MESSAGES } from '../services/training/model-trainer.js';
import { defineJob, TaskAbortedError } from './job-definition.js';

/** Retries after the first failure; a retry resumes from the last saved epoch. */
export const TRAINING_RETRY_LIMIT = 2;

const PERMANENT: readonly string[] = Object.values(TRAINING_MESSAGES);

/** Trains a model (spec 2 §7.4 train) in a worker thread; see `createModelTrainer`. */
export function createModelTrainJob(deps: { trainer: ModelTrainer }) {
  return defineJob({
    name: 'model.train',
    title: 'Model training',
    payload: z.object({ modelId: z.string() }),
    retryLimit: TRAINING_RETRY_LIMIT,
    retryDelaySeconds: 5,
    // Long runs are expected; a dead worker is noticed by its lease, a stuck trainer by the
    // runner's watchdog, long before this.
    timeLimitSeconds: 12 * 60 * 60,
    concurrency: 1,
    // The Model Training page shows the run; no notice of routine completion.
    notice: () => Promise.resolve(null),
    async handler(payload, context) {
      try {
        return await deps.trainer.train(payload.modelId, context);
      } catch (error) {
        await recordAttemptEnd(deps.trainer, payload.modelId, context, error);
        throw error;
      }
    },
  });
}

/**
 * Says why the attempt ended before the job is retried or fails: the model fails with the reason
 * when no retry can cure it or none is left, else the run's log says why it resumes. A cancelled
 * task records nothing; a lost lease leaves the note to the attempt that took over, unless this
 * was the last one. A failing write (the database is down) is reported, not thrown over `error`.
 */
async function recordAttemptEnd(
  trainer: ModelTrainer,
  modelId: string,
  context: { attempt: number; signal: AbortSignal },
  error: unknown,
): Promise<void> {
  const abort: unknown = context.signal.aborted ? context.signal.reason : undefined;
  const aborted = abort instanceof TaskAbortedError ? abort.reason : null;
  const reason = attemptEndReason(error, abort);
  // On its own (the model's error, the screen) the reason reads as a sentence.
  const failure = reason.charAt(0).toUpperCase() + reason.slice(1);
  const last = context.attempt >= TRAINING_RETRY_LIMIT;
  try {
    if (aborted === 'cancelled') return;
    if (aborted === 'lost') {
      if (last) await trainer.fail(modelId, failure);
      return;
    }
    if (last || (aborted === null && isPermanentTrainingError(error, PERMANENT)))
      await trainer.fail(modelId, failure);
    else await trainer.noteAttemptEnd(modelId, context.attempt + 1, reason);
  } catch (recordError) {
    trainer.reportUnrecorded(modelId, reason, recordError);
  }
}
