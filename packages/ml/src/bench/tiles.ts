/** Cutting training frames into square tiles: more, smaller samples that can also be turned. */
import type { DetectionSample } from '../types.js';

/**
 * Square `size` tiles of a frame (edge strips that do not fill a tile are dropped), each with the
 * boxes whose centre lies inside it, shifted into the tile. A head cut by the tile's edge keeps its
 * whole box, so its centre stays where the frame's truth has it.
 */
export function tileSample(sample: DetectionSample, size: number): DetectionSample[] {
  const { width, height, data } = sample.frame;
  const tiles: DetectionSample[] = [];
  for (let top = 0; top + size <= height; top += size) {
    for (let left = 0; left + size <= width; left += size) {
      const pixels = new Uint8Array(size * size);
      for (let y = 0; y < size; y += 1) {
        const from = (top + y) * width + left;
        pixels.set(data.subarray(from, from + size), y * size);
      }
      const boxes = sample.boxes
        .filter((b) => {
          const cx = (b.x1 + b.x2) / 2 - left;
          const cy = (b.y1 + b.y2) / 2 - top;
          return cx >= 0 && cx < size && cy >= 0 && cy < size;
        })
        .map((b) => ({ x1: b.x1 - left, y1: b.y1 - top, x2: b.x2 - left, y2: b.y2 - top }));
      tiles.push({ frame: { width: size, height: size, data: pixels }, boxes });
    }
  }
  return tiles;
}
