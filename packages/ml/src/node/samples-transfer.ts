/**
 * Frames cross to the worker thread in one SharedArrayBuffer: one copy, no per-frame cloning, and
 * the caller's own buffers stay usable (a transfer list would detach them).
 */
import type { DetectionSample, PixelBox } from '../types.js';

/** Samples whose pixels sit one after another in `pixels`. */
export interface PackedSamples {
  readonly pixels: SharedArrayBuffer;
  readonly frames: readonly {
    readonly width: number;
    readonly height: number;
    readonly offset: number;
    readonly boxes: readonly PixelBox[];
  }[];
}

/** Copies every frame's pixels into one shared buffer. */
export function packSamples(samples: readonly DetectionSample[]): PackedSamples {
  const total = samples.reduce((n, s) => n + s.frame.data.length, 0);
  const pixels = new SharedArrayBuffer(total);
  const view = new Uint8Array(pixels);
  let offset = 0;
  const frames = samples.map(({ frame, boxes }) => {
    view.set(frame.data, offset);
    const packed = { width: frame.width, height: frame.height, offset, boxes };
    offset += frame.data.length;
    return packed;
  });
  return { pixels, frames };
}

/** Samples viewing the shared pixels (no copy). */
export function unpackSamples(packed: PackedSamples): DetectionSample[] {
  return packed.frames.map(({ width, height, offset, boxes }) => ({
    frame: { width, height, data: new Uint8Array(packed.pixels, offset, width * height) },
    boxes,
  }));
}
