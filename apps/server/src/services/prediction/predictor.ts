import type { CasaSettings, GrayFrame } from '@sarm/casa';
import { analyzeFrames } from '@sarm/casa';
import { probeVideo, readGrayFrames } from '@sarm/casa/node';
import type { PredictionMetrics } from '@sarm/contracts';
import type { Clock } from '../../clock.js';
import type { PredictionFrameRecord, VideoRow } from '../../db/schema/index.js';
import type { JobContext } from '../../jobs/job-definition.js';
import { renderVisualization } from '../../media/detection-images.js';
import { localFile, withTempDir } from '../../media/ffmpeg.js';
import type { PredictionsRepository } from '../../repositories/predictions.repository.js';
import type { VideosRepository } from '../../repositories/videos.repository.js';
import { putBytes } from '../../storage/read-stored.js';
import type { FileStorage } from '../../storage/storage.js';
import type { ActiveDetectors } from '../training/active-detector.js';
import {
  predictionKeys,
  sampleFrameNumbers,
  type StoredBox,
  type StoredPredictionDetections,
} from './prediction-files.js';

export const PREDICTION_MESSAGES = {
  sourceGone: 'The model or the video of this prediction was deleted',
} as const;

/** Sample frames drawn with their predictions. */
const SAMPLE_FRAMES = 6;
/** How often progress is written while frames are processed, ms. */
const PROGRESS_WRITE_MS = 500;

export const predictProgressMessage = (done: number, total: number) =>
  `Detected ${done} of ${total} frames`;

/** Runs a prediction's model over its whole video and stores what it found. */
export function createPredictor(deps: {
  predictions: PredictionsRepository;
  videos: Pick<VideosRepository, 'findById'>;
  detectors: Pick<ActiveDetectors, 'detectorOfModel'>;
  settingsFor: (video: VideoRow) => Promise<CasaSettings>;
  storage: FileStorage;
  clock: Clock;
}) {
  async function run(predictionId: string, context: JobContext) {
    const prediction = await deps.predictions.findById(predictionId);
    if (prediction === undefined || prediction.status === 'completed') return { skipped: true };
    const video =
      prediction.videoId === null ? undefined : await deps.videos.findById(prediction.videoId);
    if (video === undefined || prediction.modelId === null)
      throw new Error(PREDICTION_MESSAGES.sourceGone);
    const { detector } = await deps.detectors.detectorOfModel(prediction.modelId);
    const settings = await deps.settingsFor(video);
    const started = performance.now();
    await deps.predictions.update(predictionId, {
      status: 'running',
      progress: 0,
      message: 'Reading the video',
      error: null,
      updatedAt: deps.clock.now(),
    });
    let lastWrite = 0;
    const { result, samples } = await withTempDir(async (dir) => {
      const file = await localFile(deps.storage, video.originalKey, dir);
      const info = await probeVideo(file);
      const wanted = new Set(sampleFrameNumbers(info.frameCount, SAMPLE_FRAMES));
      const captured: GrayFrame[] = [];
      async function* tapped() {
        for await (const frame of readGrayFrames(file)) {
          if (wanted.has(frame.index))
            captured.push({ ...frame, data: Uint8Array.from(frame.data) });
          yield frame;
        }
      }
      const analysed = await analyzeFrames(tapped(), info, settings, {
        detector,
        includeDetections: true,
        onProgress: (done, total) => {
          const now = Date.now();
          if (now - lastWrite < PROGRESS_WRITE_MS) return;
          lastWrite = now;
          const progress = total > 0 ? Math.min(99, (100 * done) / total) : 0;
          const message = predictProgressMessage(done, total);
          void deps.predictions
            .update(predictionId, { progress, message, updatedAt: deps.clock.now() })
            .catch(() => undefined);
          void context.reportProgress(progress, 'predicting', message).catch(() => undefined);
        },
      });
      return { result: analysed, samples: captured };
    });
    context.signal.throwIfAborted();

    const fps = result.video.fps;
    const perFrame: { frame: number; boxes: readonly StoredBox[] }[] = result.per_frame.map(
      (f) => ({ frame: f.frame, boxes: f.detections ?? [] }),
    );
    const keys = predictionKeys(predictionId);
    const stored: StoredPredictionDetections = {
      video: {
        width: result.video.width,
        height: result.video.height,
        fps,
        frames: result.video.frames,
      },
      frames: perFrame,
    };
    await putBytes(deps.storage, keys.detections, Buffer.from(JSON.stringify(stored)));

    const frames: PredictionFrameRecord[] = [];
    for (const sample of samples) {
      const boxes = perFrame.find((f) => f.frame === sample.index)?.boxes ?? [];
      const jpeg = await renderVisualization(
        sample.data,
        sample.width,
        sample.height,
        boxes.map(([x1, y1, x2, y2, confidence]) => ({ x1, y1, x2, y2, confidence })),
      );
      const key = keys.frame(sample.index);
      await putBytes(deps.storage, key, jpeg);
      frames.push({
        frame_number: sample.index,
        timestamp: Math.round((sample.index / fps) * 1000) / 1000,
        image_key: key,
        spermCount: boxes.length,
      });
    }

    const boxes = perFrame.flatMap((f) => f.boxes);
    const distribution = result.motility.motility_distribution;
    const metrics: PredictionMetrics = {
      totalSpermCount: result.concentration.mean_count_per_frame,
      detectionConfidence:
        boxes.length === 0 ? null : boxes.reduce((sum, b) => sum + b[4], 0) / boxes.length,
      processedFrames: result.video.frames,
      processingTime: Math.round((performance.now() - started) / 10) / 100,
      concentration: result.concentration.mean_concentration_million_per_ml,
      progressive: result.motility.progressive_percent,
      nonProgressive: distribution['Non Progressive'],
      immotile: distribution.Immotile,
      totalAnalyzedSperm: null,
      normalForms: null,
      abnormalHeads: null,
      abnormalMidpieces: null,
      abnormalTails: null,
    };
    const now = deps.clock.now();
    await deps.predictions.update(predictionId, {
      status: 'completed',
      progress: 100,
      message: predictProgressMessage(result.video.frames, result.video.frames),
      metrics,
      frames,
      resultKey: keys.detections,
      completedAt: now,
      updatedAt: now,
    });
    return { frames: result.video.frames, detections: boxes.length };
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
