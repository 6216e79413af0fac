import type { DetectionValidation, ValidationFrame } from '@sarm/contracts';
import {
  DEFAULT_TRAIN_OPTIONS,
  detectHeads,
  initBackend,
  loadWeights,
  thresholdOf,
  type DetectionSampleSource,
  type SavedHeadDetector,
} from '@sarm/ml';
import { detectionValidationIndices } from '@sarm/ml/node';
import { addFrameMatch, detectionScoreOf, emptyCounts } from './detection-score.js';

/**
 * The kept weights of a detector scored on the frames its training held out (the same split,
 * seed and matching radius as training), with the frames named. `null` when nothing was held out.
 */
export async function detectorValidationFigures(input: {
  saved: SavedHeadDetector;
  /** The training's samples; only the held-out ones are read, one at a time. */
  samples: DetectionSampleSource;
  /** `frames[i]` is the frame of sample i. */
  frames: readonly ValidationFrame[];
  validationSplit: number;
  seed: number;
  /** The 1-based kept epoch. */
  epoch: number;
}): Promise<DetectionValidation | null> {
  const held = detectionValidationIndices(input.samples.count, input.validationSplit, input.seed);
  if (held.length === 0) return null;
  await initBackend();
  const model = loadWeights(input.saved);
  const radius = DEFAULT_TRAIN_OPTIONS.matchRadiusPx;
  const threshold = thresholdOf(model);
  const total = emptyCounts();
  const frames: ValidationFrame[] = [];
  try {
    for (const index of held) {
      const frame = input.frames[index];
      if (frame === undefined) continue;
      const sample = await input.samples.load(index);
      addFrameMatch(total, detectHeads(model, sample.frame, threshold), sample.boxes, radius);
      frames.push(frame);
      // Inference runs on this thread: let other work have a turn between frames.
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    model.dispose();
  }
  return {
    ...detectionScoreOf(total),
    epoch: input.epoch,
    match_radius_px: radius,
    threshold,
    frame_count: frames.length,
    frames,
  };
}
