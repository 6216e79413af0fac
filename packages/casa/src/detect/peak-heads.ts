import { computeMorphometry, ellipseAxesPx } from '../morphometry/morphometry.js';
import type { CasaSettings } from '../settings.js';
import type { GrayFrame } from '../types.js';
import { emptyBlobStats, type BlobStats } from './blob-stats.js';
import { boxMean, robustLevel, smoothed } from './peak-maps.js';
import type { Detection, DetectionMask, Detector } from './types.js';

/**
 * The peak head finder, for dense samples where heads touch and lie on one another so that a
 * threshold joins them into one blob. Every head has a contrast peak of its own: the frame minus its
 * local mean (the sign set by the polarity), smoothed at about a head's width, has one local maximum
 * per head, and a maximum that curves down in every direction is a head, not a tail or a fibre
 * (which curve along one direction only). Each head's pixels are those around its peak with at least
 * half its contrast that lie nearer to it than to any other peak.
 *
 * The scales are in µm and were set on the first shared real dense crop (0.5 µm/px assumed, dark
 * heads with bright halos); the second crop was held out: see ARCHITECTURE.md, "Dense samples".
 */
/** Radius of the local mean taken as background, µm (8 px at 0.5 µm/px). */
const BACKGROUND_RADIUS_UM = 4;
/** Radius of the three box means that smooth the contrast, µm (a Gaussian of about 1.2 µm). */
const SMOOTH_RADIUS_UM = 1;
/** Two peaks closer than this are one head, µm. */
const PEAK_SEPARATION_UM = 2;
/** A head's pixels lie within this distance of its peak, µm. */
const HEAD_RADIUS_UM = 3;
/** Step of the finite differences that measure a peak's curvature, µm. */
const CURVATURE_STEP_UM = 0.5;
/** A peak's contrast must exceed the map's median by this many robust standard deviations. */
const PEAK_SIGMA = 2.5;
/**
 * And it must stand this many sigmas of the camera noise (after smoothing) above the map's median: in
 * a sparse field the map's spread is that noise, and 2.5 sigmas of it pass thousands of noise peaks.
 */
const NOISE_SIGMA = 5;
/** Its weaker curvature must exceed this share of the robust standard deviation. */
const MIN_CURVATURE_SIGMA = 0.15;
/**
 * A peak must also reach this share of the strong peaks' contrast (the STRONG_PEAK_QUANTILE of all
 * peaks above the threshold): faint dots of debris and out-of-focus specks are peaks too. 0.5 rather
 * than 0.3: on a generated dark-halo field (60 heads, hard imaging) precision 0.63 instead of 0.52 at
 * the same recall; on the real crops 0.627 either way on the first, 0.716 against 0.704 on the
 * held-out second. (A floor on the area of a head's pixels did not tell debris apart.)
 */
const MIN_STRONG_SHARE = 0.5;
const STRONG_PEAK_QUANTILE = 0.9;
/** The map's level and spread are taken on every 31st pixel (a prime: no pattern of rows). */
const LEVEL_SAMPLE_STEP = 31;
/** MAD to standard deviation for normal noise. */
const MAD_TO_SIGMA = 1.4826;

/** One head's contrast peak, sub-pixel, with its height on the smoothed contrast map. */
export interface HeadPeak {
  readonly x: number;
  readonly y: number;
  /** Grey levels above the map's median. */
  readonly contrast: number;
}

/**
 * The map is made on the frame binned to about this pixel size, µm: finer magnifications cost no
 * more than 0.5 µm/px. Binning 0.5 µm/px to 1 µm/px made it three times faster but cost 0.02 of F1
 * on both real crops (heads 4 to 6 map pixels long lose their separation).
 */
const MAP_PIXEL_UM = 0.5;

/** The smoothed contrast map of a frame (binned by `bin`, `width` x `height`) and its level. */
interface ContrastMap {
  readonly map: Float32Array;
  readonly bin: number;
  readonly width: number;
  readonly height: number;
  readonly median: number;
  readonly sigma: number;
}

/** Means of `bin` x `bin` blocks of the frame (the last partial row and column left out). */
function binned(
  frame: GrayFrame,
  bin: number,
): { grey: Float32Array<ArrayBuffer>; w: number; h: number } {
  const w = Math.floor(frame.width / bin);
  const h = Math.floor(frame.height / bin);
  const grey = new Float32Array(w * h);
  const scale = 1 / (bin * bin);
  for (let y = 0; y < h * bin; y++) {
    const row = y * frame.width;
    const out = Math.floor(y / bin) * w;
    for (let x = 0; x < w * bin; x++) grey[out + Math.floor(x / bin)]! += frame.data[row + x]!;
  }
  for (let i = 0; i < grey.length; i++) grey[i]! *= scale;
  return { grey, w, h };
}

/**
 * The camera noise of a grey map, grey levels: the robust spread of each pixel minus its 3 x 3 mean
 * (a white noise of sigma s leaves s * sqrt(8 / 9) there; edges of heads hardly move a median).
 */
function pixelNoise(grey: Float32Array, w: number, h: number): number {
  const local = boxMean(grey, w, h, 1);
  for (let i = 0; i < local.length; i++) local[i] = grey[i]! - local[i]!;
  const { mad } = robustLevel(local, LEVEL_SAMPLE_STEP);
  return (mad * MAD_TO_SIGMA) / Math.sqrt(8 / 9);
}

/** The share of a white noise's sigma left by {@link smoothed} at radius `r` (in 2-D). */
function smoothingNoiseGain(r: number): number {
  let kernel = [1];
  const box = Array.from({ length: 2 * r + 1 }, () => 1 / (2 * r + 1));
  for (let pass = 0; pass < 3; pass++) {
    const next = new Array<number>(kernel.length + box.length - 1).fill(0);
    kernel.forEach((a, i) => box.forEach((b, j) => (next[i + j]! += a * b)));
    kernel = next;
  }
  return kernel.reduce((sum, k) => sum + k * k, 0);
}

function contrastMap(frame: GrayFrame, settings: CasaSettings): ContrastMap {
  const bin = Math.max(1, Math.round(MAP_PIXEL_UM / settings.umPerPixel));
  const { grey, w, h } = binned(frame, bin);
  const px = (um: number): number => Math.max(1, Math.round(um / (settings.umPerPixel * bin)));
  const noise = pixelNoise(grey, w, h);
  const background = boxMean(grey, w, h, px(BACKGROUND_RADIUS_UM));
  const sign = settings.polarity === 'dark' ? -1 : 1;
  for (let i = 0; i < grey.length; i++) grey[i] = sign * (grey[i]! - background[i]!);
  const smoothRadius = px(SMOOTH_RADIUS_UM);
  const map = smoothed(grey, w, h, smoothRadius);
  const { median, mad } = robustLevel(map, LEVEL_SAMPLE_STEP);
  // The spread of the map is the texture of a dense field, or only the camera noise of a sparse one;
  // the noise left after smoothing is the floor either way.
  const floor = (NOISE_SIGMA / PEAK_SIGMA) * noise * smoothingNoiseGain(smoothRadius);
  return {
    map,
    bin,
    width: w,
    height: h,
    median,
    sigma: Math.max(1e-6, mad * MAD_TO_SIGMA, floor),
  };
}

/** Whether `i` is the strict maximum of the disc of radius `r` around it (ties go to the first). */
function isPeak(map: Float32Array, width: number, height: number, x: number, y: number, r: number) {
  const v = map[y * width + x]!;
  for (let dy = -r; dy <= r; dy++) {
    const yy = y + dy;
    if (yy < 0 || yy >= height) continue;
    for (let dx = -r; dx <= r; dx++) {
      const xx = x + dx;
      if (xx < 0 || xx >= width || dx * dx + dy * dy > r * r) continue;
      const u = map[yy * width + xx]!;
      if (u > v || (u === v && (dy < 0 || (dy === 0 && dx < 0)))) return false;
    }
  }
  return true;
}

/** The weaker of the two curvatures at `i` (positive when the map curves down both ways). */
function weakerCurvature(map: Float32Array, width: number, i: number, step: number): number {
  const c = map[i]!;
  const hxx = map[i - step]! - 2 * c + map[i + step]!;
  const hyy = map[i - step * width]! - 2 * c + map[i + step * width]!;
  const hxy =
    (map[i + step * width + step]! -
      map[i + step * width - step]! -
      map[i - step * width + step]! +
      map[i - step * width - step]!) /
    4;
  return -((hxx + hyy) / 2 + Math.sqrt(((hxx - hyy) / 2) ** 2 + hxy * hxy));
}

/** Sub-pixel offset of a peak along one axis from its two neighbours (a parabola through three). */
function subPixel(before: number, at: number, after: number): number {
  const curve = before - 2 * at + after;
  return curve < 0 ? Math.max(-0.5, Math.min(0.5, (before - after) / (2 * curve))) : 0;
}

function peaksOf(contrast: ContrastMap, settings: CasaSettings): HeadPeak[] {
  const { map, median, sigma, bin, width, height } = contrast;
  const px = (um: number): number => Math.max(1, Math.round(um / (settings.umPerPixel * bin)));
  const separation = px(PEAK_SEPARATION_UM);
  const step = px(CURVATURE_STEP_UM);
  const threshold = median + PEAK_SIGMA * sigma;
  const minCurvature = MIN_CURVATURE_SIGMA * sigma;
  const candidates: HeadPeak[] = [];
  for (let y = step; y < height - step; y++) {
    for (let x = step; x < width - step; x++) {
      const i = y * width + x;
      const v = map[i]!;
      // Most pixels above the threshold lie on a slope: a higher neighbour rules them out cheaply.
      if (v < threshold || v < map[i - 1]! || v < map[i + 1]! || v < map[i - width]!) continue;
      if (v < map[i + width]! || !isPeak(map, width, height, x, y, separation)) continue;
      if (weakerCurvature(map, width, i, step) < minCurvature) continue;
      // Back to frame pixels: the centre of map pixel x covers frame pixels x * bin to x * bin + bin - 1.
      candidates.push({
        x: (x + subPixel(map[i - 1]!, v, map[i + 1]!) + 0.5) * bin - 0.5,
        y: (y + subPixel(map[i - width]!, v, map[i + width]!) + 0.5) * bin - 0.5,
        contrast: v - median,
      });
    }
  }
  const sorted = candidates.map((p) => p.contrast).sort((a, b) => a - b);
  const strong = sorted[Math.floor(STRONG_PEAK_QUANTILE * (sorted.length - 1))] ?? 0;
  return candidates.filter((p) => p.contrast >= MIN_STRONG_SHARE * strong);
}

/** Head peaks of one frame (see {@link PeakHeadDetector}). */
export function findHeadPeaks(frame: GrayFrame, settings: CasaSettings): HeadPeak[] {
  return peaksOf(contrastMap(frame, settings), settings);
}

/**
 * Gives every pixel near a peak, with at least half the peak's contrast, to the nearest such peak;
 * `owner[i]` is the peak's number + 1, or 0.
 */
function assignPixels(
  contrast: ContrastMap,
  peaks: readonly HeadPeak[],
  width: number,
  height: number,
  radius: number,
): Int32Array {
  const owner = new Int32Array(width * height);
  const distance = new Float32Array(width * height).fill(Infinity);
  peaks.forEach((peak, k) => {
    const half = peak.contrast / 2;
    const cx = Math.round(peak.x);
    const cy = Math.round(peak.y);
    for (let y = Math.max(0, cy - radius); y <= Math.min(height - 1, cy + radius); y++) {
      for (let x = Math.max(0, cx - radius); x <= Math.min(width - 1, cx + radius); x++) {
        const d = (x - peak.x) ** 2 + (y - peak.y) ** 2;
        const i = y * width + x;
        if (d > radius * radius || d >= distance[i]!) continue;
        if (contrastAt(contrast, x, y) < half) continue;
        distance[i] = d;
        owner[i] = k + 1;
      }
    }
  });
  return owner;
}

/**
 * The smoothed contrast at frame pixel (x, y), above the map's median. (Weighting the centre by the
 * unsmoothed contrast made tracks jitter: a WHO class 17.5 points off instead of 9.6 on a generated
 * 40-head video at 100 fps.)
 */
function contrastAt(contrast: ContrastMap, x: number, y: number): number {
  const mx = Math.min(contrast.width - 1, Math.floor(x / contrast.bin));
  const my = Math.min(contrast.height - 1, Math.floor(y / contrast.bin));
  return contrast.map[my * contrast.width + mx]! - contrast.median;
}

function momentsOf(owner: Int32Array, count: number, width: number, contrast: ContrastMap) {
  const height = owner.length / width;
  // The blob detector's running sums; `weight`, `wx`, `wy` weigh each pixel by its contrast.
  const moments: BlobStats[] = Array.from({ length: count }, () => emptyBlobStats([]));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const k = owner[i]!;
      if (k === 0) continue;
      const m = moments[k - 1]!;
      const w = Math.max(0, contrastAt(contrast, x, y));
      m.weight += w;
      m.wx += w * x;
      m.wy += w * y;
      m.area++;
      m.sx += x;
      m.sy += y;
      m.sxx += x * x;
      m.syy += y * y;
      m.sxy += x * y;
      m.minX = Math.min(m.minX, x);
      m.minY = Math.min(m.minY, y);
      m.maxX = Math.max(m.maxX, x);
      m.maxY = Math.max(m.maxY, y);
      const edge =
        x === 0 ||
        y === 0 ||
        x === width - 1 ||
        y === height - 1 ||
        owner[i - 1] !== k ||
        owner[i + 1] !== k ||
        owner[i - width] !== k ||
        owner[i + width] !== k;
      if (edge) m.boundary++;
    }
  }
  return moments;
}

function maskOf(owner: Int32Array, k: number, m: BlobStats, width: number): DetectionMask {
  const w = m.maxX - m.minX + 1;
  const h = m.maxY - m.minY + 1;
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (owner[(m.minY + y) * width + m.minX + x] === k) data[y * w + x] = 1;
    }
  }
  return { x: m.minX, y: m.minY, width: w, height: h, data };
}

/**
 * Finds heads as contrast peaks (see the file's comment): every head of a dense field, touching or
 * not, is one `sperm` detection; nothing is a cluster. Chosen by the `headFinding: 'peaks'` setting.
 */
export class PeakHeadDetector implements Detector {
  private readonly masks: boolean;

  constructor(
    private readonly settings: CasaSettings,
    options: { readonly masks?: boolean } = {},
  ) {
    this.masks = options.masks === true;
  }

  /** Detects the heads of one frame; `settings` defaults to the constructor's. */
  detect(frame: GrayFrame, settings: CasaSettings = this.settings): Detection[] {
    const { width, height } = frame;
    const contrast = contrastMap(frame, settings);
    const peaks = peaksOf(contrast, settings);
    const radius = Math.max(1, Math.round(HEAD_RADIUS_UM / settings.umPerPixel));
    const owner = assignPixels(contrast, peaks, width, height, radius);
    const moments = momentsOf(owner, peaks.length, width, contrast);
    const threshold = PEAK_SIGMA * contrast.sigma;
    return peaks.map((peak, k) => {
      const m = moments[k]!;
      const axes = ellipseAxesPx(m);
      // The contrast-weighted centre of the head's pixels: steadier from frame to frame than the
      // peak itself, which moves with the noise on a flat top.
      return {
        x: m.weight > 0 ? m.wx / m.weight : peak.x,
        y: m.weight > 0 ? m.wy / m.weight : peak.y,
        x1: m.minX,
        y1: m.minY,
        x2: m.maxX + 1,
        y2: m.maxY + 1,
        confidence: Math.min(1, peak.contrast / (2 * threshold)),
        className: 'sperm',
        cellCount: 1,
        angle: axes.angle,
        morphometry: computeMorphometry(m, settings.umPerPixel),
        ...(this.masks ? { mask: maskOf(owner, k + 1, m, width) } : {}),
      };
    });
  }
}
