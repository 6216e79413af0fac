/** Node entry of @sarm/ml: training in a worker thread. */
export { startTraining } from './training-runner.js';
export type {
  RunnerSettings,
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
  TrainingFault,
} from './protocol.js';
export { TrainingAttemptError, type TrainingEndCause } from './training-attempt-error.js';
export { DEFAULT_WATCHDOG, type WatchdogOptions } from './stall-watchdog.js';
export { WASM_HEAP_MAX_BYTES } from './wasm-heap.js';
export { loadDetectorFromModelFile, type ModelFileDetector } from './model-file-detector.js';
export { OnnxHeadDetector } from './onnx-head-detector.js';
export { detectionValidationIndices } from './validation-split.js';
