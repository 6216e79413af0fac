import type { SubtractedFrame } from './background.js';

/** The value of a pixel of the map that no threshold reaches (as in the subtracted signal). */
const BELOW_EVERY_THRESHOLD = -32768;

/**
 * Side of the box mean and of the opening's square, µm: half a head's width (a head is about 3 µm
 * wide, so the square fits inside it wherever the head is), about twice a flagellum's width with
 * the optics' blur.
 */
export const DARK_HEAD_WINDOW_UM = 1.5;

/** The two sides of {@link DarkHeadOpening} in pixels at a calibration. */
export interface DarkHeadWindows {
  /** Odd side of the centred box mean (1: none). */
  readonly box: number;
  /** Side of the opening's square, at least 2. */
  readonly square: number;
}

/**
 * The sides at a calibration: the box mean {@link DARK_HEAD_WINDOW_UM} rounded up to an odd number
 * of pixels (3 at 0.5 to 1 µm/px, 7 at 0.25, none at 1.5), the square rounded (3 at 0.5 µm/px,
 * 2 from 0.8 µm/px on).
 */
export function darkHeadWindows(umPerPixel: number): DarkHeadWindows {
  const px = DARK_HEAD_WINDOW_UM / umPerPixel;
  return {
    box: 2 * Math.max(0, Math.ceil((px - 1) / 2)) + 1,
    square: Math.max(2, Math.round(px)),
  };
}

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
 * blocks read their own contrast (`signalAt`). Buffers are reused across frames.
 */
export class DarkHeadOpening {
  private contrast = new Int16Array(0);
  private rows = new Float32Array(0);
  private passA = new Int16Array(0);
  private passB = new Int16Array(0);
  private signal = new Int16Array(0);
  private candidates = new Int32Array(0);

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
    this.prepare(width * height);
    const { contrast, rows, passA, passB, signal, candidates } = this;
    if (frame.contrastInto) frame.contrastInto(contrast);
    else for (let p = 0; p < contrast.length; p++) contrast[p] = frame.signalAt(p);
    boxMean(contrast, rows, passA, width, height, windows.box);
    // Erosion then dilation by the square, each as a row pass and a column pass.
    erode(passA, passB, width, height, windows.square, 1);
    erode(passB, passA, width, height, windows.square, width);
    dilate(passA, passB, width, height, windows.square, 1);
    dilate(passB, passA, width, height, windows.square, width);
    let count = 0;
    for (let p = 0; p < signal.length; p++) {
      const v = passA[p] ?? 0;
      if (v >= candidateFloor) {
        signal[p] = v;
        candidates[count++] = p;
      } else {
        signal[p] = BELOW_EVERY_THRESHOLD;
      }
    }
    return {
      signal,
      signalAt: frame.signalAt,
      sampleHistogram: frame.sampleHistogram,
      candidates,
      candidateCount: count,
    };
  }

  private prepare(size: number): void {
    if (this.signal.length === size) return;
    this.contrast = new Int16Array(size);
    this.rows = new Float32Array(size);
    this.passA = new Int16Array(size);
    this.passB = new Int16Array(size);
    this.signal = new Int16Array(size);
    this.candidates = new Int32Array(size);
  }
}

/**
 * Mean over the centred box of odd side `box` (clipped at the frame's edges) into `out`: running
 * sums along the rows, then down the columns.
 */
function boxMean(
  input: Int16Array,
  rows: Float32Array,
  out: Int16Array,
  width: number,
  height: number,
  box: number,
): void {
  const half = (box - 1) / 2;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let sum = 0;
    for (let x = 0; x < Math.min(half, width); x++) sum += input[row + x] ?? 0;
    for (let x = 0; x < width; x++) {
      if (x + half < width) sum += input[row + x + half] ?? 0;
      if (x - half - 1 >= 0) sum -= input[row + x - half - 1] ?? 0;
      rows[row + x] = sum;
    }
  }
  const counts = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    counts[x] = Math.min(width - 1, x + half) - Math.max(0, x - half) + 1;
  }
  for (let x = 0; x < width; x++) {
    let sum = 0;
    for (let y = 0; y < Math.min(half, height); y++) sum += rows[y * width + x] ?? 0;
    for (let y = 0; y < height; y++) {
      if (y + half < height) sum += rows[(y + half) * width + x] ?? 0;
      if (y - half - 1 >= 0) sum -= rows[(y - half - 1) * width + x] ?? 0;
      const n = (Math.min(height - 1, y + half) - Math.max(0, y - half) + 1) * (counts[x] ?? 1);
      out[y * width + x] = Math.round(sum / n);
    }
  }
}

/**
 * The erosion's passes: each pixel takes the minimum of the `side` pixels from it to the right
 * (`step` 1) or down (`step` width); a square that does not fit in the frame holds no value, below
 * every threshold. Its squares start at their top-left pixel.
 */
function erode(
  input: Int16Array,
  out: Int16Array,
  width: number,
  height: number,
  side: number,
  step: number,
): void {
  const down = step !== 1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const p = row + x;
      if ((down ? height - y : width - x) < side) {
        out[p] = BELOW_EVERY_THRESHOLD;
        continue;
      }
      let v = input[p] ?? 0;
      for (let k = 1, q = p + step; k < side; k++, q += step) {
        const t = input[q] ?? 0;
        if (t < v) v = t;
      }
      out[p] = v;
    }
  }
}

/**
 * The dilation's passes: each pixel takes the maximum of the `side` pixels from it to the left
 * (`step` 1) or up (`step` width), those inside the frame: the squares of the erosion that hold it.
 */
function dilate(
  input: Int16Array,
  out: Int16Array,
  width: number,
  height: number,
  side: number,
  step: number,
): void {
  const up = step !== 1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const p = row + x;
      const n = Math.min(side, up ? y + 1 : x + 1);
      let v = input[p] ?? 0;
      for (let k = 1, q = p - step; k < n; k++, q -= step) {
        const t = input[q] ?? 0;
        if (t > v) v = t;
      }
      out[p] = v;
    }
  }
}
