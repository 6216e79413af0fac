import type { HeadMorphometry } from '../morphometry/morphometry.js';
import type { CasaSettings } from '../settings.js';
import type { GrayFrame } from '../types.js';

/**
 * What a blob was judged to be: a single head, touching cells, a pinhead/small debris, or a round
 * cell (a leukocyte or immature germ cell, 7 to 15 µm, no tail: counted apart, `cellCount` 0).
 */
export type DetectionClass = 'sperm' | 'cluster' | 'small_or_pinhead' | 'round_cell';

/** One object found in one frame; coordinates in pixels, box corners x1,y1 inclusive, x2,y2 exclusive. */
export interface Detection {
  /** Sub-pixel, intensity-weighted centroid. */
  readonly x: number;
  readonly y: number;
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
  /** 0 to 1. */
  readonly confidence: number;
  readonly className: DetectionClass;
  /**
   * How many spermatozoa the blob stands for: 1 for a head, the estimate for a cluster, 0 for a
   * pinhead or a round cell.
   */
  readonly cellCount: number;
  /** Direction of the blob's long axis, radians from the x axis (image y down), in (-π/2, π/2]. */
  readonly angle: number;
  readonly morphometry: HeadMorphometry;
  /** The blob's pixels, only when the detector was asked for masks (`masks: true`). */
  readonly mask?: DetectionMask;
}

/**
 * Which pixels of a detection's box belong to its segmented blob: `data` holds `width * height`
 * bytes in rows, 1 for a blob pixel and 0 elsewhere; the box starts at frame pixel (x, y).
 */
export interface DetectionMask {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

/**
 * Finds heads in a frame. The classical detector implements it; a trained model can replace it.
 * A detector backed by an asynchronous runtime (ONNX Runtime) answers a promise; callers await
 * only a thenable answer, so synchronous detectors keep their speed.
 */
export interface Detector {
  /**
   * Detections in one frame, judged with `settings` (scale, polarity, thresholds, size limits).
   * An asynchronous detector must have read (or copied) the frame's pixels when `detect` returns:
   * the analysis may then hand the frame's memory back to the reader, and keeps a few frames in
   * detection at once ({@link DETECTIONS_IN_FLIGHT}).
   */
  detect(frame: GrayFrame, settings: CasaSettings): Detection[] | Promise<Detection[]>;
}

/**
 * How many frames an asynchronous detector works on at once in an analysis (ONNX Runtime runs
 * each on its own thread); results are still tracked in frame order.
 */
export const DETECTIONS_IN_FLIGHT = 2;

/** A detector that answers at once (the classical and TF.js ones), for callers that need that. */
export interface SyncDetector extends Detector {
  detect(frame: GrayFrame, settings: CasaSettings): Detection[];
}
