import type { CasaSettings } from '../settings.js';
import type { GrayFrame } from '../types.js';
import type { BlobStats } from './blob-stats.js';
import { ContrastMapper } from './peak-contrast.js';
import { headDetection, type OwnerAt, type ContrastMap, type HeadPeak } from './peak-local.js';
import { headRadiusPx } from './peak-params.js';
import type { Detection, Detector } from './types.js';

export type { HeadPeak } from './peak-local.js';

/**
 * The peak head finder, for dense samples where heads touch and lie on one another so that a
 * threshold joins them into one blob. Every head has a contrast peak of its own: the frame minus its
 * local mean (the sign set by the polarity), smoothed at about a head's width, has one local maximum
 * per head, and a maximum that curves down in every direction is a head, not a tail or a fibre
 * (which curve along one direction only). Each head's pixels are those around its peak with at least
 * half its contrast that lie nearer to it than to any other peak.
 *
 * The scales (peak-params.ts) are in µm and were set on the first shared real dense crop (0.5 µm/px
 * assumed, dark heads with bright halos); the second crop was held out: see ARCHITECTURE.md, "Dense
 * samples". The maps are made in buffers kept from frame to frame, the box means in WebAssembly
 * where it runs (peak-contrast.ts), and a head's pixels are visited in its box only; the results
 * equal those of the straightforward peak-reference.ts.
 */

/** Head peaks of one frame (see {@link PeakHeadDetector}). */
export function findHeadPeaks(frame: GrayFrame, settings: CasaSettings): HeadPeak[] {
  const mapper = new ContrastMapper();
  return mapper.peaks(mapper.contrastMap(frame, settings), settings);
}

/** The box of frame pixels a peak's head may take: within `radius` of its rounded centre. */
interface PeakBox {
  readonly x0: number;
  readonly x1: number;
  readonly y0: number;
  readonly y1: number;
}

/** The index of the first map pixel of the map row holding frame row y (see `contrastAt`). */
function mapRowOf(contrast: ContrastMap, y: number): number {
  return Math.min(contrast.height - 1, Math.floor(y / contrast.bin)) * contrast.width;
}

/**
 * Half the width of the disc of squared radius r2 on a row dy2 (squared) from its centre, with a
 * margin far above the rounding of the distances: every pixel of the disc on that row lies within
 * it of the centre's x, so the exact test only has to look there.
 */
function discReach(r2: number, dy2: number): number {
  return Math.sqrt(Math.max(0, r2 - dy2)) + 1e-6;
}

function boxOf(peak: HeadPeak, radius: number, width: number, height: number): PeakBox {
  const cx = Math.round(peak.x);
  const cy = Math.round(peak.y);
  return {
    x0: Math.max(0, cx - radius),
    x1: Math.min(width - 1, cx + radius),
    y0: Math.max(0, cy - radius),
    y1: Math.min(height - 1, cy + radius),
  };
}

/**
 * Finds heads as contrast peaks (see the file's comment): every head of a dense field, touching or
 * not, is one `sperm` detection; nothing is a cluster. Chosen by the `headFinding: 'peaks'` setting.
 *
 * The peaks come in raster order, so a head's pixels are given out, and its sums taken, in one sweep
 * down the frame: a head's sums are taken once no later peak can reach its box (or the rows either
 * side that its boundary test reads), and the pixels' owners and distances live in a ring of rows
 * that follows the sweep (small enough to stay in the processor's cache, where frame-sized maps
 * missed it on every head).
 */
export class PeakHeadDetector implements Detector {
  private readonly masks: boolean;
  private readonly mapper: ContrastMapper;
  /** Per pixel of the ring's rows (frame row y in ring row y & ringMask): the owner's number + 1. */
  private owner = new Int32Array(0);
  /** Per pixel of the ring's rows: the squared distance to its owner (Infinity for none). */
  private distance = new Float32Array(0);
  /** The pixels each head was given, in raster order: head k's at `start[k]` to `start[k + 1]`. */
  private givenX = new Int32Array(0);
  private givenY = new Int32Array(0);
  /** The index of each given pixel's map pixel. */
  private givenMap = new Int32Array(0);
  private start = new Int32Array(0);
  private given = 0;
  private ringMask = 0;
  private ringWidth = 0;
  /** The last frame row of the ring cleared for the frame being swept. */
  private clearedTo = -1;

  constructor(
    private readonly settings: CasaSettings,
    options: { readonly masks?: boolean; readonly wasm?: boolean } = {},
  ) {
    this.masks = options.masks === true;
    this.mapper = new ContrastMapper({ wasm: options.wasm });
  }

  /** Detects the heads of one frame; `settings` defaults to the constructor's. */
  detect(frame: GrayFrame, settings: CasaSettings = this.settings): Detection[] {
    const { width, height } = frame;
    const contrast = this.mapper.contrastMap(frame, settings);
    const peaks = this.mapper.peaks(contrast, settings);
    const radius = headRadiusPx(settings.umPerPixel);
    const r2 = radius * radius;
    // A later peak's rounded row is at most bin + 1 above an earlier one's (raster order of map
    // pixels, sub-pixel offsets of half a map pixel); rows a head's sums read: its box and one more.
    const lag = 2 * radius + contrast.bin + 2;
    this.prepareRing(width, 4 * radius + 2 * contrast.bin + 8);
    this.clearedTo = -1;
    this.prepareLists(peaks.length, (2 * radius + 1) ** 2);
    const boxes = peaks.map((peak) => boxOf(peak, radius, width, height));
    const centres = peaks.map((peak) => Math.round(peak.y));
    const detections = new Array<Detection>(peaks.length);
    const ownerAt = this.masks ? this.ownerAt(width) : null;
    const finish = (k: number): void => {
      this.clearTo(Math.min(height - 1, boxes[k]!.y1 + 1), width);
      const m = this.momentsOf(k + 1, width, height, contrast);
      detections[k] = headDetection(peaks[k]!, k, m, contrast.sigma, settings, ownerAt);
    };
    let next = 0;
    for (let j = 0; j < peaks.length; j++) {
      // Heads no peak from j on can reach are finished before j's rows enter the ring.
      while (next < j && centres[j]! > centres[next]! + lag) finish(next++);
      this.clearTo(Math.min(height - 1, boxes[j]!.y1 + 1), width);
      this.assign(contrast, peaks[j]!, j, boxes[j]!, width, r2);
    }
    while (next < peaks.length) finish(next++);
    return detections;
  }

  /** Room for `heads` lists of up to `pixels` pixels each. */
  private prepareLists(heads: number, pixels: number): void {
    this.given = 0;
    if (this.start.length < heads + 1) this.start = new Int32Array(heads + 1);
    if (this.givenX.length < heads * pixels) {
      this.givenX = new Int32Array(heads * pixels);
      this.givenY = new Int32Array(heads * pixels);
      this.givenMap = new Int32Array(heads * pixels);
    }
  }

  /** A ring of at least `rows` rows (a power of two) of `width` pixels. */
  private prepareRing(width: number, rows: number): void {
    let size = 1;
    while (size < rows) size *= 2;
    if (this.ringWidth === width && this.ringMask + 1 >= size) return;
    this.ringWidth = width;
    this.ringMask = size - 1;
    this.owner = new Int32Array(size * width);
    this.distance = new Float32Array(size * width);
  }

  /** Clears the ring's rows for frame rows after the last cleared, up to `y`. */
  private clearTo(y: number, width: number): void {
    const { owner, distance, ringMask } = this;
    for (let row = this.clearedTo + 1; row <= y; row++) {
      const start = (row & ringMask) * width;
      owner.fill(0, start, start + width);
      distance.fill(Infinity, start, start + width);
    }
    this.clearedTo = Math.max(this.clearedTo, y);
  }

  /** The owner of frame pixel (x, y) while its row is in the ring. */
  private ownerAt(width: number): OwnerAt {
    return (x, y) => this.owner[(y & this.ringMask) * width + x]!;
  }

  /**
   * Gives every pixel near peak `k`, with at least half its contrast, to it if it is nearer than
   * the pixel's owner so far (the first of equally near peaks keeps it).
   */
  private assign(
    contrast: ContrastMap,
    peak: HeadPeak,
    k: number,
    box: PeakBox,
    width: number,
    r2: number,
  ): void {
    const { owner, distance, ringMask, givenX, givenY, givenMap } = this;
    const { map, median, bin } = contrast;
    const half = peak.contrast / 2;
    let given = this.given;
    this.start[k] = given;
    const { x0, x1, y0, y1 } = box;
    for (let y = y0; y <= y1; y++) {
      const dy2 = (y - peak.y) ** 2;
      const mapRow = mapRowOf(contrast, y);
      const ring = (y & ringMask) * width;
      const reach = discReach(r2, dy2);
      const end = Math.min(x1, Math.floor(peak.x + reach));
      for (let x = Math.max(x0, Math.ceil(peak.x - reach)); x <= end; x++) {
        const d = (x - peak.x) ** 2 + dy2;
        const i = ring + x;
        if (d > r2 || d >= distance[i]!) continue;
        // contrastAt(contrast, x, y), inlined.
        const mx = bin === 1 ? x : Math.min(contrast.width - 1, Math.floor(x / bin));
        if (map[mapRow + mx]! - median < half) continue;
        distance[i] = d;
        owner[i] = k + 1;
        givenMap[given] = mapRow + mx;
        givenX[given] = x;
        givenY[given++] = y;
      }
    }
    this.given = given;
    this.start[k + 1] = given;
  }

  /**
   * The sums over the pixels of head `k` (its owner value), in the raster order they were given in
   * (the order, and so the rounding, of a scan of the whole frame).
   */
  private momentsOf(k: number, width: number, height: number, contrast: ContrastMap): BlobStats {
    const { owner, ringMask } = this;
    const { map, median } = contrast;
    // The blob detector's running sums (BlobStats), in locals while they run; `weight`, `wx`, `wy`
    // weigh each pixel by its contrast.
    let weight = 0;
    let wx = 0;
    let wy = 0;
    let area = 0;
    let sx = 0;
    let sy = 0;
    let sxx = 0;
    let syy = 0;
    let sxy = 0;
    let boundary = 0;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    // The pixels it was given, those a later, nearer peak did not take since.
    const { givenX, givenY, givenMap, start } = this;
    for (let p = start[k - 1]!; p < start[k]!; p++) {
      const x = givenX[p]!;
      const y = givenY[p]!;
      const ring = (y & ringMask) * width;
      const i = ring + x;
      if (owner[i] !== k) continue;
      // contrastAt(contrast, x, y), its map pixel found when the pixel was given.
      const w = Math.max(0, map[givenMap[p]!]! - median);
      weight += w;
      wx += w * x;
      wy += w * y;
      area++;
      sx += x;
      sy += y;
      sxx += x * x;
      syy += y * y;
      sxy += x * y;
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
      const edge =
        x === 0 ||
        y === 0 ||
        x === width - 1 ||
        y === height - 1 ||
        owner[i - 1] !== k ||
        owner[i + 1] !== k ||
        owner[((y - 1) & ringMask) * width + x] !== k ||
        owner[((y + 1) & ringMask) * width + x] !== k;
      if (edge) boundary++;
    }
    // The fields in emptyBlobStats' order (one shape for every head's sums).
    return {
      members: [],
      area,
      boundary,
      peak: 0,
      weight,
      wx,
      wy,
      sx,
      sy,
      sxx,
      syy,
      sxy,
      minX,
      minY,
      maxX,
      maxY,
    };
  }
}
