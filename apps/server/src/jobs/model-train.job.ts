import { z } from 'zod';
import { type ModelTrainer, TRAINING_MESSAGES } from '../services/training/model-trainer.js';
import { defineJob } from './job-definition.js';

/** Retries after the first failure; a retry resumes from the last saved epoch. */
const RETRY_LIMIT = 2;

/** Trains a model (spec 2 §7.4 train) in a worker thread; see `createModelTrainer`. */
export function createModelTrainJob(deps: { trainer: ModelTrainer }) {
  return defineJob({
    name: 'model.train',
    title: 'Model training',
    payload: z.object({ modelId: z.string() }),
    retryLimit: RETRY_LIMIT,
    retryDelaySeconds: 5,
    // Long runs are expected; a dead worker is noticed by its lease long before this.
    timeLimitSeconds: 12 * 60 * 60,
    concurrency: 1,
    // The Model Training page shows the run; no notice of routine completion.
    notice: () => Promise.resolve(null),
    async handler(payload, context) {
      try {
        return await deps.trainer.train(payload.modelId, context);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        // Missing data fails at once; other errors are retried from the last checkpoint.
        const permanent = (Object.values(TRAINING_MESSAGES) as string[]).includes(reason);
        if (!context.signal.aborted && (permanent || context.attempt >= RETRY_LIMIT))
          await deps.trainer.fail(payload.modelId, reason);
        throw error;
      }
    },
  });
}
