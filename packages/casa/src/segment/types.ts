/**
 * Types of the point-prompted segmenter. `GrayImage` is the frame-independent part of
 * {@link GrayFrame} (a `GrayFrame` can be passed wherever a `GrayImage` is expected).
 */
import type { GrayFrame } from '../types.js';

/** A grey image, row-major, width * height bytes (0-255). Structurally a `GrayFrame` minus index. */
export type GrayImage = Pick<GrayFrame, 'width' | 'height' | 'data'>;

/** One prompt click, in pixel coordinates of the crop. label 1 = foreground, 0 = background. */
export interface PromptPoint {
  readonly x: number;
  readonly y: number;
  readonly label: 0 | 1;
}

/** Which way the object differs from its background; 'auto' decides from the seeds. */
export type SegmentPolarity = 'bright' | 'dark' | 'auto';

export interface SegmentOptions {
  readonly polarity?: SegmentPolarity;
}

export interface SegmentResult {
  /** 0 or 1 per pixel, image size: the component(s) holding the foreground points, holes filled. */
  readonly mask: Uint8Array;
  /** 0..1, see `confidence.ts` for how it is computed. */
  readonly confidence: number;
  /** 'Good' when confidence > 0.7. */
  readonly quality: 'Good' | 'Fair';
}

/** A detection box inside the crop, in pixels (x1 < x2, y1 < y2). */
export interface PixelBox {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}
