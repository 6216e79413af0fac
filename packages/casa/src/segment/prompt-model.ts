/**
 * What every segmentation method shares: a lightly smoothed copy of the image, the seeds taken
 * from the prompt points, the foreground / background intensity model and the noise level.
 */
import type { GrayImage, PromptPoint, SegmentPolarity } from './types.js';
import { gaussianKernel } from '../simulate/blur.js';
import { median } from '../stats/median.js';

/** Smoothing applied before segmenting (pixels); tames sensor noise of sigma 6-10. */
export const PRESMOOTH_SIGMA = 0.8;
/** Radius (px) of the hard seed disk drawn around each prompt point. */
export const SEED_RADIUS = 1.5;
/** Width (px) of the crop border used as implicit background seeds. */
const BORDER_WIDTH = 1;

export interface PromptModel {
  readonly width: number;
  readonly height: number;
  /** Presmoothed intensities. */
  readonly smooth: Float32Array;
  /** +1 when the object is brighter than the background, -1 when darker. */
  readonly sign: 1 | -1;
  /** Robust foreground and background levels (smoothed grey). */
  readonly fgLevel: number;
  readonly bgLevel: number;
  /** Sensor noise (raw grey levels) and its value after presmoothing. */
  readonly noise: number;
  readonly smoothNoise: number;
  /** 1 = hard foreground seed, 2 = hard background seed, 0 = free. */
  readonly seeds: Uint8Array;
  /** Pixel indices of the foreground prompt points (rounded and clamped into the image). */
  readonly fgPixels: readonly number[];
  /** Distance (px) from each pixel to the nearest foreground prompt point. */
  readonly fgDistance: Float32Array;
}

/** Separable Gaussian blur with replicated borders. */
export function gaussianSmooth(
  data: ArrayLike<number>,
  width: number,
  height: number,
  sigma: number,
): Float32Array {
  const kernel = gaussianKernel(sigma);
  const radius = (kernel.length - 1) / 2;
  const tmp = new Float32Array(width * height);
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let acc = 0;
      for (let k = -radius; k <= radius; k++) {
        const xx = Math.min(width - 1, Math.max(0, x + k));
        acc += (kernel[k + radius] ?? 0) * (data[y * width + xx] ?? 0);
      }
      tmp[y * width + x] = acc;
    }
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let acc = 0;
      for (let k = -radius; k <= radius; k++) {
        const yy = Math.min(height - 1, Math.max(0, y + k));
        acc += (kernel[k + radius] ?? 0) * (tmp[yy * width + x] ?? 0);
      }
      out[y * width + x] = acc;
    }
  }
  return out;
}

/**
 * Sensor noise sigma from the median absolute horizontal and vertical pixel differences (robust to
 * the few edges of a crop): sigma = MAD / (0.6745 * sqrt 2).
 */
export function estimateNoise(image: GrayImage): number {
  const { width, height, data } = image;
  const diffs: number[] = [];
  for (let y = 0; y < height - 1; y += 1) {
    for (let x = (y & 1) === 0 ? 0 : 1; x < width - 1; x += 2) {
      const i = y * width + x;
      diffs.push(Math.abs((data[i + 1] ?? 0) - (data[i] ?? 0)));
      diffs.push(Math.abs((data[i + width] ?? 0) - (data[i] ?? 0)));
    }
  }
  return Math.max(0.5, median(diffs) / (0.6745 * Math.SQRT2));
}

function clampIndex(p: PromptPoint, width: number, height: number): number {
  const x = Math.min(width - 1, Math.max(0, Math.round(p.x)));
  const y = Math.min(height - 1, Math.max(0, Math.round(p.y)));
  return y * width + x;
}

function forDisk(
  cx: number,
  cy: number,
  r: number,
  width: number,
  height: number,
  fn: (i: number) => void,
): void {
  const r2 = r * r;
  for (let y = Math.max(0, Math.floor(cy - r)); y <= Math.min(height - 1, Math.ceil(cy + r)); y++) {
    for (
      let x = Math.max(0, Math.floor(cx - r));
      x <= Math.min(width - 1, Math.ceil(cx + r));
      x++
    ) {
      if ((x - cx) ** 2 + (y - cy) ** 2 <= r2) fn(y * width + x);
    }
  }
}

/** Builds the shared model of one prompt. Throws when there is no foreground point. */
export function buildPromptModel(
  image: GrayImage,
  points: readonly PromptPoint[],
  polarity: SegmentPolarity = 'auto',
): PromptModel {
  const { width, height, data } = image;
  if (data.length !== width * height) throw new Error('segment: image data size mismatch');
  const fgPoints = points.filter((p) => p.label === 1);
  if (fgPoints.length === 0) throw new Error('segment: at least one foreground point is needed');
  const smooth = gaussianSmooth(data, width, height, PRESMOOTH_SIGMA);
  const noise = estimateNoise(image);
  // Variance reduction of a 2-D Gaussian filter: 1 / (4 pi sigma^2).
  const smoothNoise = noise / (2 * Math.sqrt(Math.PI) * PRESMOOTH_SIGMA);

  const seeds = new Uint8Array(width * height);
  const bgSamples: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const edge = Math.min(x, y, width - 1 - x, height - 1 - y);
      if (edge < BORDER_WIDTH) seeds[y * width + x] = 2;
      if (edge < 3) bgSamples.push(smooth[y * width + x] ?? 0);
    }
  }
  for (const p of points) {
    if (p.label !== 0) continue;
    forDisk(p.x, p.y, SEED_RADIUS, width, height, (i) => {
      seeds[i] = 2;
    });
    forDisk(p.x, p.y, 2.5, width, height, (i) => bgSamples.push(smooth[i] ?? 0));
  }
  const bgLevel = median(bgSamples);
  // Each foreground point's local level; the object's level is the one standing out most from
  // the background (along the polarity when it is given). A point on a faint tail then adds a
  // seed without dragging the head's intensity model towards the background.
  const levels: number[] = [];
  for (const p of fgPoints) {
    forDisk(p.x, p.y, SEED_RADIUS, width, height, (i) => {
      seeds[i] = 1;
    });
    const samples: number[] = [];
    forDisk(p.x, p.y, 2.5, width, height, (i) => samples.push(smooth[i] ?? 0));
    levels.push(median(samples));
  }
  const standOut = (level: number) =>
    polarity === 'bright'
      ? level - bgLevel
      : polarity === 'dark'
        ? bgLevel - level
        : Math.abs(level - bgLevel);
  const fgLevel = levels.reduce((best, level) => (standOut(level) > standOut(best) ? level : best));
  const sign: 1 | -1 =
    polarity === 'bright' ? 1 : polarity === 'dark' ? -1 : fgLevel >= bgLevel ? 1 : -1;

  const fgPixels = fgPoints.map((p) => clampIndex(p, width, height));
  const fgDistance = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let best = Infinity;
      for (const p of fgPoints) best = Math.min(best, (x - p.x) ** 2 + (y - p.y) ** 2);
      fgDistance[y * width + x] = Math.sqrt(best);
    }
  }
  return {
    width,
    height,
    smooth,
    sign,
    fgLevel,
    bgLevel,
    noise,
    smoothNoise,
    seeds,
    fgPixels,
    fgDistance,
  };
}

/**
 * Object contrast used by the data terms: the seed levels' difference along the polarity, floored
 * at 4 sensor-noise sigmas so a prompt on a faint object still gives a usable model.
 */
export function objectContrast(model: PromptModel): number {
  return Math.max(model.sign * (model.fgLevel - model.bgLevel), 4 * model.smoothNoise);
}
