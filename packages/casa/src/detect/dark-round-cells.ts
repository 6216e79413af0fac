/**
 * Round cells where heads are dark (bright field, dark heads with a bright halo): a leukocyte or
 * germ cell is a grey, granular disc 7 to 15 µm across, so the head thresholds cut it into
 * head-sized pieces (its nucleus lobes and granules) that were counted as spermatozoa. Smoothed
 * over 3 µm it is one solid disc about as dark as a head, far larger and rounder than one.
 *
 * The finder works on the frame binned to about 1 µm pixels (a round cell is still 7 pixels or
 * more across): contrast = the local background (a box mean over 30 µm) less a 3 µm box mean;
 * components above half the heads' contrast there (the median at the frame's head detections,
 * learnt as frames go by), each judged by `judgeRoundCell` (size, roundness, fill); dark debris
 * of a round cell's size is told apart by how much of its disc is as dark as a head (see
 * `MAX_HEAD_DARK_SHARE`). Detections whose centre lies on either disc are its pieces: dropped.
 */
import type { HeadMorphometry } from '../morphometry/morphometry.js';
import { computeMorphometry } from '../morphometry/morphometry.js';
import type { CasaSettings } from '../settings.js';
import type { GrayFrame } from '../types.js';
import type { BlobStats } from './blob-stats.js';
import { addPixel, emptyBlobStats } from './blob-stats.js';
import { boxMean, robustLevel } from './peak-maps.js';
import { PeakWasm } from './peak-wasm.js';
import { judgeRoundCell } from './round-cell.js';
import type { Detection } from './types.js';

/** Pixel size the finder bins the frame to, µm (at most: a finer frame is binned by whole pixels). */
const BIN_UM = 1;
/** Half-width of the local background's box, µm: twice the largest round cell. */
const BACKGROUND_HALF_UM = 15;
/** Half-width of the smoothing box, µm: a head is 3 µm wide, a round cell 7 µm or more. */
const SMOOTH_HALF_UM = 1;
/** A component's pixels reach this share of the heads' contrast. */
const HEAD_CONTRAST_SHARE = 0.5;
/** ... and at least this many noise deviations of the contrast map. */
const NOISE_DEVIATIONS = 6;
/** Components smaller than this, µm², are not judged (the smallest round cell's disc is 38). */
const MIN_COMPONENT_UM2 = 25;
/**
 * A round cell is paler than a head over most of its disc (only its nucleus and granules reach a
 * head's darkness, at the map's 1 µm pixels); dark debris is as dark as a head over more of its
 * disc than this share.
 */
const MAX_HEAD_DARK_SHARE = 0.42;
/** A pixel is "as dark as a head" at this share of the heads' contrast (unsmoothed). */
const HEAD_DARK_LEVEL = 0.9;
/**
 * The discs are looked for in every this many frames and kept in between: round cells and debris
 * move by well under a micrometre in that time (Brownian motion of a 7 µm sphere, a slow flow and
 * the stage drift), and the search costs as much as the head detection.
 */
const SEARCH_PERIOD_FRAMES = 4;
/**
 * The heads' contrast is this quantile of the detections' (the median of the heads in focus: the
 * head detector also finds heads out of focus, at half contrast, a quarter of them under the
 * generator's hard imaging; at the median of all a round cell's nucleus read as dark as a head).
 */
const HEAD_CONTRAST_QUANTILE = 0.65;
/** Fewest heads for a frame's own head contrast; else the last one learnt is used. */
const MIN_HEADS = 5;
/** The contrast map's level and spread are taken on every this many pixels. */
const LEVEL_SAMPLE_STEP = 3;

/**
 * The finder's maps of one binned frame size, reused from search to search: new arrays of a whole
 * frame each time cost more than the box means themselves (allocation, zeroing, collection).
 */
interface FinderMaps {
  readonly width: number;
  readonly height: number;
  /** The binned frame, then its contrast against the background, unsmoothed. */
  readonly map: Float32Array<ArrayBuffer>;
  readonly background: Float32Array<ArrayBuffer>;
  /** The 3 µm box mean, then the smoothed contrast. */
  readonly contrast: Float32Array<ArrayBuffer>;
  /** Scratch of the box means and the level's sample. */
  readonly tmp: Float32Array<ArrayBuffer>;
  readonly columns: Float32Array;
  readonly sample: Float32Array;
  /** Scratch of the labelling. */
  readonly seen: Uint8Array;
  readonly stack: Int32Array;
}

/** A disc found by the finder, in frame pixels: a round cell, or debris of one's size. */
export interface DarkRoundCell {
  readonly x: number;
  readonly y: number;
  readonly radiusPx: number;
  /** Its disc's shape measured on the finder's map (µm). */
  readonly morphometry: HeadMorphometry;
  /**
   * `outside`: cut by the frame's edge with its centre beyond it (not counted); `debris`: a dark
   * particle of a round cell's size. Neither is a head either.
   */
  readonly judged: 'round_cell' | 'outside' | 'debris';
}

/** Finds round cells in dark-head frames and takes their pieces out of the head detections. */
export class DarkRoundCellFinder {
  /**
   * The box means (and the bytes of an unbinned frame) in WebAssembly, to the bit the JavaScript
   * ones (peak-wasm.ts), on maps in its memory; null where they run in JavaScript.
   */
  private readonly wasm: PeakWasm | null;
  /** Running head contrast of the recording on the smoothed and on the unsmoothed map. */
  private headContrast: number | null = null;
  private headPeak: number | null = null;
  /** The finder's maps, kept from search to search (see {@link FinderMaps}). */
  private maps: FinderMaps | null = null;
  /** The discs of the last frame searched, and its index and size. */
  private last: { index: number; width: number; height: number; cells: DarkRoundCell[] } | null =
    null;

  /**
   * Round cells of one frame; `heads` are the frame's head detections, whose contrast on the
   * finder's map sets its threshold.
   */
  find(frame: GrayFrame, settings: CasaSettings, heads: readonly Detection[]): DarkRoundCell[] {
    const bin = Math.max(1, Math.floor(BIN_UM / settings.umPerPixel));
    const upp = settings.umPerPixel * bin;
    const width = Math.floor(frame.width / bin);
    const height = Math.floor(frame.height / bin);
    const maps = this.mapsFor(width, height);
    const { map, background, contrast, tmp, columns } = maps;
    const { wasm } = this;
    if (wasm !== null && bin === 1) wasm.loadBytes(frame.data);
    else binInto(frame, bin, map, width, height);
    const backgroundHalf = Math.max(1, Math.round(BACKGROUND_HALF_UM / upp));
    const smoothHalf = Math.max(1, Math.round(SMOOTH_HALF_UM / upp));
    if (wasm !== null) {
      wasm.boxMean('grey', 'a', backgroundHalf);
      wasm.boxMean('grey', 'b', smoothHalf);
    } else {
      boxMean(map, width, height, backgroundHalf, background, tmp, columns);
      boxMean(map, width, height, smoothHalf, contrast, tmp, columns);
    }
    contrastAgainst(background, contrast, map);
    const fine = map;
    this.learnHeadContrast(contrast, fine, width, height, bin, heads);
    if (this.headContrast === null || this.headPeak === null) return [];
    const dark = HEAD_DARK_LEVEL * this.headPeak;
    const { median, mad } = robustLevel(contrast, LEVEL_SAMPLE_STEP, maps.sample);
    const threshold = Math.max(
      median + NOISE_DEVIATIONS * 1.4826 * mad,
      HEAD_CONTRAST_SHARE * this.headContrast,
    );
    const cells: DarkRoundCell[] = [];
    const minArea = MIN_COMPONENT_UM2 / upp ** 2;
    for (const blob of label(contrast, width, height, threshold, minArea, maps)) {
      const judged = judgeRoundCell(blob, width, height, upp);
      if (judged === null) continue;
      const debris = darkShare(blob, contrast, fine, width, threshold, dark) > MAX_HEAD_DARK_SHARE;
      cells.push({
        // Binned pixel (i, j) covers frame pixels bin * i to bin * i + bin - 1.
        x: (blob.sx / blob.area + 0.5) * bin - 0.5,
        y: (blob.sy / blob.area + 0.5) * bin - 0.5,
        radiusPx: ((Math.max(blob.maxX - blob.minX, blob.maxY - blob.minY) + 1) * bin) / 2,
        morphometry: computeMorphometry(blob, upp),
        judged: debris ? 'debris' : judged,
      });
    }
    return cells;
  }

  /** `wasm: false` keeps the box means in JavaScript (the reference they are checked against). */
  constructor(options: { readonly wasm?: boolean } = {}) {
    this.wasm = options.wasm === false ? null : PeakWasm.create();
  }

  /** The maps for a binned frame of this size: last search's, or new ones for a new size. */
  private mapsFor(width: number, height: number): FinderMaps {
    const maps = this.maps;
    if (maps !== null && maps.width === width && maps.height === height) return maps;
    const n = width * height;
    const sampleLength = Math.ceil(n / LEVEL_SAMPLE_STEP);
    const views = this.wasm?.prepare(width, height, sampleLength);
    const made: FinderMaps = {
      width,
      height,
      map: views?.grey ?? new Float32Array(n),
      background: views?.a ?? new Float32Array(n),
      contrast: views?.b ?? new Float32Array(n),
      tmp: views?.tmp ?? new Float32Array(n),
      columns: views?.columns ?? new Float32Array(width),
      sample: views?.sample ?? new Float32Array(sampleLength),
      seen: new Uint8Array(n),
      stack: new Int32Array(n),
    };
    this.maps = made;
    return made;
  }

  /**
   * The frame's detections without the pieces of its round cells, with one `round_cell` detection
   * per round cell whose centre is in the field.
   */
  apply(frame: GrayFrame, settings: CasaSettings, detections: readonly Detection[]): Detection[] {
    const cells = this.cellsAt(frame, settings, detections);
    if (cells.length === 0) return [...detections];
    const onCell = (d: Detection): boolean =>
      cells.some((c) => Math.hypot(d.x - c.x, d.y - c.y) <= c.radiusPx);
    const kept = detections.filter((d) => d.className === 'round_cell' || !onCell(d));
    for (const c of cells) {
      if (c.judged === 'round_cell') kept.push(roundCellDetection(c, frame.width, frame.height));
    }
    return kept;
  }

  /** The frame's discs: searched, or the last search's within {@link SEARCH_PERIOD_FRAMES}. */
  private cellsAt(
    frame: GrayFrame,
    settings: CasaSettings,
    detections: readonly Detection[],
  ): DarkRoundCell[] {
    const last = this.last;
    const since = last === null ? -1 : frame.index - last.index;
    if (
      last !== null &&
      since > 0 &&
      since < SEARCH_PERIOD_FRAMES &&
      last.width === frame.width &&
      last.height === frame.height
    ) {
      return last.cells;
    }
    const heads = detections.filter((d) => d.className === 'sperm');
    const cells = this.find(frame, settings, heads);
    this.last = { index: frame.index, width: frame.width, height: frame.height, cells };
    return cells;
  }

  /** Updates the running head contrasts: the two maps at the heads' centres (HEAD_CONTRAST_QUANTILE). */
  private learnHeadContrast(
    contrast: Float32Array,
    fine: Float32Array,
    width: number,
    height: number,
    bin: number,
    heads: readonly Detection[],
  ): void {
    if (heads.length < MIN_HEADS) return;
    const at = heads.map((d) => {
      const i = Math.min(width - 1, Math.max(0, Math.floor(d.x / bin)));
      const j = Math.min(height - 1, Math.max(0, Math.floor(d.y / bin)));
      return j * width + i;
    });
    const median = (map: Float32Array): number => {
      const values = at.map((k) => map[k]!).sort((a, b) => a - b);
      return values[Math.floor(HEAD_CONTRAST_QUANTILE * values.length)] ?? 0;
    };
    const follow = (last: number | null, value: number): number =>
      last === null ? value : 0.9 * last + 0.1 * value;
    this.headContrast = follow(this.headContrast, median(contrast));
    this.headPeak = follow(this.headPeak, median(fine));
  }
}

/**
 * Both maps as contrast against the background, in place (a function of its own: V8 compiles a
 * long loop while it runs, and code after it that had not run yet threw that code away on every
 * search).
 */
function contrastAgainst(background: Float32Array, smooth: Float32Array, fine: Float32Array): void {
  for (let i = 0; i < smooth.length; i++) {
    smooth[i] = background[i]! - smooth[i]!;
    fine[i] = background[i]! - fine[i]!;
  }
}

/**
 * Share of a component's pixels (those of its box above `threshold` on the smoothed map) whose
 * unsmoothed contrast reaches `dark`.
 */
function darkShare(
  blob: BlobStats,
  contrast: Float32Array,
  fine: Float32Array,
  width: number,
  threshold: number,
  dark: number,
): number {
  let inside = 0;
  let darkPixels = 0;
  for (let y = blob.minY; y <= blob.maxY; y++) {
    for (let x = blob.minX; x <= blob.maxX; x++) {
      const k = y * width + x;
      if (contrast[k]! < threshold) continue;
      inside += 1;
      if (fine[k]! >= dark) darkPixels += 1;
    }
  }
  return inside > 0 ? darkPixels / inside : 0;
}

/** A round cell as a detection: its disc's box, no spermatozoon counted. */
function roundCellDetection(c: DarkRoundCell, width: number, height: number): Detection {
  const r = c.radiusPx;
  return {
    x: c.x,
    y: c.y,
    x1: Math.max(0, c.x - r),
    y1: Math.max(0, c.y - r),
    x2: Math.min(width - 1, c.x + r),
    y2: Math.min(height - 1, c.y + r),
    confidence: 1,
    className: 'round_cell',
    cellCount: 0,
    angle: 0,
    morphometry: c.morphometry,
  };
}

/**
 * The frame's grey levels averaged over bin x bin pixels into `map` (`width` x `height`, the frame's
 * size over `bin`; a partial last row or column dropped).
 */
function binInto(
  frame: GrayFrame,
  bin: number,
  map: Float32Array,
  width: number,
  height: number,
): void {
  map.fill(0);
  const scale = 1 / (bin * bin);
  for (let j = 0; j < height; j++) {
    for (let dy = 0; dy < bin; dy++) {
      const row = (j * bin + dy) * frame.width;
      for (let i = 0; i < width; i++) {
        let sum = 0;
        for (let dx = 0; dx < bin; dx++) sum += frame.data[row + i * bin + dx] ?? 0;
        map[j * width + i] = (map[j * width + i] ?? 0) + sum * scale;
      }
    }
  }
}

/**
 * 4-connected components of the pixels at or above `threshold` (weight: their contrast), those of
 * `minArea` pixels or more.
 */
function label(
  map: Float32Array,
  width: number,
  height: number,
  threshold: number,
  minArea: number,
  { seen, stack }: { readonly seen: Uint8Array; readonly stack: Int32Array },
): BlobStats[] {
  seen.fill(0);
  const out: BlobStats[] = [];
  for (let start = 0; start < map.length; start++) {
    if (seen[start] === 1 || map[start]! < threshold) continue;
    const blob = emptyBlobStats([]);
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    while (top > 0) {
      const p = stack[--top]!;
      const x = p % width;
      const y = (p - x) / width;
      const v = map[p]!;
      addPixel(blob, x, y, v, v);
      // Neighbours left, right, up, down, each pushed once.
      if (x > 0 && seen[p - 1] === 0 && map[p - 1]! >= threshold) {
        seen[p - 1] = 1;
        stack[top++] = p - 1;
      }
      if (x < width - 1 && seen[p + 1] === 0 && map[p + 1]! >= threshold) {
        seen[p + 1] = 1;
        stack[top++] = p + 1;
      }
      if (y > 0 && seen[p - width] === 0 && map[p - width]! >= threshold) {
        seen[p - width] = 1;
        stack[top++] = p - width;
      }
      if (y < height - 1 && seen[p + width] === 0 && map[p + width]! >= threshold) {
        seen[p + width] = 1;
        stack[top++] = p + width;
      }
    }
    if (blob.area >= minArea) out.push(blob);
  }
  return out;
}
