/**
 * The peak head finder's steps that look at single peaks and single heads (see peak-heads.ts):
 * finding the peaks on a smoothed contrast map, a head's contrast, mask and detection. Shared by
 * the fast path and the straightforward reference (peak-reference.ts).
 */
import { computeMorphometry, ellipseAxesPx } from '../morphometry/morphometry.js';
import type { CasaSettings } from '../settings.js';
import type { BlobStats } from './blob-stats.js';
import {
  CURVATURE_STEP_UM,
  MIN_CURVATURE_SIGMA,
  MIN_STRONG_SHARE,
  PEAK_SEPARATION_UM,
  PEAK_SIGMA,
  STRONG_PEAK_QUANTILE,
  mapPixels,
} from './peak-params.js';
import type { Detection, DetectionMask } from './types.js';

/** One head's contrast peak, sub-pixel, with its height on the smoothed contrast map. */
export interface HeadPeak {
  readonly x: number;
  readonly y: number;
  /** Grey levels above the map's median. */
  readonly contrast: number;
}

/** The smoothed contrast map of a frame (binned by `bin`, `width` x `height`) and its level. */
export interface ContrastMap {
  readonly map: Float32Array;
  readonly bin: number;
  readonly width: number;
  readonly height: number;
  readonly median: number;
  readonly sigma: number;
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

/** The pixels a peak may be at: `count` map indices in `list`, in raster order. */
export interface PeakCandidates {
  readonly list: Int32Array;
  readonly count: number;
}

/**
 * The map's pixels at least `step` from its edges that reach `threshold` and each of their four
 * neighbours, in raster order (most pixels above the threshold lie on a slope: a higher neighbour
 * rules them out cheaply).
 */
export function scanCandidates(
  contrast: ContrastMap,
  step: number,
  threshold: number,
): PeakCandidates {
  const { map, width, height } = contrast;
  const list: number[] = [];
  for (let y = step; y < height - step; y++) {
    for (let x = step; x < width - step; x++) {
      const i = y * width + x;
      const v = map[i]!;
      if (v < threshold || v < map[i - 1]! || v < map[i + 1]! || v < map[i - width]!) continue;
      if (v < map[i + width]!) continue;
      list.push(i);
    }
  }
  return { list: Int32Array.from(list), count: list.length };
}

/**
 * The heads' peaks on a contrast map, in raster order: local maxima (PEAK_SEPARATION_UM apart) above
 * the threshold that curve down both ways and reach the strong peaks' share. `scan` lists the
 * candidates (by default {@link scanCandidates}).
 */
export function peaksOf(
  contrast: ContrastMap,
  settings: CasaSettings,
  scan: (step: number, threshold: number) => PeakCandidates = (step, threshold) =>
    scanCandidates(contrast, step, threshold),
): HeadPeak[] {
  const { median, sigma, bin } = contrast;
  const separation = mapPixels(PEAK_SEPARATION_UM, settings.umPerPixel, bin);
  const step = mapPixels(CURVATURE_STEP_UM, settings.umPerPixel, bin);
  const threshold = median + PEAK_SIGMA * sigma;
  const minCurvature = MIN_CURVATURE_SIGMA * sigma;
  const candidates = localMaxima(contrast, scan(step, threshold), separation, step, minCurvature);
  // A typed array sorts numerically, without calling a comparison for every pair.
  const sorted = Float64Array.from(candidates, (p) => p.contrast).sort();
  const strong = sorted[Math.floor(STRONG_PEAK_QUANTILE * (sorted.length - 1))] ?? 0;
  return candidates.filter((p) => p.contrast >= MIN_STRONG_SHARE * strong);
}

/**
 * The candidates that are the strict maximum of their disc and curve down both ways, as peaks in
 * frame pixels. (A function of its own: V8 reuses a loop's on-stack-replaced code on later calls,
 * and code after the loop that had not run when it was compiled deoptimised it on every call.)
 */
function localMaxima(
  contrast: ContrastMap,
  { list, count }: PeakCandidates,
  separation: number,
  step: number,
  minCurvature: number,
): HeadPeak[] {
  const { map, median, bin, width, height } = contrast;
  const candidates: HeadPeak[] = [];
  for (let k = 0; k < count; k++) {
    const i = list[k]!;
    const x = i % width;
    const y = (i - x) / width;
    const v = map[i]!;
    if (!isPeak(map, width, height, x, y, separation)) continue;
    if (weakerCurvature(map, width, i, step) < minCurvature) continue;
    // Back to frame pixels: the centre of map pixel x covers frame pixels x * bin to x * bin + bin - 1.
    candidates.push({
      x: (x + subPixel(map[i - 1]!, v, map[i + 1]!) + 0.5) * bin - 0.5,
      y: (y + subPixel(map[i - width]!, v, map[i + width]!) + 0.5) * bin - 0.5,
      contrast: v - median,
    });
  }
  return candidates;
}

/**
 * The smoothed contrast at frame pixel (x, y), above the map's median. (Weighting the centre by the
 * unsmoothed contrast made tracks jitter: a WHO class 17.5 points off instead of 9.6 on a generated
 * 40-head video at 100 fps.)
 */
export function contrastAt(contrast: ContrastMap, x: number, y: number): number {
  const mx = Math.min(contrast.width - 1, Math.floor(x / contrast.bin));
  const my = Math.min(contrast.height - 1, Math.floor(y / contrast.bin));
  return contrast.map[my * contrast.width + mx]! - contrast.median;
}

/** Which head owns frame pixel (x, y): its number + 1, or 0. */
export type OwnerAt = (x: number, y: number) => number;

/** The mask of head `k` (owner value) within its box. */
function maskOf(ownerAt: OwnerAt, k: number, m: BlobStats): DetectionMask {
  const w = m.maxX - m.minX + 1;
  const h = m.maxY - m.minY + 1;
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (ownerAt(m.minX + x, m.minY + y) === k) data[y * w + x] = 1;
    }
  }
  return { x: m.minX, y: m.minY, width: w, height: h, data };
}

/**
 * The detection of head `k` (0-based) from its peak and the sums over its pixels; its mask when
 * `ownerAt` is given.
 */
export function headDetection(
  peak: HeadPeak,
  k: number,
  m: BlobStats,
  sigma: number,
  settings: CasaSettings,
  ownerAt: OwnerAt | null,
): Detection {
  const axes = ellipseAxesPx(m);
  const threshold = PEAK_SIGMA * sigma;
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
    ...(ownerAt !== null ? { mask: maskOf(ownerAt, k + 1, m) } : {}),
  };
}
