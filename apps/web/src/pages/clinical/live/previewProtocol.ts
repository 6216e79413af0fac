import type { FocusReading } from './focusMeter';

/** Messages between the live page and the preview worker. */
export type PreviewRequest =
  /** A downscaled preview frame; `umPerPixel` is the sample's scale at this frame's size. */
  { readonly type: 'frame'; readonly bitmap: ImageBitmap; readonly umPerPixel: number };

/** One head found in the preview frame, in the frame's pixels. */
export interface PreviewHead {
  readonly x: number;
  readonly y: number;
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

export type PreviewAnswer =
  | {
      readonly type: 'result';
      readonly width: number;
      readonly height: number;
      readonly heads: readonly PreviewHead[];
      readonly focus: FocusReading;
      /** Time the worker spent on the frame, ms. */
      readonly workMs: number;
    }
  | { readonly type: 'error'; readonly message: string };

/** Side of the preview frames the worker sees: detection on 640x480 fits 15 fps on 2 cores at half size. */
export const PREVIEW_MAX_WIDTH = 320;

/** Luma of RGBA pixels (BT.601 weights), as the server's decoder reads a grey frame. */
export function rgbaToGrey(rgba: Uint8ClampedArray, out: Uint8Array): Uint8Array {
  for (let i = 0, j = 0; j < out.length; i += 4, j++)
    out[j] = ((rgba[i] ?? 0) * 77 + (rgba[i + 1] ?? 0) * 150 + (rgba[i + 2] ?? 0) * 29) >> 8;
  return out;
}
