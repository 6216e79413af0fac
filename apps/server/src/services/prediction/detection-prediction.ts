import type { CasaSettings, Detector, GrayFrame } from '@sarm/casa';
import { analyzeFrames } from '@sarm/casa';
import { probeVideoStream, readGrayFrames } from '@sarm/casa/node';
import { BACKGROUND_PRIORITY } from '../../process/background-priority.js';
import type { PredictionComparison, PredictionMetrics } from '@sarm/contracts';
import type { PixelBox } from '@sarm/ml';
import type { PredictionFrameRecord, VideoRow } from '../../db/schema/index.js';
import { renderVisualization } from '../../media/detection-images.js';
import { localFile, withTempDir } from '../../media/ffmpeg.js';
import { putBytes } from '../../storage/read-stored.js';
import type { FileStorage } from '../../storage/storage.js';
import {
  ClassicalAlongside,
  compareDetectors,
  COMPARISON_COLOURS,
  type FrameFinding,
} from './detector-comparison.js';
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
 * kept, the classical detector run on the same frames for comparison, and sample frames drawn
 * with both detectors' boxes.
 */
export async function predictDetection(
  deps: { storage: FileStorage },
  input: {
    predictionId: string;
    video: VideoRow;
    detector: Detector;
    settings: CasaSettings;
    /** Hand-annotated head boxes of the video's frames in detection data labels, by frame number. */
    annotated: ReadonlyMap<number, readonly PixelBox[]>;
    onProgress: (done: number, total: number) => void;
  },
) {
  const alongside = new ClassicalAlongside(input.detector, input.settings);
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
      detector: alongside,
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
  const none: FrameFinding = { count: 0, boxes: [] };
  const classicalOf = (frame: number) => alongside.found.get(frame) ?? none;
  const comparison: PredictionComparison = compareDetectors({
    frames: result.per_frame.map((f) => ({
      frame: f.frame,
      model: { count: f.count, boxes: f.detections ?? [] },
      classical: classicalOf(f.frame),
    })),
    annotated: input.annotated,
  });
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
    const classical = classicalOf(sample.index);
    // The classical boxes a little wider, so a head both found shows both colours.
    const drawn = [
      ...classical.boxes.map(([x1, y1, x2, y2, confidence]) => ({
        ...{ x1, y1, x2, y2, confidence },
        colour: COMPARISON_COLOURS.classical,
        marginPx: 3,
      })),
      ...boxes.map(([x1, y1, x2, y2, confidence]) => ({
        ...{ x1, y1, x2, y2, confidence },
        colour: COMPARISON_COLOURS.model,
      })),
    ];
    const jpeg = await renderVisualization(sample.data, sample.width, sample.height, drawn);
    const key = keys.frame(sample.index);
    await putBytes(deps.storage, key, jpeg);
    frames.push({
      frame_number: sample.index,
      timestamp: Math.round((sample.index / fps) * 1000) / 1000,
      image_key: key,
      spermCount: boxes.length,
      classicalCount: classical.count,
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
  return { metrics, stored, frames, comparison };
}
