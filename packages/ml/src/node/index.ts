/** Node entry of @sarm/ml: training in a worker thread. */
export { startTraining } from './training-runner.js';
export type {
  EpochReport,
  TrainingHandlers,
  TrainingOutcome,
  TrainingRun,
} from './training-runner.js';
export type {
  DetectionTrainingRequest,
  MorphologyTrainingRequest,
  ResumePoint,
  SavedModels,
  TrainingEpochMetrics,
  TrainingKind,
  TrainingRequest,
  TrainingRunOptions,
} from './protocol.js';
export { loadDetectorFromModelFile, type ModelFileDetector } from './model-file-detector.js';
export { OnnxHeadDetector } from './onnx-head-detector.js';
