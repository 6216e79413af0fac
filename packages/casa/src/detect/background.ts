import type { Polarity } from '../settings.js';
import type { ContrastPatch } from './head-window.js';
import { HISTOGRAM_ZERO } from './noise.js';
import { WasmKernels } from './wasm-kernels.js';

/** Frames between two estimates of the background (it is steady within a recording). */
const BACKGROUND_REESTIMATE_FRAMES = 4;

/** What {@link BackgroundSubtractor.subtract} leaves in its buffers for the labelling pass. */
export interface SubtractedFrame {
  /**
   * Head-positive contrast above the local background, grey levels, one value per pixel, in the
   * 4x4 blocks that hold candidates. Elsewhere no pixel reaches the candidate floor, and the signal
   * holds {@link BELOW_EVERY_THRESHOLD} instead: below every labelling threshold, as the pixel is.
   * Use `signalAt` for the contrast at any pixel.
   */
  readonly signal: Int16Array;
  /** The contrast at any pixel, computed from the frame. */
  readonly signalAt: (pixel: number) => number;
  /**
   * The contrast of a square of pixels at once, as `signalAt` gives it (see `ContrastPatch`);
   * absent where only `signalAt` is offered.
   */
  readonly contrastPatch?: ContrastPatch;
  /**
   * Fills a 1024-bin histogram (see noise.ts) with the signal of every `step`-th pixel of every
   * `step`-th row; with `awayFromCandidates`, only of the pixels outside the blocks holding
   * candidates and their neighbours (the heads, their halos and the brightest noise), unless fewer
   * than a quarter of the samples remain.
   */
  readonly sampleHistogram: (
    histogram: Uint32Array,
    step: number,
    awayFromCandidates?: boolean,
  ) => void;
  /**
   * Writes the contrast of every pixel of the frame into `out` (what `signalAt` gives, in one
   * pass); absent where only `signalAt` is offered.
   */
  readonly contrastInto?: (out: Int16Array) => void;
  /** Indices of the pixels whose signal reaches the candidate floor, in raster order. */
  readonly candidates: Int32Array;
  readonly candidateCount: number;
}

/**
 * Local background subtraction with a box mean over `windowPx` pixels, computed on 4x4 block means
 * through an integral image of the blocks: the background of a phase-contrast field varies slowly,
 * so this costs a sixteenth of a full-resolution box filter and allocates nothing per frame.
 */
export class BackgroundSubtractor {
  private width = 0;
  private height = 0;
  private blocksWide = 0;
  private blocksHigh = 0;
  private blockMeans = new Float32Array(0);
  private blockBackground = new Float32Array(0);
  private integral = new Float64Array(0);
  /** Block means clipped at the background less the floor (see `estimateBackground`). */
  private clipped = new Float32Array(0);
  /** Whether `blockBackground` holds an estimate for this frame size and these settings. */
  private estimated = false;
  private signal = new Int16Array(0);
  /** The patch of `contrastPatch` where it is read in JavaScript. */
  private patch = new Float64Array(0);
  private candidates = new Int32Array(0);
  /** Candidate threshold per block (background ± floor, rounded towards the background's outside). */
  private threshold = new Int32Array(0);
  /** Per block, the 16-bit-lane addend of {@link listPassingBlocks} for its threshold. */
  private laneAddend = new Int32Array(0);
  /** The blocks of one block row that may hold candidates (x indices), and which did. */
  private rowBlocks = new Int32Array(0);
  private rowHits = new Uint8Array(0);
  /** Blocks holding candidates in this frame, and how many. */
  private activeBlocks = new Int32Array(0);
  private activeCount = 0;
  /** The last frame's blocks holding candidates, and how many: their signal is still filled. */
  private staleBlocks = new Int32Array(0);
  private staleCount = 0;
  /** Frame mark per block whose signal is filled in this frame; see `generation`. */
  private filled = new Uint32Array(0);
  /** Frame mark per block holding candidates or next to one (see `sampleHistogram`). */
  private nearCandidates = new Uint32Array(0);
  private generation = 0;
  /** Whether this frame's signal is filled (see `filledSignal`). */
  private signalFilled = false;
  /** Frames since the background was last estimated, and the settings it was estimated with. */
  private framesSinceBackground = 0;
  private key = '';
  /** The candidate floor the block thresholds were computed for. */
  private floor = NaN;
  /** The grey value of each byte of the frames (see `GrayFrame.levels`); identity by default. */
  private grey: Uint8Array = IDENTITY_LEVELS;
  /** The smallest byte whose grey value reaches t, at t + 1 for t from -1 to 256 (see `rawAtLeast`). */
  private atLeast = inverseLevels(IDENTITY_LEVELS);
  /**
   * The whole-frame passes in WebAssembly (see wasm-kernels.ts), for frames they fit: then the
   * block means, background, integral and thresholds live in the kernels' memory. Null where the
   * passes run in JavaScript.
   */
  private kernels: WasmKernels | null = null;

  /**
   * `wasm: false` runs every pass in JavaScript (the reference the WebAssembly kernels are checked
   * against).
   */
  constructor(private readonly options: { readonly wasm?: boolean } = {}) {}

  /**
   * Lists the pixels whose signal (polarity applied, so heads are positive) reaches
   * `candidateFloor`, the lowest threshold the labelling can use, so labelling never scans the whole
   * frame, and fills the signal in their blocks. With `levels`, `frame` holds coded luma whose grey value
   * is `levels[byte]` (see `GrayFrame.levels`): every grey value and threshold is the same as for
   * the grey frame, without converting the frame.
   */
  subtract(
    frame: Uint8Array,
    width: number,
    height: number,
    windowPx: number,
    polarity: Polarity,
    candidateFloor: number,
    levels: Uint8Array = IDENTITY_LEVELS,
    clipFloor: number = candidateFloor,
  ): SubtractedFrame {
    this.prepare(width, height);
    // Every pass below reads the frame: the kernels' copy where there is one (see `load`).
    const data = this.kernels?.load(frame) ?? frame;
    if (levels !== this.grey) {
      this.grey = levels;
      this.atLeast = inverseLevels(levels);
      this.kernels?.setLevels(this.grey, this.atLeast);
      this.key = '';
    }
    const key = `${windowPx}:${polarity}`;
    // The background of a recording changes slowly: re-estimating it every few frames is enough.
    if (this.framesSinceBackground++ % BACKGROUND_REESTIMATE_FRAMES === 0 || key !== this.key) {
      if (key !== this.key) this.estimated = false;
      this.key = key;
      this.framesSinceBackground = 1;
      this.averageBlocks(data);
      this.estimateBackground(Math.max(1, Math.round(windowPx / 2 / 4)), clipFloor, polarity);
      this.updateThresholds(polarity, candidateFloor);
    } else if (candidateFloor !== this.floor) {
      this.updateThresholds(polarity, candidateFloor);
    }
    const count = this.findCandidates(data, polarity);
    // The signal is filled when first read (the dark-head map reads the contrast instead).
    this.signalFilled = false;
    const filledSignal = () => this.filledSignal(data, polarity);
    const { blockBackground, blocksWide: bw, grey } = this;
    const sign = polarity === 'bright' ? 1 : -1;
    return {
      get signal() {
        return filledSignal();
      },
      candidates: this.candidates,
      candidateCount: count,
      signalAt: (p: number) => {
        const x = p % width;
        const block = (((p - x) / width) >> 2) * bw + (x >> 2);
        return Math.trunc(sign * ((grey[data[p] ?? 0] ?? 0) - (blockBackground[block] ?? 0)));
      },
      sampleHistogram: (histogram: Uint32Array, step: number, awayFromCandidates = false) => {
        // The blocks holding candidates are known once the signal is filled.
        filledSignal();
        this.sampleHistogram(data, sign, histogram, step, awayFromCandidates);
      },
      contrastPatch: (pixel: number, half: number) => this.contrastPatch(data, sign, pixel, half),
      contrastInto: (out: Int16Array) => this.contrastInto(data, sign, out),
    };
  }

  /** See {@link SubtractedFrame.contrastPatch}; `sign` turns the contrast head-positive. */
  private contrastPatch(data: Uint8Array, sign: number, pixel: number, half: number): Float64Array {
    const inWasm = this.kernels?.patch(pixel, half, sign > 0);
    if (inWasm) return inWasm;
    const { blockBackground, width, height, blocksWide: bw, grey } = this;
    const side = 2 * half + 1;
    if (this.patch.length < side * side) this.patch = new Float64Array(side * side);
    const out = this.patch;
    const cx = pixel % width;
    const cy = (pixel - cx) / width;
    let k = 0;
    for (let y = cy - half; y <= cy + half; y++) {
      const inRows = y >= 0 && y < height;
      const row = y * width;
      const rowBlock = (y >> 2) * bw;
      for (let x = cx - half; x <= cx + half; x++) {
        out[k++] =
          inRows && x >= 0 && x < width
            ? Math.trunc(
                sign *
                  ((grey[data[row + x] ?? 0] ?? 0) - (blockBackground[rowBlock + (x >> 2)] ?? 0)),
              )
            : NaN;
      }
    }
    return out;
  }

  /** See {@link SubtractedFrame.contrastInto}; `sign` turns the contrast head-positive. */
  private contrastInto(data: Uint8Array, sign: number, out: Int16Array): void {
    if (this.kernels !== null) {
      out.set(this.kernels.contrast(sign > 0));
      return;
    }
    this.contrastIntoInJs(data, sign, out);
  }

  private contrastIntoInJs(data: Uint8Array, sign: number, out: Int16Array): void {
    const { blockBackground, width, height, blocksWide: bw, grey } = this;
    for (let y = 0; y < height; y++) {
      const row = y * width;
      const rowBlock = (y >> 2) * bw;
      for (let x = 0; x < width; x++) {
        const background = blockBackground[rowBlock + (x >> 2)] ?? 0;
        // `| 0` truncates as Math.trunc does (the values are a few hundred), several times faster.
        out[row + x] = (sign * ((grey[data[row + x] ?? 0] ?? 0) - background)) | 0;
      }
    }
  }

  /**
   * The one pass over every pixel: a pixel is a candidate when it differs from its block's
   * background by the floor, i.e. its byte passes the block's integer threshold (on bytes, so coded
   * luma is tested without converting it). When rows are whole 32-bit words, each block's 4x4
   * pixels are tested at once, from four words and the block's addend, and skipped together
   * (almost all are); the pixels of the blocks that pass are then read row by row, so the
   * candidates come in raster order.
   */
  private findCandidates(data: Uint8Array, polarity: Polarity): number {
    const { threshold, candidates, activeBlocks, rowBlocks, rowHits, width, height } = this;
    const bright = polarity === 'bright';
    const { kernels } = this;
    if (kernels !== null) {
      kernels.test(bright);
      const listed = kernels.listCandidates(activeBlocks, bright);
      this.activeCount = listed.active;
      return listed.count;
    }
    const words = wordsOf(data, width);
    let count = 0;
    let active = 0;
    for (let by = 0; by < this.blocksHigh; by++) {
      const rowBlock = by * this.blocksWide;
      const y0 = by * 4;
      const y1 = Math.min(height, y0 + 4);
      const listed =
        words !== null && y1 - y0 === 4
          ? this.listPassingBlocks(words, by, bright)
          : this.listEveryBlock();
      rowHits.fill(0, 0, listed);
      for (let y = y0; y < y1; y++) {
        const row = y * width;
        for (let k = 0; k < listed; k++) {
          const bx = rowBlocks[k] ?? 0;
          const t = threshold[rowBlock + bx] ?? 0;
          const before = count;
          const end = row + Math.min(width, bx * 4 + 4);
          for (let i = row + bx * 4; i < end; i++) {
            const v = data[i] ?? 0;
            if (bright ? v >= t : v <= t) candidates[count++] = i;
          }
          if (count > before) rowHits[k] = 1;
        }
      }
      for (let k = 0; k < listed; k++) {
        if (rowHits[k] === 1) activeBlocks[active++] = rowBlock + (rowBlocks[k] ?? 0);
      }
    }
    this.activeCount = active;
    return count;
  }

  /**
   * Lists in `rowBlocks` the blocks of block row `by` (four whole rows of words) holding a pixel
   * that passes its block's threshold, and returns how many. Exact: see {@link laneAddendFor}.
   */
  private listPassingBlocks(words: Int32Array, by: number, bright: boolean): number {
    const { laneAddend, rowBlocks, blocksWide } = this;
    // Dark heads are tested as bright ones on the complemented words.
    const flip = bright ? 0 : -1;
    const first = by * 4 * blocksWide;
    let listed = 0;
    for (let bx = 0; bx < blocksWide; bx++) {
      const add = laneAddend[by * blocksWide + bx] ?? 0;
      const a = (words[first + bx] ?? 0) ^ flip;
      const b = (words[first + blocksWide + bx] ?? 0) ^ flip;
      const c = (words[first + 2 * blocksWide + bx] ?? 0) ^ flip;
      const d = (words[first + 3 * blocksWide + bx] ?? 0) ^ flip;
      const lanes =
        ((a & EVEN_BYTES) + add) |
        (((a >>> 8) & EVEN_BYTES) + add) |
        ((b & EVEN_BYTES) + add) |
        (((b >>> 8) & EVEN_BYTES) + add) |
        ((c & EVEN_BYTES) + add) |
        (((c >>> 8) & EVEN_BYTES) + add) |
        ((d & EVEN_BYTES) + add) |
        (((d >>> 8) & EVEN_BYTES) + add);
      if ((lanes & LANE_CARRIES) !== 0) rowBlocks[listed++] = bx;
    }
    return listed;
  }

  /** Lists every block of a block row in `rowBlocks` (frames whose rows are not whole words). */
  private listEveryBlock(): number {
    for (let bx = 0; bx < this.blocksWide; bx++) this.rowBlocks[bx] = bx;
    return this.blocksWide;
  }

  /**
   * Integer candidate thresholds per block: background ± floor, rounded away from the background,
   * as the bytes whose grey value passes it (from -1, no byte, to 256, none either).
   */
  private updateThresholds(polarity: Polarity, floor: number): void {
    this.floor = floor;
    const { blockBackground, threshold, laneAddend, atLeast, kernels } = this;
    const bright = polarity === 'bright';
    if (kernels !== null) {
      kernels.thresholds(floor, bright);
      return;
    }
    for (let b = 0; b < threshold.length; b++) {
      const background = blockBackground[b] ?? 0;
      // Grey levels are non-decreasing in the byte: grey >= g exactly from the byte rawAtLeast(g)
      // on, and grey <= g exactly up to the byte before rawAtLeast(g + 1).
      const t = bright
        ? rawAtLeast(atLeast, Math.ceil(background + floor))
        : rawAtLeast(atLeast, Math.floor(background - floor) + 1) - 1;
      threshold[b] = t;
      // On the complemented word a dark pixel v <= t reads 255 - v >= 255 - t.
      laneAddend[b] = laneAddendFor(bright ? t : 255 - t);
    }
  }

  /** See {@link SubtractedFrame.sampleHistogram}; `sign` turns the contrast head-positive. */
  private sampleHistogram(
    data: Uint8Array,
    sign: number,
    histogram: Uint32Array,
    step: number,
    awayFromCandidates: boolean,
  ): void {
    const { nearCandidates, generation, blockBackground, width, height, blocksWide: bw } = this;
    const { grey } = this;
    const skip =
      awayFromCandidates && 4 * this.markNearCandidates() <= 3 * this.blocksWide * this.blocksHigh;
    histogram.fill(0);
    for (let y = 0; y < height; y += step) {
      const rowBlock = (y >> 2) * bw;
      for (let x = 0; x < width; x += step) {
        if (skip && nearCandidates[rowBlock + (x >> 2)] === generation) continue;
        const v = Math.trunc(
          sign *
            ((grey[data[y * width + x] ?? 0] ?? 0) - (blockBackground[rowBlock + (x >> 2)] ?? 0)),
        );
        const bin = Math.max(0, Math.min(1023, v + HISTOGRAM_ZERO));
        histogram[bin] = (histogram[bin] ?? 0) + 1;
      }
    }
  }

  /**
   * Fills the signal in the blocks holding candidates, and puts the last frame's others back below
   * every threshold: only blocks that held candidates ever hold a filled signal.
   */
  private fillSignalOfCandidateBlocks(data: Uint8Array, polarity: Polarity): void {
    const { activeBlocks, staleBlocks, kernels } = this;
    const sign = polarity === 'bright' ? 1 : -1;
    this.generation += 1;
    const mark = this.generation;
    if (kernels !== null) {
      kernels.fill(activeBlocks, this.activeCount, staleBlocks, this.staleCount, mark, sign > 0);
    } else {
      this.fillInJavaScript(data, sign, mark);
    }
    // This frame's blocks are the next frame's stale ones.
    this.staleBlocks = activeBlocks;
    this.staleCount = this.activeCount;
    this.activeBlocks = staleBlocks;
  }

  /** The signal of this frame's candidate blocks, filled on the first call after `subtract`. */
  private filledSignal(data: Uint8Array, polarity: Polarity): Int16Array {
    if (!this.signalFilled) {
      this.fillSignalOfCandidateBlocks(data, polarity);
      this.signalFilled = true;
    }
    return this.signal;
  }

  /** {@link fillSignalOfCandidateBlocks}'s work, marking filled blocks with `mark`. */
  private fillInJavaScript(data: Uint8Array, sign: number, mark: number): void {
    const { width: w, blockBackground, signal, filled, activeBlocks, staleBlocks, grey } = this;
    for (let a = 0; a < this.activeCount; a++) {
      const b = activeBlocks[a] ?? 0;
      filled[b] = mark;
      // Head-positive background, so each pixel costs one lookup and one subtraction.
      const background = sign * (blockBackground[b] ?? 0);
      const { first, columns, rows } = this.blockSpan(b);
      for (let start = first; start < first + rows * w; start += w) {
        for (let i = start; i < start + columns; i++) {
          signal[i] = sign * (grey[data[i] ?? 0] ?? 0) - background;
        }
      }
    }
    for (let a = 0; a < this.staleCount; a++) {
      const b = staleBlocks[a] ?? 0;
      if (filled[b] === mark) continue;
      const { first, columns, rows } = this.blockSpan(b);
      for (let start = first; start < first + rows * w; start += w) {
        signal.fill(BELOW_EVERY_THRESHOLD, start, start + columns);
      }
    }
  }

  /** Block `b`'s first pixel, and its columns and rows (fewer at the frame's right and bottom). */
  private blockSpan(b: number): { first: number; columns: number; rows: number } {
    const bx = b % this.blocksWide;
    const by = (b - bx) / this.blocksWide;
    return {
      first: by * 4 * this.width + bx * 4,
      columns: Math.min(this.width - bx * 4, 4),
      rows: Math.min(this.height - by * 4, 4),
    };
  }

  /**
   * Marks this frame's blocks holding candidates and their 8 neighbours in `nearCandidates`, and
   * returns how many blocks that is.
   */
  private markNearCandidates(): number {
    const { nearCandidates, staleBlocks, generation: mark } = this;
    const bw = this.blocksWide;
    const bh = this.blocksHigh;
    let count = 0;
    // The frame's blocks holding candidates are `staleBlocks` once the signal is filled.
    for (let a = 0; a < this.staleCount; a++) {
      const block = staleBlocks[a] ?? 0;
      const bx0 = block % bw;
      const by0 = (block - bx0) / bw;
      for (let by = Math.max(0, by0 - 1); by <= Math.min(bh - 1, by0 + 1); by++) {
        for (let bx = Math.max(0, bx0 - 1); bx <= Math.min(bw - 1, bx0 + 1); bx++) {
          const b = by * bw + bx;
          if (nearCandidates[b] === mark) continue;
          nearCandidates[b] = mark;
          count += 1;
        }
      }
    }
    return count;
  }

  private prepare(width: number, height: number): void {
    if (width === this.width && height === this.height) return;
    this.width = width;
    this.height = height;
    this.blocksWide = Math.ceil(width / 4);
    this.blocksHigh = Math.ceil(height / 4);
    const blocks = this.blocksWide * this.blocksHigh;
    const kernels =
      this.options.wasm !== false && WasmKernels.fits(width) ? WasmKernels.create() : null;
    this.kernels = kernels;
    // The kernels' buffers where they run, else the JavaScript passes' own.
    kernels?.prepare(width, height);
    kernels?.setLevels(this.grey, this.atLeast);
    this.blockMeans = kernels?.means ?? new Float32Array(blocks);
    this.blockBackground = kernels?.background ?? new Float32Array(blocks);
    this.integral =
      kernels?.integral ?? new Float64Array((this.blocksWide + 1) * (this.blocksHigh + 1));
    this.threshold = kernels?.threshold ?? new Int32Array(blocks);
    this.candidates = kernels?.candidates ?? new Int32Array(width * height);
    this.signal = (kernels?.signal ?? new Int16Array(width * height)).fill(BELOW_EVERY_THRESHOLD);
    [this.activeBlocks, this.staleBlocks] = kernels?.blockLists ?? [
      new Int32Array(blocks),
      new Int32Array(blocks),
    ];
    const jsOnly = kernels === null ? blocks : 0;
    this.clipped = new Float32Array(jsOnly);
    this.laneAddend = new Int32Array(jsOnly);
    this.filled = new Uint32Array(jsOnly);
    this.rowBlocks = new Int32Array(kernels === null ? this.blocksWide : 0);
    this.rowHits = new Uint8Array(kernels === null ? this.blocksWide : 0);
    this.nearCandidates = new Uint32Array(blocks);
    this.staleCount = 0;
    this.generation = 0;
    this.framesSinceBackground = 0;
    this.estimated = false;
  }

  /**
   * Block means (in `blockMeans`) from every other pixel of every other row: plenty for a slow
   * background.
   */
  private averageBlocks(data: Uint8Array): void {
    if (this.kernels !== null) {
      this.kernels.average();
      return;
    }
    const { width: w, height: h, blockMeans, grey } = this;
    const bw = this.blocksWide;
    const words = wordsOf(data, w);
    if (words) {
      // Rows 0 and 2 of each block, pixels 0 and 2 of each row: bytes 0 and 2 of the block's word
      // (in either byte order).
      const wordsPerRow = w / 4;
      for (let by = 0; by < this.blocksHigh; by++) {
        const y0 = by * 4;
        const second = y0 + 2 < h ? (y0 + 2) * wordsPerRow : -1;
        // Four samples per block, two in a last block row of one or two rows.
        const scale = second >= 0 ? 0.25 : 0.5;
        for (let bx = 0; bx < bw; bx++) {
          const a = words[y0 * wordsPerRow + bx] ?? 0;
          const b = second >= 0 ? (words[second + bx] ?? 0) : 0;
          blockMeans[by * bw + bx] =
            ((grey[a & 255] ?? 0) +
              (grey[(a >>> 16) & 255] ?? 0) +
              (second >= 0 ? (grey[b & 255] ?? 0) + (grey[(b >>> 16) & 255] ?? 0) : 0)) *
            scale;
        }
      }
      return;
    }
    blockMeans.fill(0);
    for (let y = 0; y < h; y += 2) {
      const rowBlock = (y >> 2) * bw;
      const row = y * w;
      for (let x = 0; x < w; x += 2) {
        const b = rowBlock + (x >> 2);
        blockMeans[b] = (blockMeans[b] ?? 0) + (grey[data[row + x] ?? 0] ?? 0);
      }
    }
    // Sampled pixels per block: 4, except in the last block row or column of an odd-sized frame.
    for (let by = 0; by < this.blocksHigh; by++) {
      const rows = Math.ceil(Math.min(4, h - by * 4) / 2);
      for (let bx = 0; bx < bw; bx++) {
        const samples = bx < bw - 1 ? rows * 2 : rows * Math.ceil((w - bx * 4) / 2);
        blockMeans[by * bw + bx] = (blockMeans[by * bw + bx] ?? 0) / samples;
      }
    }
  }

  /**
   * The background of each block: the mean of the block means over (2r+1)² blocks (clipped at the
   * frame's edges), with every block mean of the heads' opposite contrast raised to the last
   * background less `floor` (the candidate floor) first; repeated every few frames, this settles
   * on the background without the particles. A dark particle under phase contrast would otherwise
   * lower the background around it until the bright field beside it passed for heads (the hard
   * samples: 837 false heads in 400 frames beside one large particle at 0.3 µm/px; 5 after).
   * Blocks of the heads' own contrast are kept as they are, as the thresholds were chosen with
   * them: clipping them too left 56 false heads and made heads on the real recording flicker in
   * and out (frame-to-frame count changes 0.76 a frame, against 0.67).
   */
  private estimateBackground(r: number, floor: number, polarity: Polarity): void {
    const { blockMeans: means, blockBackground, clipped, kernels } = this;
    // The last estimate, a few frames old, is the reference; a first one starts from the plain mean.
    if (kernels !== null) {
      if (!this.estimated) kernels.boxMeans(r);
      this.estimated = true;
      kernels.boxMeans(r, { floor, brightHeads: polarity === 'bright' });
      return;
    }
    if (!this.estimated) this.boxMeans(r, means);
    this.estimated = true;
    if (polarity === 'bright') {
      for (let b = 0; b < means.length; b++) {
        clipped[b] = Math.max((blockBackground[b] ?? 0) - floor, means[b] ?? 0);
      }
    } else {
      for (let b = 0; b < means.length; b++) {
        clipped[b] = Math.min((blockBackground[b] ?? 0) + floor, means[b] ?? 0);
      }
    }
    this.boxMeans(r, clipped);
  }

  /** Box means of `values` (one per block) over (2r+1)² blocks into `blockBackground`. */
  private boxMeans(r: number, values: Float32Array): void {
    const { integral, blockBackground } = this;
    const bw = this.blocksWide;
    const bh = this.blocksHigh;
    const stride = bw + 1;
    for (let by = 0; by < bh; by++) {
      let rowSum = 0;
      for (let bx = 0; bx < bw; bx++) {
        rowSum += values[by * bw + bx] ?? 0;
        integral[(by + 1) * stride + bx + 1] = (integral[by * stride + bx + 1] ?? 0) + rowSum;
      }
    }
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
  }
}

/** The signal outside the blocks holding candidates: below every threshold. */
const BELOW_EVERY_THRESHOLD = -32768;

/** Grey levels of a grey frame: each byte is its own grey value. */
const IDENTITY_LEVELS = Uint8Array.from({ length: 256 }, (_, v) => v);

/**
 * For grey levels `levels` (non-decreasing in the byte), the smallest byte whose grey value
 * reaches t, stored at t + 1 for t from -1 to 256 (256 when no byte does).
 */
function inverseLevels(levels: Uint8Array): Int16Array {
  const atLeast = new Int16Array(258);
  let byte = 0;
  for (let t = -1; t <= 256; t++) {
    while (byte < 256 && (levels[byte] ?? 0) < t) byte += 1;
    atLeast[t + 1] = byte;
  }
  return atLeast;
}

/** The smallest byte whose grey value reaches `t` (0 below every level, 256 above them all). */
function rawAtLeast(atLeast: Int16Array, t: number): number {
  return atLeast[t < -1 ? 0 : t > 256 ? 257 : t + 1] ?? 0;
}

/**
 * The frame as 32-bit words when every row starts on a word (width a multiple of 4), else null.
 * Signed words, so every load stays a small integer (a Uint32Array element above 2^31 is a double);
 * the bit tests read only bits.
 */
function wordsOf(data: Uint8Array, width: number): Int32Array | null {
  if (width % 4 !== 0 || data.byteOffset % 4 !== 0 || data.length % 4 !== 0) return null;
  return new Int32Array(data.buffer, data.byteOffset, data.length / 4);
}

/**
 * The addend that makes bit 8 of a 16-bit lane holding a byte v set exactly when v >= t: each lane
 * gets 256 - t, clamped to [0, 256] so thresholds outside 0..255 pass all or none. A word's even
 * and odd bytes are spread into two 16-bit lanes each, so its four bytes are tested without
 * unpacking it.
 */
function laneAddendFor(t: number): number {
  const m = Math.max(0, Math.min(256, 256 - t));
  return m | (m << 16);
}

/** The even bytes of a word, each in the low half of a 16-bit lane (see {@link laneAddendFor}). */
const EVEN_BYTES = 0x00ff00ff;
/** Bit 8 of each 16-bit lane: set once a lane's byte plus its addend reaches 256. */
const LANE_CARRIES = 0x01000100;
