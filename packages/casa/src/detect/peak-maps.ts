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
  for (let y = 0; y < height; y++) boxRow(src, tmp, y * width, width, r);
  const columns = new Float32Array(width);
  for (let y = 0; y < Math.min(r, height); y++) {
    for (let x = 0; x < width; x++) columns[x]! += tmp[y * width + x]!;
  }
  for (let y = 0; y < height; y++) {
    const add = y + r < height ? (y + r) * width : -1;
    const take = y > r ? (y - r - 1) * width : -1;
    const scale = 1 / (Math.min(height - 1, y + r) - Math.max(0, y - r) + 1);
    const row = y * width;
    // One pass a row: the column sums gain the row entering the box and lose the one leaving it.
    if (add >= 0 && take >= 0) {
      for (let x = 0; x < width; x++) {
        const c = columns[x]! + tmp[add + x]! - tmp[take + x]!;
        columns[x] = c;
        out[row + x] = c * scale;
      }
    } else {
      for (let x = 0; x < width; x++) {
        let c = columns[x]!;
        if (add >= 0) c += tmp[add + x]!;
        if (take >= 0) c -= tmp[take + x]!;
        columns[x] = c;
        out[row + x] = c * scale;
      }
    }
  }
  return out;
}

/** The box mean of one row, radius r: the edges averaged over what is inside, the middle without tests. */
function boxRow(src: Float32Array, out: Float32Array, row: number, width: number, r: number): void {
  let sum = 0;
  const first = Math.min(r, width);
  for (let x = 0; x < first; x++) sum += src[row + x]!;
  const full = 1 / (2 * r + 1);
  const lead = Math.min(width, r + 1);
  for (let x = 0; x < lead; x++) {
    if (x + r < width) sum += src[row + x + r]!;
    out[row + x] = sum / (Math.min(width - 1, x + r) + 1);
  }
  const middleEnd = width - r;
  for (let x = lead; x < middleEnd; x++) {
    sum += src[row + x + r]! - src[row + x - r - 1]!;
    out[row + x] = sum * full;
  }
  for (let x = Math.max(lead, middleEnd); x < width; x++) {
    sum -= src[row + x - r - 1]!;
    out[row + x] = sum / (width - 1 - (x - r) + 1);
  }
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
