/**
 * Standardising a frame over local windows: each pixel minus the mean of the square window around
 * it, divided by that window's standard deviation. A dark field-stop corner, a denser or brighter
 * part of the field, or a tile cut out of a larger picture then give the network the same values
 * around a head, where standardising by the whole frame's statistics does not.
 */
import { boxMean } from '@sarm/casa';
import { paddedSize, STRIDE } from './encode.js';

/** Half the side of the window, pixels: a head with its halo is 8 to 12 px long at 0.5 µm/px. */
export const LOCAL_WINDOW_RADIUS = 16;
/**
 * Smallest deviation divided by, grey levels: in a flat field (a field stop's dark) the camera's
 * noise alone is not blown up to the contrast of a head.
 */
export const LOCAL_MIN_DEVIATION = 4;

/**
 * Writes `(v - localMean) / max(localStd, LOCAL_MIN_DEVIATION)` of each pixel into `out` at
 * `offset`, rows padded with zeros to multiples of the stride. The window is
 * `2 * LOCAL_WINDOW_RADIUS + 1` px square, clipped at the frame's edges (its mean and deviation
 * are over the pixels inside the frame).
 */
export function localStandardiseInto(
  image: ArrayLike<number>,
  width: number,
  height: number,
  out: Float32Array,
  offset: number,
  stride = STRIDE,
): void {
  const count = width * height;
  let sum = 0;
  for (let i = 0; i < count; i += 1) sum += image[i] ?? 0;
  // A window's deviation does not change with a shift of every value; around the frame's mean
  // the squares stay small enough for the box mean's float running sums (errors ~1e-5, not 1e-3).
  const centre = Math.round(sum / (count || 1));
  const values = new Float32Array(count);
  const squares = new Float32Array(count);
  for (let i = 0; i < count; i += 1) {
    const v = (image[i] ?? 0) - centre;
    values[i] = v;
    squares[i] = v * v;
  }
  const mean = boxMean(values, width, height, LOCAL_WINDOW_RADIUS);
  const meanSquare = boxMean(squares, width, height, LOCAL_WINDOW_RADIUS);
  const pw = paddedSize(width, stride);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      const m = mean[i] ?? 0;
      const deviation = Math.sqrt(Math.max((meanSquare[i] ?? 0) - m * m, 0));
      out[offset + y * pw + x] = ((values[i] ?? 0) - m) / Math.max(deviation, LOCAL_MIN_DEVIATION);
    }
  }
}
