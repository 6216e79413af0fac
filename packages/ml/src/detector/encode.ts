/** Turning frames and boxes into network inputs and targets, and outputs back into heads. */
import type { HeadPrediction, PixelBox } from '../types.js';

/** Input pixels per output cell of version 1 models saved before the stride could be chosen. */
export const STRIDE = 4;
/** Gaussian radius of a head in the target heat map, output cells. */
export const HEAT_SIGMA_CELLS = 1;

/** Rounds a size up to the next multiple of the stride. */
export function paddedSize(n: number, stride = STRIDE): number {
  return Math.ceil(n / stride) * stride;
}

/**
 * Standardises a frame (minus its mean rounded to a grey level, divided by its standard deviation,
 * so brightness and contrast do not matter) and pads it with zeros (the mean) to multiples of the
 * stride, writing into `out` at `offset`. The rounded mean is what the ONNX graph can subtract from
 * the bytes in one step (a uint8 zero point); it moves the values by at most half a grey level.
 */
export function standardiseInto(
  image: ArrayLike<number>,
  width: number,
  height: number,
  out: Float32Array,
  offset: number,
  stride = STRIDE,
): void {
  const count = width * height;
  let mean = 0;
  for (let i = 0; i < count; i += 1) mean += image[i] ?? 0;
  mean /= count || 1;
  let variance = 0;
  for (let i = 0; i < count; i += 1) variance += ((image[i] ?? 0) - mean) ** 2;
  const scale = 1 / Math.max(Math.sqrt(variance / (count || 1)), 1);
  const centre = roundHalfToEven(mean);
  const pw = paddedSize(width, stride);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      out[offset + y * pw + x] = ((image[y * width + x] ?? 0) - centre) * scale;
    }
  }
}

/** Rounds as ONNX's Round does: halves to the even neighbour. */
function roundHalfToEven(value: number): number {
  const floor = Math.floor(value);
  const fraction = value - floor;
  if (fraction !== 0.5) return Math.round(value);
  return floor % 2 === 0 ? floor : floor + 1;
}

/**
 * Targets for one frame at offset `offset` of `[n, h/stride, w/stride, 3]` arrays: a Gaussian heat
 * peak (sigma `sigmaCells`, 1 at the centre, the maximum where heads overlap) and log box sizes in
 * cells at each head's cell; `mask` marks the cells whose size counts.
 */
export function encodeTargetsInto(
  boxes: readonly PixelBox[],
  gridW: number,
  gridH: number,
  target: Float32Array,
  mask: Float32Array,
  offset: number,
  stride = STRIDE,
  sigmaCells = HEAT_SIGMA_CELLS,
): void {
  const reach = Math.ceil(3 * sigmaCells);
  for (const b of boxes) {
    const cx = (b.x1 + b.x2) / 2 / stride - 0.5;
    const cy = (b.y1 + b.y2) / 2 / stride - 0.5;
    const ix = Math.round(cx);
    const iy = Math.round(cy);
    for (let y = Math.max(0, iy - reach); y <= Math.min(gridH - 1, iy + reach); y += 1) {
      for (let x = Math.max(0, ix - reach); x <= Math.min(gridW - 1, ix + reach); x += 1) {
        const d2 = (x - cx) ** 2 + (y - cy) ** 2;
        const heat = Math.exp(-d2 / (2 * sigmaCells ** 2));
        const at = offset + (y * gridW + x) * 3;
        if (heat > (target[at] ?? 0)) target[at] = heat;
      }
    }
    if (ix < 0 || iy < 0 || ix >= gridW || iy >= gridH) continue;
    const at = offset + (iy * gridW + ix) * 3;
    target[at + 1] = Math.log(Math.max(b.x2 - b.x1, 1) / stride);
    target[at + 2] = Math.log(Math.max(b.y2 - b.y1, 1) / stride);
    mask[offset / 3 + iy * gridW + ix] = 1;
  }
}

/**
 * Heads from one frame's outputs (heat already through the sigmoid), `[gridH, gridW, 3]` or, with
 * `layout` 'planar', `[3, gridH, gridW]`: cells that are 3x3 local maxima above `threshold`,
 * centred to a fraction of a cell by a Gaussian fit of their 3x3 neighbourhood (see `peakOffset`),
 * clipped to the frame; cells are `stride` pixels.
 */
export function decodePeaks(
  output: Float32Array,
  gridW: number,
  gridH: number,
  threshold: number,
  frameW: number,
  frameH: number,
  layout: 'interleaved' | 'planar' = 'interleaved',
  stride = STRIDE,
): HeadPrediction[] {
  const cells = gridW * gridH;
  // Interleaved: [heat, log w, log h] per cell (TensorFlow.js, NHWC); planar: three planes (ONNX).
  const cellStep = layout === 'interleaved' ? 3 : 1;
  const channelStep = layout === 'interleaved' ? 1 : cells;
  const heat = new HeatGrid(output, gridW, gridH, cellStep);
  const heads: HeadPrediction[] = [];
  for (let y = 0; y < gridH; y += 1) {
    for (let x = 0; x < gridW; x += 1) {
      const h = output[(y * gridW + x) * cellStep] ?? 0;
      if (h < threshold || !heat.isLocalMax(x, y, h)) continue;
      // Heat summed over the 3x3 neighbourhood's columns and rows: for a Gaussian peak each is
      // a Gaussian too, sampled at -1, 0 and +1 cells.
      const cx =
        (x + 0.5 + peakOffset(heat.column(x - 1, y), heat.column(x, y), heat.column(x + 1, y))) *
        stride;
      const cy =
        (y + 0.5 + peakOffset(heat.row(x, y - 1), heat.row(x, y), heat.row(x, y + 1))) * stride;
      const at = (y * gridW + x) * cellStep;
      const bw = Math.exp(output[at + channelStep] ?? 0) * stride;
      const bh = Math.exp(output[at + 2 * channelStep] ?? 0) * stride;
      if (cx >= frameW || cy >= frameH) continue;
      heads.push({
        x: cx,
        y: cy,
        x1: Math.max(0, cx - bw / 2),
        y1: Math.max(0, cy - bh / 2),
        x2: Math.min(frameW, cx + bw / 2),
        y2: Math.min(frameH, cy + bh / 2),
        confidence: h,
      });
    }
  }
  return heads.sort((a, b) => b.confidence - a.confidence);
}

/** The heat channel of a network's output, read by cell (0 outside the grid). */
class HeatGrid {
  constructor(
    private readonly output: Float32Array,
    private readonly gridW: number,
    private readonly gridH: number,
    private readonly cellStep: number,
  ) {}

  at(x: number, y: number): number {
    if (x < 0 || y < 0 || x >= this.gridW || y >= this.gridH) return 0;
    return this.output[(y * this.gridW + x) * this.cellStep] ?? 0;
  }

  /** Heat of the three cells of column `x` around row `y`. */
  column(x: number, y: number): number {
    return this.at(x, y - 1) + this.at(x, y) + this.at(x, y + 1);
  }

  /** Heat of the three cells of row `y` around column `x`. */
  row(x: number, y: number): number {
    return this.at(x - 1, y) + this.at(x, y) + this.at(x + 1, y);
  }

  /** Strict on the earlier neighbours and loose on the later ones, so a flat top gives one peak. */
  isLocalMax(x: number, y: number, h: number): boolean {
    for (let dy = -1; dy <= 1; dy += 1) {
      for (let dx = -1; dx <= 1; dx += 1) {
        if (dx === 0 && dy === 0) continue;
        const v = this.at(x + dx, y + dy);
        const earlier = dy < 0 || (dy === 0 && dx < 0);
        if (earlier ? v >= h : v > h) return false;
      }
    }
    return true;
  }
}

/**
 * Where a peak lies between three samples one cell apart (-1, 0, +1), in cells: the vertex of the
 * parabola through their logarithms, which is exact for the Gaussian heat the network learns (a
 * heat-weighted mean would pull every centre towards the middle of its cell). At the frame's
 * edge, where a sample is missing, the heat-weighted mean instead.
 */
function peakOffset(before: number, at: number, after: number): number {
  if (before <= 1e-6 || after <= 1e-6) return (after - before) / (before + at + after);
  const l = Math.log(before);
  const r = Math.log(after);
  const curvature = l - 2 * Math.log(at) + r;
  if (curvature >= 0) return 0;
  return Math.max(-1, Math.min(1, (l - r) / (2 * curvature)));
}
