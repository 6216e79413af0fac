/** Public API of the point-prompted segmenter. */
export { segmentFromPoints } from './segment.js';
export { suggestPoints } from './suggest.js';
export { maskIoU } from './mask.js';
export { syntheticCrop } from './synthetic-crop.js';
export type { SyntheticCrop, SyntheticCropOptions } from './synthetic-crop.js';
export type {
  GrayImage,
  PixelBox,
  PromptPoint,
  SegmentOptions,
  SegmentPolarity,
  SegmentResult,
} from './types.js';
export { componentAt, maskMorphometry, maskMoments } from './mask-morphometry.js';
export type { MaskMorphometry } from './mask-morphometry.js';
