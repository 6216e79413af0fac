/**
 * The classical detector's test of a dim blob's peak, and the calibration rules that go with it at
 * low magnification (a 10x objective, coarser than 1 µm per pixel, heads 3 to 4 pixels long and 2
 * wide). Sizes are in µm and converted through the calibration, so one rule holds at every scale.
 */

/**
 * Side of the box, µm, over which a blob's peak is averaged for the significance test: about two
 * thirds of a head's width, so the box stays on the head.
 */
export const PEAK_BOX_UM = 2;

/** Width of a head, µm (a head is about 4.5 x 3 µm). */
const HEAD_WIDTH_UM = 3;

/**
 * Heads at least this many pixels wide (finer than 1 µm/px) grow at the settings' low threshold;
 * narrower ones at a share of it (see {@link lowThresholdScale}).
 */
const FULL_LOW_HEAD_WIDTH_PX = 3;

/**
 * A typical head of fewer pixels than this (coarser than about 1 µm/px; 0.8 µm/px heads are 15 to
 * 16) is not counted as several heads by its area and signal: the edge pixels of a blob of a few
 * pixels come and go with the noise, a ring of pixels as large as the head itself, so one head's
 * blob often has 1.3 heads' area and 1.1 heads' signal. On generated hard fields of 80 heads at 1.4
 * µm/px (tuning seeds) 3 % of the detections were such halves of a single head; at 1.0 to 1.3 µm/px
 * dropping the count gained 0.002 to 0.005 F1. Heads cut apart at their bright cores still count.
 */
export const MIN_COUNTING_HEAD_PX = 12;

/**
 * Factor on the low (growing) threshold. A head fewer than {@link FULL_LOW_HEAD_WIDTH_PX} pixels
 * wide lies on few pixels, most of them partly covered, whose contrast falls with the share they
 * cover: the threshold falls in proportion to the head's width in pixels (2 px at 1.5 µm/px: two
 * thirds). At the full threshold the dim heads of a 1.5 µm/px field left blobs of one or two pixels
 * (taken for pinheads) and in-focus heads broke into two blobs, each counted.
 */
export function lowThresholdScale(umPerPixel: number): number {
  return Math.min(1, HEAD_WIDTH_UM / umPerPixel / FULL_LOW_HEAD_WIDTH_PX);
}

/**
 * Whether pixels are coarser than the peak box: {@link PEAK_BOX_UM} is less than two pixels
 * (coarser than 1 µm/px), where a square box centred on the peak would be 3 pixels, wider than a
 * head.
 */
function coarsePixels(umPerPixel: number): boolean {
  return PEAK_BOX_UM / umPerPixel < 2;
}

/**
 * Odd side, pixels, of the centred peak box of about {@link PEAK_BOX_UM}, at least 3. Coarser than
 * 1 µm/px the box would be one pixel, no box at all: on generated hard videos of 80 heads the recall
 * was 0.90 at 1.2 µm/px and 0.78 at 1.5; with a 3-pixel box 0.98 and 0.87, precision unchanged
 * (0.99). There the head-sized windows of {@link windowSignificant} replace it.
 */
export function peakBoxSide(umPerPixel: number): number {
  return Math.max(3, 2 * Math.floor(PEAK_BOX_UM / umPerPixel / 2) + 1);
}

/**
 * Where {@link windowSignificant} reads the contrast: `signalAt` at any pixel, and optionally
 * `contrastPatch`, the same values for a square of pixels at once (see `SubtractedFrame`).
 */
export interface ContrastSource {
  readonly signalAt: (pixel: number) => number;
  readonly contrastPatch?: ContrastPatch;
}

/**
 * The head-positive contrast of the (2 half + 1)² pixels centred on `pixel`, row by row, NaN for
 * those outside the frame, in an array that the next call may reuse.
 */
export type ContrastPatch = (pixel: number, half: number) => Float64Array;

/**
 * The test of a blob whose peak pixel is not significant alone: whether the signal summed over a
 * window around its peak is, i.e. reaches `highSigma` noise sigmas of that sum (sigma x √n for n
 * pixels), while a head (as wide as the window) keeps most of its contrast in it.
 *
 * - Finer than 1 µm/px: the odd square box of about {@link PEAK_BOX_UM} centred on the peak (a
 *   k x k mean must reach highSigma x sigma / k).
 * - Coarser (a head 2 pixels wide): a 3-pixel box centred on the peak would be 4.5 µm at 1.5 µm/px,
 *   half of it background. Instead the windows of a head's size, 2 x 2, 3 x 2 and 2 x 3 pixels,
 *   each placed anywhere it holds the peak pixel; one passing is enough. On generated hard fields of
 *   80 heads at 1.5 µm/px (tuning seeds) the recall went from 0.87 to 0.97 and the precision from
 *   0.97 to 0.99, with the lower growing threshold of {@link lowThresholdScale}; a threshold below
 *   highSigma let noise through (precision 0.95 at 0.85 x).
 *
 * `source` gives the head-positive contrast around the peak (read once per test, as a patch).
 */
export function windowSignificant(
  source: ContrastSource,
  pixel: number,
  width: number,
  height: number,
  umPerPixel: number,
  sigmaThreshold: number,
): boolean {
  if (!coarsePixels(umPerPixel)) {
    const side = peakBoxSide(umPerPixel);
    const values = readPatch(source, pixel, (side - 1) / 2, width, height);
    return clippedBoxMean(values, pixel, side, width, height) * side >= sigmaThreshold;
  }
  const values = readPatch(source, pixel, PATCH_HALF, width, height);
  return coarseWindowPasses(values, sigmaThreshold * 2, sigmaThreshold * Math.sqrt(6));
}

/** Half side of the patch around the peak that holds every coarse window placed on it. */
const PATCH_HALF = 2;
const PATCH_SIDE = 2 * PATCH_HALF + 1;
/** The signal around the peak being tested where it is read pixel by pixel (see `readPatch`). */
let patch = new Float64Array(PATCH_SIDE * PATCH_SIDE);

/** The (2 half + 1)² patch around `pixel` (see {@link ContrastPatch}), from `source`. */
function readPatch(
  source: ContrastSource,
  pixel: number,
  half: number,
  width: number,
  height: number,
): Float64Array {
  if (source.contrastPatch) return source.contrastPatch(pixel, half);
  const side = 2 * half + 1;
  if (patch.length < side * side) patch = new Float64Array(side * side);
  patchFromSignalAt(source.signalAt, pixel, half, width, height, patch);
  return patch;
}

/**
 * The patch of {@link ContrastPatch} from `signalAt`, one pixel at a time: what a source's
 * `contrastPatch` must equal.
 */
export function patchFromSignalAt(
  signalAt: (pixel: number) => number,
  pixel: number,
  half: number,
  width: number,
  height: number,
  out: Float64Array,
): void {
  const side = 2 * half + 1;
  const cx = pixel % width;
  const cy = (pixel - cx) / width;
  for (let dy = -half; dy <= half; dy++) {
    const y = cy + dy;
    for (let dx = -half; dx <= half; dx++) {
      const x = cx + dx;
      const inside = x >= 0 && x < width && y >= 0 && y < height;
      out[(dy + half) * side + dx + half] = inside ? signalAt(y * width + x) : NaN;
    }
  }
}

/**
 * Whether a window of the coarse-pixel test (a head's width, and its length either way: 2 x 2,
 * 3 x 2 and 2 x 3 pixels) holding the patch's centre (the peak) and lying inside the frame sums to
 * its threshold: `reach4` for 2 x 2, `reach6` for 3 x 2 and 2 x 3 (a window with a pixel outside
 * the frame sums to NaN and never passes). Each window is summed row by row, left to right; written
 * out, as loops over the windows' sizes were the test's main cost.
 */
function coarseWindowPasses(p: Float64Array, reach4: number, reach6: number): boolean {
  const s = PATCH_SIDE;
  for (let oy = PATCH_HALF - 1; oy <= PATCH_HALF; oy++) {
    for (let ox = PATCH_HALF - 1; ox <= PATCH_HALF; ox++) {
      const i = oy * s + ox;
      const sum = at(p, i) + at(p, i + 1) + at(p, i + s) + at(p, i + s + 1);
      if (sum >= reach4) return true;
    }
  }
  // 3 x 2: three columns, two rows.
  for (let oy = PATCH_HALF - 1; oy <= PATCH_HALF; oy++) {
    for (let ox = PATCH_HALF - 2; ox <= PATCH_HALF; ox++) {
      const i = oy * s + ox;
      const top = at(p, i) + at(p, i + 1) + at(p, i + 2);
      if (top + at(p, i + s) + at(p, i + s + 1) + at(p, i + s + 2) >= reach6) return true;
    }
  }
  // 2 x 3: two columns, three rows.
  for (let oy = PATCH_HALF - 2; oy <= PATCH_HALF; oy++) {
    for (let ox = PATCH_HALF - 1; ox <= PATCH_HALF; ox++) {
      const i = oy * s + ox;
      const top = at(p, i) + at(p, i + 1) + at(p, i + s) + at(p, i + s + 1);
      if (top + at(p, i + 2 * s) + at(p, i + 2 * s + 1) >= reach6) return true;
    }
  }
  return false;
}

function at(values: Float64Array, i: number): number {
  return values[i] ?? NaN;
}

/**
 * Mean of the side x side patch around `pixel` over the pixels inside the frame: the centred box,
 * clipped at the frame's edges.
 */
function clippedBoxMean(
  values: Float64Array,
  pixel: number,
  side: number,
  width: number,
  height: number,
): number {
  const half = (side - 1) / 2;
  const cx = pixel % width;
  const cy = (pixel - cx) / width;
  const x0 = Math.max(0, cx - half);
  const x1 = Math.min(width - 1, cx + half);
  let sum = 0;
  let n = 0;
  for (let y = Math.max(0, cy - half); y <= Math.min(height - 1, cy + half); y++) {
    const row = (y - cy + half) * side - cx + half;
    for (let x = x0; x <= x1; x++) {
      sum += values[row + x] ?? NaN;
      n += 1;
    }
  }
  return sum / n;
}
