/**
 * The peak head finder done the straightforward way (fresh arrays for every map, sorted samples,
 * whole-frame scans): what the fast path of peak-heads.ts must equal. For its tests and the speed
 * bench only.
 */
import type { CasaSettings } from '../settings.js';
import type { GrayFrame } from '../types.js';
import { addPixel, emptyBlobStats, type BlobStats } from './blob-stats.js';
import {
  contrastAt,
  headDetection,
  peaksOf,
  type ContrastMap,
  type HeadPeak,
} from './peak-local.js';
import { boxMean, smoothed } from './peak-maps.js';
import {
  BACKGROUND_RADIUS_UM,
  LEVEL_SAMPLE_STEP,
  MAD_TO_SIGMA,
  NOISE_SIGMA,
  PEAK_SIGMA,
  SMOOTH_RADIUS_UM,
  headRadiusPx,
  mapBin,
  mapPixels,
  smoothingNoiseGain,
} from './peak-params.js';
import type { Detection } from './types.js';

/** Median and median absolute deviation of every `step`-th value of a map, by sorting. */
function sortedLevel(map: Float32Array, step: number): { median: number; mad: number } {
  const sample = new Float32Array(Math.ceil(map.length / step));
  for (let i = 0, k = 0; i < map.length; i += step) sample[k++] = map[i]!;
  sample.sort();
  const median = sample[sample.length >> 1] ?? 0;
  for (let k = 0; k < sample.length; k++) sample[k] = Math.abs(sample[k]! - median);
  sample.sort();
  return { median, mad: sample[sample.length >> 1] ?? 0 };
}

function binned(frame: GrayFrame, bin: number) {
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

function pixelNoise(grey: Float32Array, w: number, h: number): number {
  const local = boxMean(grey, w, h, 1);
  for (let i = 0; i < local.length; i++) local[i] = grey[i]! - local[i]!;
  const { mad } = sortedLevel(local, LEVEL_SAMPLE_STEP);
  return (mad * MAD_TO_SIGMA) / Math.sqrt(8 / 9);
}

function contrastMap(frame: GrayFrame, settings: CasaSettings): ContrastMap {
  const bin = mapBin(settings.umPerPixel);
  const { grey, w, h } = binned(frame, bin);
  const px = (um: number): number => mapPixels(um, settings.umPerPixel, bin);
  const noise = pixelNoise(grey, w, h);
  const background = boxMean(grey, w, h, px(BACKGROUND_RADIUS_UM));
  const sign = settings.polarity === 'dark' ? -1 : 1;
  for (let i = 0; i < grey.length; i++) grey[i] = sign * (grey[i]! - background[i]!);
  const smoothRadius = px(SMOOTH_RADIUS_UM);
  const map = smoothed(grey, w, h, smoothRadius);
  const { median, mad } = sortedLevel(map, LEVEL_SAMPLE_STEP);
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

function momentsOf(owner: Int32Array, count: number, width: number, contrast: ContrastMap) {
  const height = owner.length / width;
  const moments: BlobStats[] = Array.from({ length: count }, () => emptyBlobStats([]));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const k = owner[i]!;
      if (k === 0) continue;
      const m = moments[k - 1]!;
      // The peak stays 0: a head's peak is its own (see headDetection).
      addPixel(m, x, y, 0, Math.max(0, contrastAt(contrast, x, y)));
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

/** The peak head finder's detections of one frame, the straightforward way. */
export function referencePeakDetections(
  frame: GrayFrame,
  settings: CasaSettings,
  masks = false,
): Detection[] {
  const { width, height } = frame;
  const contrast = contrastMap(frame, settings);
  const peaks = peaksOf(contrast, settings);
  const owner = assignPixels(contrast, peaks, width, height, headRadiusPx(settings.umPerPixel));
  const moments = momentsOf(owner, peaks.length, width, contrast);
  const ownerAt = masks ? (x: number, y: number) => owner[y * width + x]! : null;
  return peaks.map((peak, k) =>
    headDetection(peak, k, moments[k]!, contrast.sigma, settings, ownerAt),
  );
}
