/** Public API of @sarm/ml: the TensorFlow.js WASM backend and the head detector. */
export { conv2dFilterGradient, initBackend } from './backend.js';
export type { BackendInfo } from './backend.js';
export * from './detector/index.js';
export { boxMorphometry, TrainedHeadDetector } from './detector/casa-detector.js';
export type { TrainedHeadDetectorOptions } from './detector/casa-detector.js';
export { splitSizes } from './detector/train.js';
export type { SplitSizes } from './detector/train.js';
export * from './bundle/index.js';
export { generateEllipseSamples } from './synthetic.js';
export type { EllipseSampleOptions } from './synthetic.js';
export type {
  DetectionSample,
  DetectionSampleSource,
  GreyImage,
  HeadPrediction,
  PixelBox,
} from './types.js';
export { arraySampleSource, sampleSourceOf } from './detector/sample-source.js';
export * from './classifier/index.js';
export { buildOnnxModel, castNode, ONNX_FLOAT, ONNX_INT64 } from './onnx/onnx-writer.js';
export type {
  OnnxAttribute,
  OnnxDim,
  OnnxGraph,
  OnnxNode,
  OnnxTensor,
  OnnxValueInfo,
} from './onnx/onnx-writer.js';
