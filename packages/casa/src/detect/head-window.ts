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

/** The windows of the coarse-pixel test, [width, height]: a head's width, and its length either way. */
const COARSE_WINDOWS: readonly (readonly [number, number])[] = [
  [2, 2],
  [3, 2],
  [2, 3],
];

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
 * `signalAt` gives the head-positive contrast at any pixel.
 */
export function windowSignificant(
  signalAt: (pixel: number) => number,
  pixel: number,
  width: number,
  height: number,
  umPerPixel: number,
  sigmaThreshold: number,
): boolean {
  if (!coarsePixels(umPerPixel)) {
    const side = peakBoxSide(umPerPixel);
    return centredBoxMean(signalAt, pixel, side, width, height) * side >= sigmaThreshold;
  }
  fillPatch(signalAt, pixel, width, height);
  for (const [w, h] of COARSE_WINDOWS) {
    if (bestWindowSum(w, h) >= sigmaThreshold * Math.sqrt(w * h)) return true;
  }
  return false;
}

/** Half side of the patch around the peak that holds every coarse window placed on it. */
const PATCH_HALF = 2;
const PATCH_SIDE = 2 * PATCH_HALF + 1;
/** The signal around the peak being tested (NaN outside the frame), read once per test. */
const patch = new Float64Array(PATCH_SIDE * PATCH_SIDE);

function fillPatch(
  signalAt: (pixel: number) => number,
  pixel: number,
  width: number,
  height: number,
): void {
  const cx = pixel % width;
  const cy = (pixel - cx) / width;
  for (let dy = -PATCH_HALF; dy <= PATCH_HALF; dy++) {
    const y = cy + dy;
    for (let dx = -PATCH_HALF; dx <= PATCH_HALF; dx++) {
      const x = cx + dx;
      const inside = x >= 0 && x < width && y >= 0 && y < height;
      patch[(dy + PATCH_HALF) * PATCH_SIDE + dx + PATCH_HALF] = inside
        ? signalAt(y * width + x)
        : NaN;
    }
  }
}

/**
 * Largest signal sum over the w x h windows of the patch that hold its centre (the peak) and lie
 * inside the frame (a window with a pixel outside sums to NaN and never wins; -Infinity when none
 * fits).
 */
function bestWindowSum(w: number, h: number): number {
  let best = -Infinity;
  for (let oy = PATCH_HALF - h + 1; oy <= PATCH_HALF; oy++) {
    for (let ox = PATCH_HALF - w + 1; ox <= PATCH_HALF; ox++) {
      let sum = 0;
      for (let y = oy; y < oy + h; y++) {
        for (let x = ox; x < ox + w; x++) sum += patch[y * PATCH_SIDE + x] ?? NaN;
      }
      if (sum > best) best = sum;
    }
  }
  return best;
}

/** Mean signal over the side x side box centred on `pixel`, clipped at the frame's edges. */
function centredBoxMean(
  signalAt: (pixel: number) => number,
  pixel: number,
  side: number,
  width: number,
  height: number,
): number {
  const half = (side - 1) / 2;
  const cx = pixel % width;
  const cy = (pixel - cx) / width;
  let sum = 0;
  let n = 0;
  for (let y = Math.max(0, cy - half); y <= Math.min(height - 1, cy + half); y++) {
    for (let x = Math.max(0, cx - half); x <= Math.min(width - 1, cx + half); x++) {
      sum += signalAt(y * width + x);
      n += 1;
    }
  }
  return sum / n;
}
