import type { SubtractedFrame } from './background.js';
import { DarkHeadKernels } from './dark-head-wasm.js';
import type { DarkHeadWindows } from './dark-head-windows.js';

/** The value of a pixel of the map that no threshold reaches (as in the subtracted signal). */
const BELOW_EVERY_THRESHOLD = -32768;

/**
 * The signal of dark heads with their flagella taken out: a box mean (the noise of a dim head's
 * pixels averages out), then a grey-level opening (the largest of the minima over the squares
 * holding a pixel). Under bright-field optics the flagellum is dark like the head, a line one or
 * two pixels wide that joins heads to their tails at any threshold low enough for a head out of
 * focus; the opening keeps every structure at least a square wide at its contrast and takes the
 * lines down to the background, so the thresholds can follow the heads' own contrast.
 *
 * The map is computed over the whole frame in separable passes (the thresholds of dim heads lie
 * near the noise, so candidates cover much of it); pixels outside the subtracted frame's candidate
 * blocks read their own contrast (`signalAt`). Buffers are reused across frames. The passes run
 * in WebAssembly where they can (dark-head-wasm.ts), to the value the JavaScript ones give.
 */
export class DarkHeadOpening {
  private readonly kernels: DarkHeadKernels | null;
  private contrast = new Int16Array(0);
  private rows = new Int32Array(0);
  private columns = new Int32Array(0);
  private mean = new Int16Array(0);
  private seeds = new Int32Array(0);
  private signal = new Int16Array(0);
  private candidates = new Int32Array(0);

  /** `wasm: false` runs every pass in JavaScript (the reference the kernels are checked against). */
  constructor(options: { readonly wasm?: boolean } = {}) {
    this.kernels = options.wasm === false ? null : DarkHeadKernels.create();
  }

  /**
   * The opened map of `frame`: its signal (below every threshold where it does not reach
   * `candidateFloor`) and the pixels where it does, in raster order; `signalAt` and the histogram
   * stay the frame's own (the noise is that of single pixels).
   */
  open(
    frame: SubtractedFrame,
    width: number,
    height: number,
    windows: DarkHeadWindows,
    candidateFloor: number,
  ): SubtractedFrame {
    this.prepare(width, height);
    const { contrast, rows, mean, seeds, signal, candidates } = this;
    if (frame.contrastInto) frame.contrastInto(contrast);
    else for (let p = 0; p < contrast.length; p++) contrast[p] = frame.signalAt(p);
    const { kernels } = this;
    if (kernels !== null && DarkHeadKernels.fits(width, height, windows, candidateFloor)) {
      const map = kernels.open(contrast, width, height, windows, candidateFloor);
      return {
        signal: map.signal,
        signalAt: frame.signalAt,
        sampleHistogram: frame.sampleHistogram,
        candidates: map.candidates,
        candidateCount: map.count,
      };
    }
    boxMean(contrast, rows, this.columns, mean, width, height, windows.box);
    // The opening where it can reach the floor: a square whose every mean does (its corner's
    // does first of all) spreads its minimum over itself; elsewhere the map stays below it.
    const { square } = windows;
    const seedCount = squaresFrom(mean, seeds, width, height, square, candidateFloor);
    signal.fill(BELOW_EVERY_THRESHOLD);
    openSquares(mean, signal, seeds, seedCount, width, square, candidateFloor);
    const count = listAtLeast(signal, candidates, candidateFloor);
    return {
      signal,
      signalAt: frame.signalAt,
      sampleHistogram: frame.sampleHistogram,
      candidates,
      candidateCount: count,
    };
  }

  private prepare(width: number, height: number): void {
    const size = width * height;
    if (this.signal.length === size && this.columns.length === width) return;
    this.contrast = new Int16Array(size);
    this.rows = new Int32Array(size);
    this.columns = new Int32Array(width);
    this.mean = new Int16Array(size);
    this.seeds = new Int32Array(size);
    this.signal = new Int16Array(size);
    this.candidates = new Int32Array(size);
  }
}

/**
 * Mean over the centred box of odd side `box` (clipped at the frame's edges) into `out`: running
 * sums along the rows into `rows`, then down the columns a row at a time (column sums gain the row
 * entering the box and lose the one leaving it, so memory is read in order).
 */
function boxMean(
  input: Int16Array,
  rows: Int32Array,
  columns: Int32Array,
  out: Int16Array,
  width: number,
  height: number,
  box: number,
): void {
  const half = (box - 1) >> 1;
  if (half === 0) {
    out.set(input.subarray(0, width * height));
    return;
  }
  rowSums(input, rows, width, height, half);
  columnMeans(rows, columns, out, width, height, half);
}

// Each pass is a function of its own whose loop is its last statement: V8 compiles a long loop
// while it runs, and code after it that had not yet run threw that code away on every call (the
// dark-head map ran three times slower).

/** Sums over the centred run of 2 half + 1 pixels along each row (clipped at its ends). */
function rowSums(input: Int16Array, rows: Int32Array, width: number, height: number, half: number) {
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let sum = 0;
    for (let x = 0; x < Math.min(half, width); x++) sum += input[row + x]!;
    for (let x = 0; x < width; x++) {
      if (x + half < width) sum += input[row + x + half]!;
      if (x > half) sum -= input[row + x - half - 1]!;
      rows[row + x] = sum;
    }
  }
}

/** The box means from the row sums, down the columns a row at a time (see {@link boxMean}). */
function columnMeans(
  rows: Int32Array,
  columns: Int32Array,
  out: Int16Array,
  width: number,
  height: number,
  half: number,
) {
  columns.fill(0, 0, width);
  for (let y = 0; y < Math.min(half, height); y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) columns[x]! += rows[row + x]!;
  }
  const side = 2 * half + 1;
  for (let y = 0; y < height; y++) {
    const add = y + half < height ? (y + half) * width : -1;
    const take = y > half ? (y - half - 1) * width : -1;
    const rowsIn = Math.min(height - 1, y + half) - Math.max(0, y - half) + 1;
    const row = y * width;
    updateColumns(rows, columns, width, add, take);
    if (rowsIn === side) innerMeans(columns, out, row, half, width - half, 1 / (side * side));
    else edgeMeans(columns, out, row, half, width - half, width, half, rowsIn);
    edgeMeans(columns, out, row, 0, Math.min(half, width), width, half, rowsIn);
    edgeMeans(columns, out, row, Math.max(half, width - half), width, width, half, rowsIn);
  }
}

/**
 * The column sums gain the row at `add` and lose the one at `take` (-1: none); in one pass where
 * both are rows.
 */
function updateColumns(
  rows: Int32Array,
  columns: Int32Array,
  width: number,
  add: number,
  take: number,
) {
  if (add >= 0 && take >= 0) {
    for (let x = 0; x < width; x++) columns[x]! += rows[add + x]! - rows[take + x]!;
    return;
  }
  if (add >= 0) for (let x = 0; x < width; x++) columns[x]! += rows[add + x]!;
  if (take >= 0) for (let x = 0; x < width; x++) columns[x]! -= rows[take + x]!;
}

/**
 * Means of whole boxes, (2 half + 1)² pixels: an odd count, so no mean is a half, and the product
 * by its inverse rounds as the quotient does (they differ by far less than the 1/(2 n) between a
 * mean and a half). `Math.floor(m + 0.5)` is Math.round's own rounding, without its slow path.
 */
function innerMeans(
  columns: Int32Array,
  out: Int16Array,
  row: number,
  from: number,
  to: number,
  inverse: number,
) {
  for (let x = from; x < to; x++) out[row + x] = Math.floor(columns[x]! * inverse + 0.5);
}

/** Means of boxes clipped by the frame, from x = `from` to `to`. */
function edgeMeans(
  columns: Int32Array,
  out: Int16Array,
  row: number,
  from: number,
  to: number,
  width: number,
  half: number,
  rowsIn: number,
) {
  for (let x = from; x < to; x++) {
    const n = rowsIn * (Math.min(width - 1, x + half) - Math.max(0, x - half) + 1);
    out[row + x] = Math.floor(columns[x]! / n + 0.5);
  }
}

/**
 * The top-left corners of the squares of side `side` that fit in the frame and whose corner's mean
 * reaches `floor` (no other square's minimum can), in raster order; answers how many.
 */
function squaresFrom(
  mean: Int16Array,
  seeds: Int32Array,
  width: number,
  height: number,
  side: number,
  floor: number,
) {
  let count = 0;
  for (let y = 0; y <= height - side; y++) {
    const row = y * width;
    for (let x = 0; x <= width - side; x++) if (mean[row + x]! >= floor) seeds[count++] = row + x;
  }
  return count;
}

/**
 * The grey-level opening where it reaches `floor`: each square (from its corner in `seeds`) whose
 * minimum (the erosion) reaches it raises every pixel of itself to that minimum (the dilation's
 * maximum over the squares holding a pixel). Squares under the floor are skipped: they cannot
 * change a maximum that reaches it, and a pixel only they hold stays below it.
 */
function openSquares(
  mean: Int16Array,
  signal: Int16Array,
  seeds: Int32Array,
  seedCount: number,
  width: number,
  side: number,
  floor: number,
) {
  for (let k = 0; k < seedCount; k++) {
    const corner = seeds[k]!;
    let v = mean[corner]!;
    for (let dy = 0; dy < side && v >= floor; dy++) {
      const row = corner + dy * width;
      for (let dx = 0; dx < side; dx++) {
        const t = mean[row + dx]!;
        if (t < v) v = t;
      }
    }
    if (v < floor) continue;
    for (let dy = 0; dy < side; dy++) {
      const row = corner + dy * width;
      for (let dx = 0; dx < side; dx++) if (signal[row + dx]! < v) signal[row + dx] = v;
    }
  }
}

/** The pixels of `signal` reaching `floor`, in raster order; answers how many. */
function listAtLeast(signal: Int16Array, candidates: Int32Array, floor: number) {
  let count = 0;
  for (let p = 0; p < signal.length; p++) if (signal[p]! >= floor) candidates[count++] = p;
  return count;
}
