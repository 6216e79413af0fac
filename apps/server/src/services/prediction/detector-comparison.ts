import {
  createHeadDetector,
  type EngineDetector,
  type CasaSettings,
  type Detection,
  type Detector,
  type GrayFrame,
} from '@sarm/casa';
import type { DetectorRunFigures, PredictionComparison } from '@sarm/contracts';
import { DEFAULT_TRAIN_OPTIONS, type PixelBox } from '@sarm/ml';
import { addFrameMatch, detectionScoreOf, emptyCounts } from '../training/detection-score.js';
import type { StoredBox } from './prediction-files.js';

/**
 * Box colours (RGB) of the sample frames: the model's and the classical detector's; the web's
 * legend shows the same colours.
 */
export const COMPARISON_COLOURS = {
  model: [0, 200, 255],
  classical: [255, 0, 200],
} as const satisfies Record<string, readonly [number, number, number]>;

/** What one detector found on one frame: heads counted as analyses count them, and the boxes. */
export interface FrameFinding {
  /** Cells counted (a cluster counts its estimate, a pinhead nothing), as analyses count them. */
  readonly count: number;
  /** Boxes of the detections that stand for at least one cell. */
  readonly boxes: readonly StoredBox[];
}

/** The classical detector's findings of a frame (see {@link FrameFinding}). */
export function findingOf(detections: readonly Detection[]): FrameFinding {
  const kept = detections.filter((d) => d.cellCount > 0);
  return {
    count: kept.reduce((sum, d) => sum + d.cellCount, 0),
    boxes: kept.map((d) => [d.x1, d.y1, d.x2, d.y2, Math.round(d.confidence * 1000) / 1000]),
  };
}

/**
 * A detector that answers the model's detections and, on the same frame, runs the classical
 * detector with the same settings (the project's calibration and polarity, as analyses use),
 * keeping what it found by frame index. The classical detector runs before `detect` returns,
 * while the frame's pixels are still the caller's.
 */
export class ClassicalAlongside implements Detector {
  private readonly classical: EngineDetector;
  /** The classical detector's findings by frame index. */
  readonly found = new Map<number, FrameFinding>();

  constructor(
    private readonly model: Detector,
    settings: CasaSettings,
  ) {
    this.classical = createHeadDetector(settings);
  }

  detect(frame: GrayFrame, settings: CasaSettings): Detection[] | Promise<Detection[]> {
    const answer = this.model.detect(frame, settings);
    this.found.set(frame.index, findingOf(this.classical.detect(frame, settings)));
    return answer;
  }
}

const asBox = ([x1, y1, x2, y2]: StoredBox): PixelBox => ({ x1, y1, x2, y2 });
const asPoint = ([x1, y1, x2, y2, confidence]: StoredBox) => ({
  x: (x1 + x2) / 2,
  y: (y1 + y2) / 2,
  confidence,
});

function figuresOf(findings: readonly FrameFinding[]): DetectorRunFigures {
  const counts = findings.map((f) => f.count);
  return {
    mean_heads_per_frame:
      counts.length === 0 ? null : counts.reduce((sum, n) => sum + n, 0) / counts.length,
    total_detections: findings.reduce((sum, f) => sum + f.boxes.length, 0),
    per_frame_counts: counts,
  };
}

/**
 * The comparison of a model's and the classical detector's findings on the same frames (in frame
 * order), matched within the radius detector training scores with: their agreement, and each
 * scored against the hand-annotated frames (`annotated`, boxes by frame number) among them.
 */
export function compareDetectors(input: {
  frames: readonly { frame: number; model: FrameFinding; classical: FrameFinding }[];
  annotated: ReadonlyMap<number, readonly PixelBox[]>;
  radiusPx?: number;
}): PredictionComparison {
  const radius = input.radiusPx ?? DEFAULT_TRAIN_OPTIONS.matchRadiusPx;
  const agreement = emptyCounts();
  const modelTruth = emptyCounts();
  const classicalTruth = emptyCounts();
  const annotatedFrames: number[] = [];
  let annotatedHeads = 0;
  for (const { frame, model, classical } of input.frames) {
    addFrameMatch(agreement, model.boxes.map(asPoint), classical.boxes.map(asBox), radius);
    const truth = input.annotated.get(frame);
    if (truth === undefined) continue;
    annotatedFrames.push(frame);
    annotatedHeads += truth.length;
    addFrameMatch(modelTruth, model.boxes.map(asPoint), truth, radius);
    addFrameMatch(classicalTruth, classical.boxes.map(asPoint), truth, radius);
  }
  return {
    match_radius_px: radius,
    frames: input.frames.length,
    model: figuresOf(input.frames.map((f) => f.model)),
    classical: figuresOf(input.frames.map((f) => f.classical)),
    agreement: detectionScoreOf(agreement),
    annotated:
      annotatedFrames.length === 0
        ? null
        : {
            frame_numbers: annotatedFrames,
            annotated_heads: annotatedHeads,
            model: detectionScoreOf(modelTruth),
            classical: detectionScoreOf(classicalTruth),
          },
  };
}
