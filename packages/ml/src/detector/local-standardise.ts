/**
 * Standardising a frame over local windows: each pixel minus the mean of the square window around
 * it, divided by that window's standard deviation. A dark field-stop corner, a denser or brighter
 * part of the field, or a tile cut out of a larger picture then give the network the same values
 * around a head, where standardising by the whole frame's statistics does not.
 */
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
  const mean = windowMeans(image, width, height, (v) => v);
  const meanSquare = windowMeans(image, width, height, (v) => v * v);
  const pw = paddedSize(width, stride);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      const m = mean[i] ?? 0;
      const deviation = Math.sqrt(Math.max((meanSquare[i] ?? 0) - m * m, 0));
      out[offset + y * pw + x] = ((image[i] ?? 0) - m) / Math.max(deviation, LOCAL_MIN_DEVIATION);
    }
  }
}

/**
 * Mean of `f(pixel)` over each pixel's clipped window: one running sum down the columns, then one
 * along the rows (the clipped window's count is its clipped height times its clipped width).
 */
function windowMeans(
  image: ArrayLike<number>,
  width: number,
  height: number,
  f: (v: number) => number,
): Float64Array {
  const r = LOCAL_WINDOW_RADIUS;
  const columns = new Float64Array(width * height);
  for (let x = 0; x < width; x += 1) {
    const prefix = new Float64Array(height + 1);
    for (let y = 0; y < height; y += 1)
      prefix[y + 1] = (prefix[y] ?? 0) + f(image[y * width + x] ?? 0);
    for (let y = 0; y < height; y += 1) {
      const top = Math.max(0, y - r);
      const bottom = Math.min(height, y + r + 1);
      columns[y * width + x] = ((prefix[bottom] ?? 0) - (prefix[top] ?? 0)) / (bottom - top);
    }
  }
  const means = new Float64Array(width * height);
  const prefix = new Float64Array(width + 1);
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    for (let x = 0; x < width; x += 1) prefix[x + 1] = (prefix[x] ?? 0) + (columns[row + x] ?? 0);
    for (let x = 0; x < width; x += 1) {
      const left = Math.max(0, x - r);
      const right = Math.min(width, x + r + 1);
      means[row + x] = ((prefix[right] ?? 0) - (prefix[left] ?? 0)) / (right - left);
    }
  }
  return means;
}
