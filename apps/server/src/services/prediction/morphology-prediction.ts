import {
  classifyCrops,
  initBackend,
  loadClassifierWeights,
  type MorphologyCrop,
  type MorphologyPrediction,
  savedMorphologyClassifierOf,
} from '@sarm/ml';
import type { PredictionMetrics } from '@sarm/contracts';
import type { FrameRow, PredictionFrameRecord } from '../../db/schema/index.js';
import { decodeGray, renderVisualization } from '../../media/detection-images.js';
import { localFile, withTempDir } from '../../media/ffmpeg.js';
import type { DetectionsRepository } from '../../repositories/detections.repository.js';
import type { VideosRepository } from '../../repositories/videos.repository.js';
import { putBytes } from '../../storage/read-stored.js';
import type { FileStorage } from '../../storage/storage.js';
import { maskKey } from '../detection-runner.js';
import { cutCrops } from '../training/crop-samples.js';
import { readBundle } from '../training/model-files.js';
import { classifyCropsOnnx, inspectOnnxClassifier } from '../training/onnx-classifier.js';
import { openStoredOnnxSession, readOnnxManifest } from '../training/onnx-model-files.js';
import {
  predictionKeys,
  sampleFrameNumbers,
  type StoredPredictionDetections,
} from './prediction-files.js';

export const MORPHOLOGY_PREDICTION_MESSAGES = {
  noDetections: 'The video has no detections to classify: extract frames and detect sperm first',
} as const;

const SAMPLE_FRAMES = 6;

/** Percent of `part` in `whole` (null without a whole). */
const share = (part: number, whole: number) => (whole === 0 ? null : (100 * part) / whole);

/** A loaded morphology classifier, whichever runtime runs it. */
export interface CropClassifier {
  classify(crops: readonly MorphologyCrop[]): Promise<MorphologyPrediction[]>;
  dispose(): Promise<void>;
}

/** The stored classifier: an imported ONNX file (ONNX Runtime) or a SARM zip (TF.js). */
export async function loadCropClassifier(
  storage: FileStorage,
  key: string,
  runtime: 'tfjs' | 'onnx',
): Promise<CropClassifier> {
  if (runtime === 'onnx') {
    const { classes } = await readOnnxManifest(storage, key);
    const session = await openStoredOnnxSession(storage, key);
    try {
      const layout = await inspectOnnxClassifier(session, classes.length);
      return {
        classify: (crops) => classifyCropsOnnx(session, layout, classes, crops),
        dispose: () => session.release(),
      };
    } catch (error) {
      await session.release();
      throw error;
    }
  }
  await initBackend();
  const bundle = await readBundle(storage, key);
  const model = loadClassifierWeights(savedMorphologyClassifierOf(bundle.saved));
  return {
    classify: (crops) => Promise.resolve(classifyCrops(model, crops)),
    dispose: () => {
      model.dispose();
      return Promise.resolve();
    },
  };
}

/**
 * A morphology model's prediction: every detection on the video's extracted frames cut as a crop
 * (with its mask when segmented), classified, and counted into normal forms and each defect's
 * share; sample frames drawn with normal heads green and abnormal ones red.
 */
export async function predictMorphology(
  deps: {
    storage: FileStorage;
    videos: Pick<VideosRepository, 'listFrames'>;
    detections: Pick<DetectionsRepository, 'listByFrame'>;
    cropMarginPx: (videoId: string) => Promise<number>;
  },
  input: {
    predictionId: string;
    videoId: string;
    modelFileKey: string;
    runtime: 'tfjs' | 'onnx';
    onProgress: (done: number, total: number) => void;
  },
) {
  const classifier = await loadCropClassifier(deps.storage, input.modelFileKey, input.runtime);
  try {
    const { rows: frames } = await deps.videos.listFrames(input.videoId, 100_000, 0);
    const margin = await deps.cropMarginPx(input.videoId);
    const perFrame: {
      frame: FrameRow;
      boxes: [number, number, number, number, number][];
      labels: string[];
    }[] = [];
    for (const [index, frame] of frames.entries()) {
      const rows = await deps.detections.listByFrame(frame.id);
      if (rows.length > 0) {
        const crops = await cutCrops(
          deps.storage,
          rows.map((row) => ({
            frameKey: frame.storageKey,
            frameWidth: frame.width,
            frameHeight: frame.height,
            box: row,
            marginPx: margin,
            maskKey: row.hasMask ? maskKey(row) : null,
          })),
        );
        const predicted = await classifier.classify(crops);
        perFrame.push({
          frame,
          boxes: rows.map((row, i) => [
            row.x1,
            row.y1,
            row.x2,
            row.y2,
            predicted[i]?.confidence ?? 0,
          ]),
          labels: predicted.map((p) => p.className),
        });
      }
      input.onProgress(index + 1, frames.length);
    }
    const labels = perFrame.flatMap((f) => f.labels);
    if (labels.length === 0) throw new Error(MORPHOLOGY_PREDICTION_MESSAGES.noDetections);
    const count = (name: string) => labels.filter((label) => label === name).length;
    const metrics: Omit<PredictionMetrics, 'processingTime'> = {
      totalSpermCount: null,
      detectionConfidence: null,
      processedFrames: perFrame.length,
      concentration: null,
      progressive: null,
      nonProgressive: null,
      immotile: null,
      totalAnalyzedSperm: labels.length,
      normalForms: share(count('normal'), labels.length),
      abnormalHeads: share(count('head_defect'), labels.length),
      abnormalMidpieces: share(count('midpiece_defect'), labels.length),
      abnormalTails: share(count('tail_defect'), labels.length),
    };
    const stored: StoredPredictionDetections = {
      video: {
        width: perFrame[0]?.frame.width ?? 0,
        height: perFrame[0]?.frame.height ?? 0,
        fps: 0,
        frames: frames.length,
      },
      frames: perFrame.map((f) => ({
        frame: f.frame.frameNumber,
        boxes: f.boxes,
        labels: f.labels,
      })),
    };
    const keys = predictionKeys(input.predictionId);
    const samples: PredictionFrameRecord[] = [];
    const picked = sampleFrameNumbers(perFrame.length, SAMPLE_FRAMES);
    await withTempDir(async (dir) => {
      for (const i of picked) {
        const entry = perFrame[i];
        if (entry === undefined) continue;
        const { frame } = entry;
        const gray = await decodeGray(
          await localFile(deps.storage, frame.storageKey, dir),
          frame.width,
          frame.height,
        );
        // Normal heads are drawn green (confidence 1), abnormal ones red (confidence 0).
        const jpeg = await renderVisualization(
          gray,
          frame.width,
          frame.height,
          entry.boxes.map(([x1, y1, x2, y2], b) => ({
            x1,
            y1,
            x2,
            y2,
            confidence: entry.labels[b] === 'normal' ? 1 : 0,
          })),
        );
        const key = keys.frame(frame.frameNumber);
        await putBytes(deps.storage, key, jpeg);
        const normal = entry.labels.filter((label) => label === 'normal').length;
        samples.push({
          frame_number: frame.frameNumber,
          timestamp: frame.timeOffset,
          image_key: key,
          normalCount: normal,
          abnormalCount: entry.labels.length - normal,
        });
      }
    });
    return { metrics, stored, frames: samples };
  } finally {
    await classifier.dispose();
  }
}
