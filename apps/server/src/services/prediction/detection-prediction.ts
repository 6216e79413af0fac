import type { CasaSettings, Detector, GrayFrame } from '@sarm/casa';
import { analyzeFrames } from '@sarm/casa';
import { probeVideoStream, readGrayFrames } from '@sarm/casa/node';
import { BACKGROUND_PRIORITY } from '../../process/background-priority.js';
import type { PredictionMetrics } from '@sarm/contracts';
import type { PredictionFrameRecord, VideoRow } from '../../db/schema/index.js';
import { renderVisualization } from '../../media/detection-images.js';
import { localFile, withTempDir } from '../../media/ffmpeg.js';
import { putBytes } from '../../storage/read-stored.js';
import type { FileStorage } from '../../storage/storage.js';
import {
  predictionKeys,
  sampleFrameNumbers,
  type StoredBox,
  type StoredPredictionDetections,
} from './prediction-files.js';

/** Sample frames drawn with their predictions. */
const SAMPLE_FRAMES = 6;

/**
 * A detection model's prediction: the whole video through the engine with the model as its
 * detector (tracking, kinematics, WHO classes and concentration unchanged), every frame's boxes
 * kept, and sample frames drawn.
 */
export async function predictDetection(
  deps: { storage: FileStorage },
  input: {
    predictionId: string;
    video: VideoRow;
    detector: Detector;
    settings: CasaSettings;
    onProgress: (done: number, total: number) => void;
  },
) {
  const { result, samples } = await withTempDir(async (dir) => {
    const file = await localFile(deps.storage, input.video.originalKey, dir);
    const probed = await probeVideoStream(file);
    const { info } = probed;
    const wanted = new Set(sampleFrameNumbers(info.frameCount, SAMPLE_FRAMES));
    const captured: GrayFrame[] = [];
    async function* tapped() {
      for await (const frame of readGrayFrames(file, { priority: BACKGROUND_PRIORITY, probed })) {
        if (wanted.has(frame.index)) captured.push({ ...frame, data: Uint8Array.from(frame.data) });
        yield frame;
      }
    }
    const analysed = await analyzeFrames(tapped(), info, input.settings, {
      detector: input.detector,
      includeDetections: true,
      onProgress: input.onProgress,
    });
    return { result: analysed, samples: captured };
  });

  const fps = result.video.fps;
  const perFrame: { frame: number; boxes: readonly StoredBox[] }[] = result.per_frame.map((f) => ({
    frame: f.frame,
    boxes: f.detections ?? [],
  }));
  const stored: StoredPredictionDetections = {
    video: {
      width: result.video.width,
      height: result.video.height,
      fps,
      frames: result.video.frames,
    },
    frames: perFrame,
  };
  const keys = predictionKeys(input.predictionId);
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
  const metrics: Omit<PredictionMetrics, 'processingTime'> = {
    totalSpermCount: result.concentration.mean_count_per_frame,
    detectionConfidence:
      boxes.length === 0 ? null : boxes.reduce((sum, b) => sum + b[4], 0) / boxes.length,
    processedFrames: result.video.frames,
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
  return { metrics, stored, frames };
}
