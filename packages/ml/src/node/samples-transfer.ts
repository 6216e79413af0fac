/**
 * Images cross to the worker thread in one SharedArrayBuffer: one copy, no per-image cloning, and
 * the caller's own buffers stay usable (a transfer list would detach them).
 */
import type { MorphologySample } from '../classifier/types.js';
import type { DetectionSample, PixelBox } from '../types.js';

/** Where one byte array sits in a packed buffer. */
export interface PackedBytes {
  readonly offset: number;
  readonly length: number;
}

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

/** Crops (and their masks) whose bytes sit one after another in `pixels`. */
export interface PackedMorphologySamples {
  readonly pixels: SharedArrayBuffer;
  readonly crops: readonly {
    readonly width: number;
    readonly height: number;
    readonly label: number;
    readonly data: PackedBytes;
    /** Null when the sample has no mask. */
    readonly mask: PackedBytes | null;
  }[];
}

/** Copies byte arrays into one shared buffer; answers it and where each array went. */
function packBytes(arrays: readonly Uint8Array[]): {
  pixels: SharedArrayBuffer;
  at: PackedBytes[];
} {
  const pixels = new SharedArrayBuffer(arrays.reduce((n, a) => n + a.length, 0));
  const view = new Uint8Array(pixels);
  let offset = 0;
  const at = arrays.map((array) => {
    view.set(array, offset);
    const placed = { offset, length: array.length };
    offset += array.length;
    return placed;
  });
  return { pixels, at };
}

const viewOf = (pixels: SharedArrayBuffer, { offset, length }: PackedBytes): Uint8Array =>
  new Uint8Array(pixels, offset, length);

/** Copies every frame's pixels into one shared buffer. */
export function packSamples(samples: readonly DetectionSample[]): PackedSamples {
  const { pixels, at } = packBytes(samples.map((s) => s.frame.data));
  const frames = samples.map(({ frame, boxes }, i) => ({
    width: frame.width,
    height: frame.height,
    offset: at[i]?.offset ?? 0,
    boxes,
  }));
  return { pixels, frames };
}

/** Samples viewing the shared pixels (no copy). */
export function unpackSamples(packed: PackedSamples): DetectionSample[] {
  return packed.frames.map(({ width, height, offset, boxes }) => ({
    frame: { width, height, data: viewOf(packed.pixels, { offset, length: width * height }) },
    boxes,
  }));
}

/** Copies every crop's pixels and mask into one shared buffer. */
export function packMorphologySamples(
  samples: readonly MorphologySample[],
): PackedMorphologySamples {
  const arrays = samples.flatMap((s) =>
    s.mask === undefined ? [s.crop.data] : [s.crop.data, s.mask],
  );
  const { pixels, at } = packBytes(arrays);
  let next = 0;
  const take = (): PackedBytes => at[next++] ?? { offset: 0, length: 0 };
  const crops = samples.map(({ crop, mask, label }) => ({
    width: crop.width,
    height: crop.height,
    label,
    data: take(),
    mask: mask === undefined ? null : take(),
  }));
  return { pixels, crops };
}

/** Crops viewing the shared pixels and masks (no copy). */
export function unpackMorphologySamples(packed: PackedMorphologySamples): MorphologySample[] {
  return packed.crops.map(({ width, height, label, data, mask }) => {
    const crop = { width, height, data: viewOf(packed.pixels, data) };
    return mask === null ? { crop, label } : { crop, mask: viewOf(packed.pixels, mask), label };
  });
}
