import { keepSeededComponents } from './mask.js';
import {
  computeMorphometry,
  type BlobMoments,
  type HeadMorphometry,
} from '../morphometry/index.js';

/** Head shape of a mask in micrometres, with the two shape ratios CASA systems report. */
export interface MaskMorphometry extends HeadMorphometry {
  /** (length - width) / (length + width): 0 for a circle, towards 1 for a needle. */
  readonly elongation: number;
  /** π·length·width / (4·area): 1 for a perfect ellipse, above 1 for ragged or dented outlines. */
  readonly regularity: number;
}

/** Moments of the mask's pixels (value 1), with boundary pixels counted on 4-neighbours. */
export function maskMoments(mask: Uint8Array, width: number, height: number): BlobMoments {
  let area = 0;
  let boundary = 0;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  const on = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < width && y < height && mask[y * width + x] === 1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (!on(x, y)) continue;
      area++;
      sx += x;
      sy += y;
      sxx += x * x;
      syy += y * y;
      sxy += x * y;
      if (!on(x - 1, y) || !on(x + 1, y) || !on(x, y - 1) || !on(x, y + 1)) boundary++;
    }
  return { area, boundary, sx, sy, sxx, syy, sxy };
}

/** Area, perimeter, length, width (second-moment ellipse), ellipticity, elongation, regularity. */
export function maskMorphometry(
  mask: Uint8Array,
  width: number,
  height: number,
  umPerPixel: number,
): MaskMorphometry {
  const moments = maskMoments(mask, width, height);
  const shape = computeMorphometry(moments, umPerPixel);
  const area = Math.max(shape.area_um2, Number.MIN_VALUE);
  return {
    ...shape,
    elongation: (shape.length_um - shape.width_um) / (shape.length_um + shape.width_um),
    regularity: (Math.PI * shape.length_um * shape.width_um) / (4 * area),
  };
}

/**
 * The part of the mask connected to `point` (the head click): foreground points on the tail
 * leave seed specks that would otherwise lengthen the head.
 */
export function componentAt(
  mask: Uint8Array,
  width: number,
  height: number,
  point: { x: number; y: number },
): Uint8Array {
  const x = Math.min(width - 1, Math.max(0, Math.round(point.x)));
  const y = Math.min(height - 1, Math.max(0, Math.round(point.y)));
  return keepSeededComponents(mask, width, height, [y * width + x]);
}
