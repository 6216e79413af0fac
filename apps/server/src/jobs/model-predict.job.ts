import { z } from 'zod';
import { PREDICTION_MESSAGES, type Predictor } from '../services/prediction/predictor.js';
import { defineJob } from './job-definition.js';

const RETRY_LIMIT = 1;

/** Runs a model over a whole video (spec 2 §7.4 predictions); see `createPredictor`. */
export function createModelPredictJob(deps: { predictor: Predictor }) {
  return defineJob({
    name: 'model.predict',
    title: 'Model prediction',
    payload: z.object({ predictionId: z.string() }),
    retryLimit: RETRY_LIMIT,
    retryDelaySeconds: 5,
    timeLimitSeconds: 2 * 60 * 60,
    // The Model Prediction page shows the run.
    notice: () => Promise.resolve(null),
    async handler(payload, context) {
      try {
        return await deps.predictor.run(payload.predictionId, context);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const permanent = (Object.values(PREDICTION_MESSAGES) as string[]).includes(reason);
        if (!context.signal.aborted && (permanent || context.attempt >= RETRY_LIMIT))
          await deps.predictor.fail(payload.predictionId, reason);
        throw error;
      }
    },
  });
}
