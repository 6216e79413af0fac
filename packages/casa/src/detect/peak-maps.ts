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
  columns: Float32Array = new Float32Array(width),
): Float32Array<ArrayBuffer> {
  for (let y = 0; y < height; y++) boxRow(src, tmp, y * width, width, r);
  columns.fill(0, 0, width);
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

/**
 * The k-th smallest of the first n values (0-based), the values reordered: a quickselect with the
 * median of three as pivot, linear on average where sorting is n log n; the same value sorting gives.
 */
function selectInPlace(a: Float32Array, n: number, k: number): number {
  let left = 0;
  let right = n - 1;
  const swap = (i: number, j: number): void => {
    const t = a[i]!;
    a[i] = a[j]!;
    a[j] = t;
  };
  for (;;) {
    if (right <= left + 1) {
      if (right === left + 1 && a[right]! < a[left]!) swap(left, right);
      return a[k]!;
    }
    swap((left + right) >> 1, left + 1);
    if (a[left]! > a[right]!) swap(left, right);
    if (a[left + 1]! > a[right]!) swap(left + 1, right);
    if (a[left]! > a[left + 1]!) swap(left, left + 1);
    // a[left] <= pivot = a[left + 1] <= a[right]: both ends stop the scans.
    let i = left + 1;
    let j = right;
    const pivot = a[left + 1]!;
    for (;;) {
      do i++;
      while (a[i]! < pivot);
      do j--;
      while (a[j]! > pivot);
      if (j < i) break;
      swap(i, j);
    }
    a[left + 1] = a[j]!;
    a[j] = pivot;
    if (j >= k) right = j - 1;
    if (j <= k) left = i;
  }
}

/**
 * Median and median absolute deviation of every `step`-th value of a map (the values at
 * i = 0, step, 2 step, ...; the median is the middle value, the upper one of an even count). With
 * `sample` (at least ceil(length / step) long) nothing is allocated.
 */
export function robustLevel(
  map: Float32Array,
  step: number,
  sample: Float32Array = new Float32Array(Math.ceil(map.length / step)),
): { median: number; mad: number } {
  let n = 0;
  for (let i = 0; i < map.length; i += step) sample[n++] = map[i]!;
  return sampleLevel(sample, n);
}

/** {@link robustLevel} of the first n values of `sample` themselves (reordered, then overwritten). */
export function sampleLevel(sample: Float32Array, n: number): { median: number; mad: number } {
  if (n === 0) return { median: 0, mad: 0 };
  const median = selectInPlace(sample, n, n >> 1);
  deviationsInPlace(sample, n, median);
  const mad = selectInPlace(sample, n, n >> 1);
  return { median, mad };
}

/** sample[k] = |sample[k] - median| for the first n values. */
function deviationsInPlace(sample: Float32Array, n: number, median: number): void {
  for (let k = 0; k < n; k++) sample[k] = Math.abs(sample[k]! - median);
}
