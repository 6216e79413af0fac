/** Shared types of the ML package: frames and boxes in frame pixels. */

/** A grey frame: `width * height` bytes in rows, as the CASA engine takes them. */
export interface GreyImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

/** An axis-aligned box in frame pixels: x1, y1 inclusive, x2, y2 exclusive (as casa's Detection). */
export interface PixelBox {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

/** A training sample: a frame and the boxes of every head in it. */
export interface DetectionSample {
  readonly frame: GreyImage;
  readonly boxes: readonly PixelBox[];
  /**
   * Held-out frames only: the part of the frame scored (heads and detections whose centre lies
   * in it); the rest is context the network sees but no one counts. The whole frame if absent.
   */
  readonly scoredRegion?: PixelBox;
}

/** A predicted head: centre and box in frame pixels, confidence 0 to 1. */
export interface HeadPrediction extends PixelBox {
  readonly x: number;
  readonly y: number;
  readonly confidence: number;
}

/**
 * Training samples read one at a time, so a label of thousands of frames trains in the memory of
 * a few batches: the trainer loads a batch's samples when it needs them and drops them after its
 * step. `load(i)` answers sample i (0 ≤ i < count); it may read storage and decode a frame, and
 * should answer a fresh copy each time (the trainer does not keep it).
 */
export interface DetectionSampleSource {
  readonly count: number;
  load(index: number): Promise<DetectionSample>;
}
