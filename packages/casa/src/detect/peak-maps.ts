/**
 * Image maps for the peak head finder: box means by running sums (linear in the frame size
 * whatever the radius) and a robust level and spread of a map.
 */

/**
 * Mean of `src` over a (2r+1)-wide square box, edges averaged over what is inside: along rows with
 * a running sum, then down the columns with running column sums added and taken off a row at a time
 * (memory read in order, which is what makes it fast).
 */
export function boxMean(
  src: Float32Array,
  width: number,
  height: number,
  r: number,
  out: Float32Array<ArrayBuffer> = new Float32Array(width * height),
  tmp: Float32Array<ArrayBuffer> = new Float32Array(width * height),
): Float32Array<ArrayBuffer> {
  const inverse = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    inverse[x] = 1 / (Math.min(width - 1, x + r) - Math.max(0, x - r) + 1);
  }
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let sum = 0;
    for (let x = 0; x < Math.min(r, width); x++) sum += src[row + x]!;
    for (let x = 0; x < width; x++) {
      if (x + r < width) sum += src[row + x + r]!;
      if (x > r) sum -= src[row + x - r - 1]!;
      tmp[row + x] = sum * inverse[x]!;
    }
  }
  const columns = new Float32Array(width);
  for (let y = 0; y < Math.min(r, height); y++) {
    for (let x = 0; x < width; x++) columns[x]! += tmp[y * width + x]!;
  }
  for (let y = 0; y < height; y++) {
    const add = (y + r) * width;
    const take = (y - r - 1) * width;
    if (y + r < height) for (let x = 0; x < width; x++) columns[x]! += tmp[add + x]!;
    if (y > r) for (let x = 0; x < width; x++) columns[x]! -= tmp[take + x]!;
    const scale = 1 / (Math.min(height - 1, y + r) - Math.max(0, y - r) + 1);
    const row = y * width;
    for (let x = 0; x < width; x++) out[row + x] = columns[x]! * scale;
  }
  return out;
}

/** Three box means in a row: close to a Gaussian of sigma sqrt(r (r + 1)). */
export function smoothed(
  src: Float32Array<ArrayBuffer>,
  width: number,
  height: number,
  r: number,
): Float32Array {
  const a = boxMean(src, width, height, r);
  const b = boxMean(a, width, height, r);
  return boxMean(b, width, height, r, a);
}

/** Median and median absolute deviation of every `step`-th value of a map. */
export function robustLevel(map: Float32Array, step: number): { median: number; mad: number } {
  const sample = new Float32Array(Math.ceil(map.length / step));
  for (let i = 0, k = 0; i < map.length; i += step) sample[k++] = map[i]!;
  sample.sort();
  const median = sample[sample.length >> 1] ?? 0;
  for (let k = 0; k < sample.length; k++) sample[k] = Math.abs(sample[k]! - median);
  sample.sort();
  return { median, mad: sample[sample.length >> 1] ?? 0 };
}
