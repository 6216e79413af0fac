/** Public API of the head detector. */
export {
  createHeadDetector,
  DEFAULT_ARCHITECTURE,
  DENSE_SAMPLE_ARCHITECTURE,
  forward,
  HEAD_DETECTOR_NORMALISATIONS,
  HEAD_DETECTOR_STRIDES,
} from './model.js';
export type {
  HeadDetectorArchitecture,
  HeadDetectorModel,
  HeadDetectorNormalisation,
  HeadDetectorStride,
} from './model.js';
export { DEFAULT_AUGMENT, augmentSample } from './augment.js';
export type { AugmentOptions } from './augment.js';
export { DEFAULT_THRESHOLD, detectHeads, predictFrames, thresholdOf } from './infer.js';
export {
  chooseThreshold,
  DEFAULT_TRAIN_OPTIONS,
  THRESHOLD_CANDIDATES,
  trainHeadDetector,
} from './train.js';
export type {
  EpochCallback,
  EpochMetrics,
  TrainHeadDetectorOptions,
  TrainHeadDetectorResult,
} from './train.js';
export { f1Score, matchCentres } from './metrics.js';
export type { MatchCounts } from './metrics.js';
export { loadWeights, saveWeights } from './weights.js';
export type { SavedHeadDetector } from './weights.js';
