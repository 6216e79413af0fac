/** Public API of the morphology classifier. */
export {
  classifierArchitecture,
  createMorphologyClassifier,
  DEFAULT_CLASSIFIER_SHAPE,
  forwardClassifier,
} from './model.js';
export type { MorphologyClassifierArchitecture, MorphologyClassifierModel } from './model.js';
export { DEFAULT_CLASSIFIER_AUGMENT } from './augment.js';
export type { ClassifierAugmentOptions } from './augment.js';
export { resizeBilinear } from './resize.js';
export type { Plane } from './resize.js';
export { classifyCrops } from './infer.js';
export { evaluateClassifier } from './evaluate.js';
export type { ClassAccuracy, ClassifierEvaluation } from './evaluate.js';
export { DEFAULT_CLASSIFIER_TRAIN_OPTIONS, trainMorphologyClassifier } from './train.js';
export type {
  ClassifierEpochCallback,
  ClassifierEpochMetrics,
  MorphologyTrainingSettings,
  TrainMorphologyClassifierOptions,
  TrainMorphologyClassifierResult,
} from './train.js';
export { loadClassifierWeights, saveClassifierWeights } from './weights.js';
export type { SavedMorphologyClassifier } from './weights.js';
export { generateMorphologyCrops, SYNTHETIC_MORPHOLOGY_CLASSES } from './synthetic.js';
export type { MorphologyCropOptions } from './synthetic.js';
export type { MorphologyCrop, MorphologyPrediction, MorphologySample } from './types.js';
