/** Public API of the SARM model file. */
export { packModelBundle, unpackModelBundle } from './model-file.js';
export { savedHeadDetectorOf } from './head-detector.js';
export { savedMorphologyClassifierOf } from './morphology-classifier.js';
export type {
  ModelBundle,
  ModelMetadata,
  ModelTrainingRecord,
  ModelType,
  SavedWeights,
} from './types.js';
