import type { CasaSettings } from '../settings.js';
import type { GrayFrame } from '../types.js';
import type { BlobStats } from './blob-stats.js';
import { blobCentroid, ellipseAxesPx, emptyBlobStats, mergeCloseBlobs } from './blob-stats.js';
import { estimateNoiseSigma } from './noise.js';
import type { Detection, DetectionClass, Detector } from './types.js';

/**
 * Classical head detector for phase-contrast (bright heads) or bright-field (dark heads) video:
 * subtract a local box-mean background, threshold at a multiple of the robust noise level with
 * hysteresis (grow at the low threshold, keep blobs whose peak reaches the high one), label 8-connected
 * blobs and judge each by its area in µm². Buffers are reused across frames of the same size.
 */
export class ClassicalDetector implements Detector {
  private width = 0;
  private height = 0;
  private blocksWide = 0;
  private blocksHigh = 0;
  private blockSums = new Float32Array(0);
  private blockBackground = new Float32Array(0);
  private integral = new Float64Array(0);
  private signal = new Int16Array(0);
  private visited = new Uint32Array(0);
  private stack = new Int32Array(0);
  private generation = 0;
  /** Pixels at or above the lowest possible threshold, found while the signal is computed. */
  private candidates = new Int32Array(0);
  private candidateCount = 0;
  private sigma = 1;
  private framesSinceNoise = 0;
  private readonly histogram = new Uint32Array(1024);

  constructor(private readonly settings: CasaSettings) {}

  detect(frame: GrayFrame): Detection[] {
    this.prepare(frame.width, frame.height);
    this.subtractBackground(frame.data);
    // The noise level of a recording is steady; re-estimating it every few frames is enough.
    if (this.framesSinceNoise++ % NOISE_REESTIMATE_FRAMES === 0) {
      this.sigma = estimateNoiseSigma(this.signal, this.histogram);
    }
    const sigma = this.sigma;
    const { lowThresholdSigma, highThresholdSigma, lowThresholdMinGrey, highThresholdMinGrey } =
      this.settings;
    const low = Math.max(lowThresholdMinGrey, lowThresholdSigma * sigma);
    const high = Math.max(low, highThresholdMinGrey, highThresholdSigma * sigma);
    return this.labelBlobs(low, high, sigma);
  }

  private prepare(width: number, height: number): void {
    if (width === this.width && height === this.height) return;
    this.width = width;
    this.height = height;
    this.blocksWide = Math.ceil(width / 4);
    this.blocksHigh = Math.ceil(height / 4);
    this.blockSums = new Float32Array(this.blocksWide * this.blocksHigh);
    this.blockBackground = new Float32Array(this.blocksWide * this.blocksHigh);
    this.integral = new Float64Array((this.blocksWide + 1) * (this.blocksHigh + 1));
    this.signal = new Int16Array(width * height);
    this.visited = new Uint32Array(width * height);
    this.stack = new Int32Array(width * height);
    this.candidates = new Int32Array(width * height);
    this.generation = 0;
    this.framesSinceNoise = 0;
  }

  /**
   * Local background = box mean over about `backgroundWindowUm`, computed on 4x4 block means (the
   * background varies slowly, so this costs a sixteenth of a full-resolution box filter).
   */
  private subtractBackground(data: Uint8Array): void {
    const { width: w, height: h, blockSums, blockBackground, integral, signal } = this;
    const bw = this.blocksWide;
    const bh = this.blocksHigh;
    blockSums.fill(0);
    // Every other pixel of every other row is plenty for a mean over 16 pixels of slow background.
    for (let y = 0; y < h; y += 2) {
      const rowBlock = (y >> 2) * bw;
      const row = y * w;
      for (let x = 0; x < w; x += 2) {
        const b = rowBlock + (x >> 2);
        blockSums[b] = (blockSums[b] ?? 0) + (data[row + x] ?? 0);
      }
    }
    const stride = bw + 1;
    for (let by = 0; by < bh; by++) {
      let rowSum = 0;
      const rows = Math.min(4, h - by * 4);
      for (let bx = 0; bx < bw; bx++) {
        const cols = Math.min(4, w - bx * 4);
        rowSum += (blockSums[by * bw + bx] ?? 0) / (Math.ceil(rows / 2) * Math.ceil(cols / 2));
        integral[(by + 1) * stride + bx + 1] = (integral[by * stride + bx + 1] ?? 0) + rowSum;
      }
    }
    const r = Math.max(
      1,
      Math.round(this.settings.backgroundWindowUm / 2 / this.settings.umPerPixel / 4),
    );
    for (let by = 0; by < bh; by++) {
      const y0 = Math.max(0, by - r);
      const y1 = Math.min(bh, by + r + 1);
      for (let bx = 0; bx < bw; bx++) {
        const x0 = Math.max(0, bx - r);
        const x1 = Math.min(bw, bx + r + 1);
        const sum =
          (integral[y1 * stride + x1] ?? 0) -
          (integral[y1 * stride + x0] ?? 0) -
          (integral[y0 * stride + x1] ?? 0) +
          (integral[y0 * stride + x0] ?? 0);
        blockBackground[by * bw + bx] = sum / ((y1 - y0) * (x1 - x0));
      }
    }
    const sign = this.settings.polarity === 'bright' ? 1 : -1;
    const floor = this.settings.lowThresholdMinGrey;
    const candidates = this.candidates;
    let count = 0;
    for (let y = 0; y < h; y++) {
      const rowBlock = (y >> 2) * bw;
      const row = y * w;
      for (let bx = 0; bx < bw; bx++) {
        const background = blockBackground[rowBlock + bx] ?? 0;
        const end = Math.min(w, bx * 4 + 4);
        for (let i = row + bx * 4; i < row + end; i++) {
          const v = sign * ((data[i] ?? 0) - background);
          signal[i] = v;
          if (v >= floor) candidates[count++] = i;
        }
      }
    }
    this.candidateCount = count;
  }

  private labelBlobs(low: number, high: number, sigma: number): Detection[] {
    const { width: w, height: h, signal, visited, stack } = this;
    this.generation += 1;
    const mark = this.generation;
    const blobs: BlobStats[] = [];
    for (let c = 0; c < this.candidateCount; c++) {
      const start = this.candidates[c] ?? 0;
      if ((signal[start] ?? 0) < low || visited[start] === mark) continue;
      const blob = emptyBlobStats();
      let top = 0;
      stack[top++] = start;
      visited[start] = mark;
      while (top > 0) {
        const p = stack[--top] ?? 0;
        const x = p % w;
        const y = (p - x) / w;
        const v = signal[p] ?? 0;
        const weight = v - low + 1;
        blob.area += 1;
        blob.weight += weight;
        blob.wx += weight * x;
        blob.wy += weight * y;
        blob.sx += x;
        blob.sy += y;
        blob.sxx += x * x;
        blob.syy += y * y;
        blob.sxy += x * y;
        if (v > blob.peak) blob.peak = v;
        if (x < blob.minX) blob.minX = x;
        if (x > blob.maxX) blob.maxX = x;
        if (y < blob.minY) blob.minY = y;
        if (y > blob.maxY) blob.maxY = y;
        let edge = false;
        for (let dy = -1; dy <= 1; dy++) {
          const ny = y + dy;
          if (ny < 0 || ny >= h) {
            edge = true;
            continue;
          }
          for (let dx = -1; dx <= 1; dx++) {
            const nx = x + dx;
            if ((dx === 0 && dy === 0) || nx < 0 || nx >= w) continue;
            const q = ny * w + nx;
            if ((signal[q] ?? 0) < low) {
              if (dx === 0 || dy === 0) edge = true;
              continue;
            }
            if (visited[q] === mark) continue;
            visited[q] = mark;
            stack[top++] = q;
          }
        }
        if (edge) blob.boundary += 1;
      }
      if (blob.peak < high || this.isRing(blob, low)) continue;
      blobs.push(blob);
    }
    return this.judgeBlobs(blobs, sigma, high);
  }

  /** A bright ring around a dark particle: the 3x3 pixels around its centroid lie outside the blob. */
  private isRing(blob: BlobStats, low: number): boolean {
    const { x, y } = blobCentroid(blob);
    const cx = Math.round(x);
    const cy = Math.round(y);
    for (let yy = Math.max(0, cy - 1); yy <= Math.min(this.height - 1, cy + 1); yy++) {
      for (let xx = Math.max(0, cx - 1); xx <= Math.min(this.width - 1, cx + 1); xx++) {
        if ((this.signal[yy * this.width + xx] ?? 0) >= low) return false;
      }
    }
    return true;
  }

  private judgeBlobs(found: BlobStats[], sigma: number, high: number): Detection[] {
    const blobs = mergeCloseBlobs(found, this.settings.mergeDistanceUm / this.settings.umPerPixel);
    const detections: Detection[] = [];
    const singleAreas: number[] = [];
    const clusters: BlobStats[] = [];
    for (const blob of blobs) {
      const kind = this.classify(blob);
      if (kind === null) continue;
      if (kind === 'cluster') {
        clusters.push(blob);
        continue;
      }
      if (kind === 'sperm') singleAreas.push(blob.area);
      detections.push(this.toDetection(blob, kind, kind === 'sperm' ? 1 : 0, sigma, high));
    }
    const typicalArea = median(singleAreas) ?? this.typicalHeadAreaPx();
    for (const blob of clusters) {
      const count = Math.max(2, Math.round(blob.area / typicalArea));
      detections.push(this.toDetection(blob, 'cluster', count, sigma, high));
    }
    return detections;
  }

  private classify(blob: BlobStats): DetectionClass | null {
    const area = blob.area * this.settings.umPerPixel ** 2;
    if (area < this.settings.minHeadAreaUm2) return 'small_or_pinhead';
    if (area <= this.settings.maxHeadAreaUm2) return 'sperm';
    if (area > this.settings.maxClusterAreaUm2) return null;
    // Touching heads make an elongated or irregular blob; a large round one is a round cell.
    const axes = ellipseAxesPx(blob);
    return axes.length / axes.width < ROUND_CELL_MAX_ELLIPTICITY ? null : 'cluster';
  }

  private typicalHeadAreaPx(): number {
    const um2 = Math.sqrt(this.settings.minHeadAreaUm2 * this.settings.maxHeadAreaUm2);
    return um2 / this.settings.umPerPixel ** 2;
  }

  private toDetection(
    b: BlobStats,
    className: DetectionClass,
    cellCount: number,
    sigma: number,
    high: number,
  ): Detection {
    const um = this.settings.umPerPixel;
    const axes = ellipseAxesPx(b);
    const snr = b.peak / sigma;
    const highSigma = high / sigma;
    const confidence = Math.min(0.99, Math.max(0.05, 0.5 + (snr - highSigma) / (2 * highSigma)));
    return {
      x: b.wx / b.weight,
      y: b.wy / b.weight,
      x1: b.minX,
      y1: b.minY,
      x2: b.maxX + 1,
      y2: b.maxY + 1,
      confidence,
      className,
      cellCount,
      morphometry: {
        area_um2: b.area * um * um,
        length_um: axes.length * um,
        width_um: axes.width * um,
        ellipticity: axes.length / axes.width,
        perimeter_um: b.boundary * um,
      },
    };
  }
}

/** Frames between two estimates of the noise level. */
const NOISE_REESTIMATE_FRAMES = 8;

/** Large blobs rounder than this are round cells, not clusters of heads. */
const ROUND_CELL_MAX_ELLIPTICITY = 1.25;

function median(values: number[]): number | undefined {
  if (values.length < 5) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
