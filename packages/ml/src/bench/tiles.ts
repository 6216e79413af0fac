/** Cutting training frames into square tiles: more, smaller samples that can also be turned. */
import type { DetectionSample, PixelBox } from '../types.js';

/** A rectangle of a frame, pixels. */
export interface FrameRegion {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Square `size` tiles of a frame, `step` pixels apart (edge strips that do not fill a tile are
 * dropped), each with the boxes whose centre lies inside it, shifted into the tile. A head cut by
 * the tile's edge keeps its whole box, so its centre stays where the frame's truth has it.
 */
export function tileSample(sample: DetectionSample, size: number, step = size): DetectionSample[] {
  const { width, height } = sample.frame;
  const tiles: DetectionSample[] = [];
  for (let top = 0; top + size <= height; top += step) {
    for (let left = 0; left + size <= width; left += step) {
      tiles.push(cropSample(sample, { left, top, width: size, height: size }));
    }
  }
  return tiles;
}

/**
 * A region of a frame as a sample of its own: its pixels and the boxes whose centre lies inside
 * it, shifted into it (throws when the region leaves the frame).
 */
export function cropSample(sample: DetectionSample, region: FrameRegion): DetectionSample {
  const { width, height, data } = sample.frame;
  const { left, top } = region;
  if (left < 0 || top < 0 || left + region.width > width || top + region.height > height) {
    throw new RangeError('cropSample: the region leaves the frame');
  }
  const pixels = new Uint8Array(region.width * region.height);
  for (let y = 0; y < region.height; y += 1) {
    const from = (top + y) * width + left;
    pixels.set(data.subarray(from, from + region.width), y * region.width);
  }
  const boxes: PixelBox[] = sample.boxes
    .filter((b) => {
      const cx = (b.x1 + b.x2) / 2 - left;
      const cy = (b.y1 + b.y2) / 2 - top;
      return cx >= 0 && cx < region.width && cy >= 0 && cy < region.height;
    })
    .map((b) => ({ x1: b.x1 - left, y1: b.y1 - top, x2: b.x2 - left, y2: b.y2 - top }));
  return { frame: { width: region.width, height: region.height, data: pixels }, boxes };
}
