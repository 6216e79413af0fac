import type { CasaSettings } from '@sarm/casa';
import type { PredictionComparison } from '@sarm/contracts';
import type { Clock } from '../../clock.js';
import type { VideoRow } from '../../db/schema/index.js';
import type { JobContext } from '../../jobs/job-definition.js';
import type { DetectionsRepository } from '../../repositories/detections.repository.js';
import type { ModelsRepository } from '../../repositories/models.repository.js';
import type { PredictionsRepository } from '../../repositories/predictions.repository.js';
import type { VideosRepository } from '../../repositories/videos.repository.js';
import { putBytes } from '../../storage/read-stored.js';
import type { FileStorage } from '../../storage/storage.js';
import type { ActiveDetectors } from '../training/active-detector.js';
import { predictDetection } from './detection-prediction.js';
import { MORPHOLOGY_PREDICTION_MESSAGES, predictMorphology } from './morphology-prediction.js';
import { predictionKeys } from './prediction-files.js';

/** Failures no retry can cure: the prediction fails at once. */
export const PREDICTION_MESSAGES = {
  sourceGone: 'The model or the video of this prediction was deleted',
  ...MORPHOLOGY_PREDICTION_MESSAGES,
} as const;

/** How often progress is written while frames are processed, ms. */
const PROGRESS_WRITE_MS = 500;

export const predictProgressMessage = (done: number, total: number) =>
  `Processed ${done} of ${total} frames`;

/** Runs a prediction's model over its whole video and stores what it found. */
export function createPredictor(deps: {
  predictions: PredictionsRepository;
  models: Pick<ModelsRepository, 'findRow'>;
  videos: Pick<VideosRepository, 'findById' | 'listFrames'>;
  detections: Pick<DetectionsRepository, 'listByFrame'>;
  detectors: Pick<ActiveDetectors, 'detectorOfModel'>;
  settingsFor: (video: VideoRow) => Promise<CasaSettings>;
  cropMarginPx: (videoId: string) => Promise<number>;
  storage: FileStorage;
  clock: Clock;
}) {
  async function run(predictionId: string, context: JobContext) {
    const prediction = await deps.predictions.findById(predictionId);
    if (prediction === undefined || prediction.status === 'completed') return { skipped: true };
    const video =
      prediction.videoId === null ? undefined : await deps.videos.findById(prediction.videoId);
    const model =
      prediction.modelId === null ? undefined : await deps.models.findRow(prediction.modelId);
    if (video === undefined || model?.fileKey == null)
      throw new Error(PREDICTION_MESSAGES.sourceGone);
    const started = performance.now();
    await deps.predictions.update(predictionId, {
      status: 'running',
      progress: 0,
      message: 'Reading the video',
      error: null,
      updatedAt: deps.clock.now(),
    });
    let lastWrite = 0;
    const onProgress = (done: number, total: number) => {
      const now = Date.now();
      if (now - lastWrite < PROGRESS_WRITE_MS) return;
      lastWrite = now;
      const progress = total > 0 ? Math.min(99, (100 * done) / total) : 0;
      const message = predictProgressMessage(done, total);
      void deps.predictions
        .update(predictionId, { progress, message, updatedAt: deps.clock.now() })
        .catch(() => undefined);
      void context.reportProgress(progress, 'predicting', message).catch(() => undefined);
    };
    const detector =
      model.type === 'detection'
        ? (await deps.detectors.detectorOfModel(model.id)).detector
        : undefined;
    const outcome: { comparison?: PredictionComparison } & Awaited<
      ReturnType<typeof predictDetection> | ReturnType<typeof predictMorphology>
    > =
      detector !== undefined
        ? await predictDetection(deps, {
            predictionId,
            video,
            detector,
            settings: await deps.settingsFor(video),
            annotated: await deps.predictions.annotatedFrames(video.id),
            onProgress,
          })
        : await predictMorphology(deps, {
            predictionId,
            videoId: video.id,
            modelFileKey: model.fileKey,
            runtime: model.runtime,
            onProgress,
          });
    context.signal.throwIfAborted();
    const keys = predictionKeys(predictionId);
    await putBytes(deps.storage, keys.detections, Buffer.from(JSON.stringify(outcome.stored)));
    const now = deps.clock.now();
    const frames = outcome.metrics.processedFrames;
    await deps.predictions.update(predictionId, {
      status: 'completed',
      progress: 100,
      message: predictProgressMessage(frames, frames),
      metrics: {
        ...outcome.metrics,
        processingTime: Math.round((performance.now() - started) / 10) / 100,
      },
      frames: outcome.frames,
      comparison: outcome.comparison ?? null,
      resultKey: keys.detections,
      completedAt: now,
      updatedAt: now,
    });
    return { frames, boxes: outcome.stored.frames.reduce((n, f) => n + f.boxes.length, 0) };
  }

  /** Marks the prediction failed with the reason (its job's last attempt failed). */
  async function fail(predictionId: string, reason: string) {
    await deps.predictions.update(predictionId, {
      status: 'failed',
      error: reason,
      updatedAt: deps.clock.now(),
    });
  }

  return { run, fail };
}
export type Predictor = ReturnType<typeof createPredictor>;
