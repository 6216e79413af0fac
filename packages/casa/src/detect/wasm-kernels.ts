/**
 * The background subtractor's whole-frame passes in WebAssembly, exact to the JavaScript ones (the
 * code is in wasm-kernel-code.ts, written as bytes by wasm-bytes.ts: no toolchain):
 * - the candidate pass's block test in SIMD: which 4x4 blocks of a frame hold a byte at or past
 *   their block's threshold, sixteen bytes (four blocks) per instruction; it is the one step that
 *   reads every pixel of every frame, and in JavaScript (32-bit words, 16-bit lanes) it took about
 *   a quarter of the detector's time on a real recording;
 * - the candidate listing in the blocks that pass, and the signal fill of the blocks holding one;
 * - every few frames, the background estimate (block means, their clip at the last estimate, box
 *   means through an integral image) and the per-block byte thresholds, in the same floating-point
 *   operations as the JavaScript (doubles, Float32 storage).
 */
import { KERNELS, NAN_THRESHOLD_INDEX } from './wasm-kernel-code.js';
import type { Kernel, WasmMemory } from './wasm-module.js';
import { WASM_PAGE_BYTES, instantiateKernels } from './wasm-module.js';

/** Entries of the byte-threshold table: `atLeast` (258) and a 0 read for a NaN threshold. */
const AT_LEAST_ENTRIES = NAN_THRESHOLD_INDEX + 1;

/** The largest half side of a patch read by `patch` (17 x 17 pixels). */
const MAX_PATCH_HALF = 8;

/**
 * The kernels for frames whose width is a multiple of 16, on buffers in the module's memory that
 * `BackgroundSubtractor` uses as its own (`means`, `background`, `integral`, `threshold`,
 * `candidates`, `blockLists`, `signal`). The block test reads a threshold image and an enable
 * image (one byte per pixel column of each full block row: its block's threshold, and 0xff or 0
 * for a block that may pass or never does), written by `thresholds`, and leaves per 16 columns of
 * a block row a 16-bit mask of the columns whose brightest (bright heads) or darkest (dark heads)
 * pixel in the block's 4 rows passes.
 */
export class WasmKernels {
  private width = 0;
  private height = 0;
  private blocksWide = 0;
  private blocksHigh = 0;
  private blockRows = 0;
  private readonly frameAt = 0;
  private imageAt = 0;
  private enabledAt = 0;
  private masksAt = 0;
  private meansAt = 0;
  private backgroundAt = 0;
  private clippedAt = 0;
  private integralAt = 0;
  private thresholdAt = 0;
  private atLeastAt = 0;
  private greyAt = 0;
  private rowBlocksAt = 0;
  private filledAt = 0;
  private rowHitsAt = 0;
  private countsAt = 0;
  private patchAt = 0;
  private contrastAt = 0;
  private everyBlockAt = 0;
  private contrastMarksAt = 0;
  private ceilingsAt = 0;
  private floorsAt = 0;
  private greyRowAt = 0;
  private flagAt = 0;
  /** Whether the grey levels are the bytes themselves. */
  private identity = true;
  /** The frame last loaded, in the module's memory. */
  private frame = new Uint8Array(0);
  /** Per 16 pixels of each full block row, the passing columns' bits (4 per block). */
  masks = new Uint16Array(0);
  /** Per block: its mean, its background, and its byte threshold (see `BackgroundSubtractor`). */
  means = new Float32Array(0);
  background = new Float32Array(0);
  threshold = new Int32Array(0);
  /** The block means' integral image, (blocksWide + 1) x (blocksHigh + 1). */
  integral = new Float64Array(0);
  /** The signal of `BackgroundSubtractor` (see `SubtractedFrame.signal`), one value per pixel. */
  signal = new Int16Array(0);
  /** The candidate pixels of the last `listCandidates`, in raster order. */
  candidates = new Int32Array(0);
  /** Two lists of blocks, one per block, for the blocks holding candidates (see `listCandidates`). */
  blockLists: readonly [Int32Array<ArrayBuffer>, Int32Array<ArrayBuffer>] = [
    new Int32Array(0),
    new Int32Array(0),
  ];
  /** The numbers of candidates and of blocks holding them, from the last `listCandidates`. */
  private counts = new Int32Array(0);
  /** The last patch read by `patch`. */
  private patches = new Float64Array(0);

  private constructor(
    private readonly memory: WasmMemory,
    private readonly exports: Record<string, Kernel>,
  ) {}

  /** Kernels, or null where WebAssembly SIMD is not available (the caller works in JavaScript). */
  static create(): WasmKernels | null {
    const module = instantiateKernels<string>('background', () => KERNELS);
    return module === null ? null : new WasmKernels(module.memory, module.kernels);
  }

  /** Whether frames of this width are handled here (whole 16-byte groups per row). */
  static fits(width: number): boolean {
    return width > 0 && width % 16 === 0;
  }

  /** Lays out the module's memory for frames of `width` x `height`. */
  prepare(width: number, height: number): void {
    if (width === this.width && height === this.height) return;
    this.width = width;
    this.height = height;
    this.blocksWide = width / 4;
    this.blocksHigh = Math.ceil(height / 4);
    this.blockRows = Math.floor(height / 4);
    const blocks = this.blocksWide * this.blocksHigh;
    const image = width * this.blockRows;
    // Every region 16-byte aligned: the whole frame, the images, the masks, then the per-block
    // buffers.
    const align = (bytes: number) => Math.ceil(bytes / 16) * 16;
    this.imageAt = this.frameAt + align(width * height);
    this.enabledAt = this.imageAt + image;
    this.masksAt = this.enabledAt + image;
    this.meansAt = this.masksAt + align((image / 16) * 2);
    this.backgroundAt = this.meansAt + align(blocks * 4);
    this.clippedAt = this.backgroundAt + align(blocks * 4);
    this.integralAt = this.clippedAt + align(blocks * 4);
    this.thresholdAt = this.integralAt + align((this.blocksWide + 1) * (this.blocksHigh + 1) * 8);
    this.atLeastAt = this.thresholdAt + align(blocks * 4);
    this.greyAt = this.atLeastAt + align(AT_LEAST_ENTRIES * 2);
    const candidatesAt = this.greyAt + 256;
    const listsAt = candidatesAt + align(width * height * 4);
    const signalAt = listsAt + 2 * align(blocks * 4);
    this.filledAt = signalAt + align(width * height * 2);
    this.rowBlocksAt = this.filledAt + align(blocks * 4);
    this.rowHitsAt = this.rowBlocksAt + align(this.blocksWide * 4);
    this.countsAt = this.rowHitsAt + align(this.blocksWide);
    this.patchAt = this.countsAt + 16;
    this.contrastAt = this.patchAt + align((2 * MAX_PATCH_HALF + 1) ** 2 * 8);
    this.everyBlockAt = this.contrastAt + align(width * height * 2);
    this.contrastMarksAt = this.everyBlockAt + align(blocks * 4);
    this.ceilingsAt = this.contrastMarksAt + align(blocks * 4);
    this.floorsAt = this.ceilingsAt + align(width * 2);
    this.greyRowAt = this.floorsAt + align(width * 2);
    this.flagAt = this.greyRowAt + align(width);
    const needed = this.flagAt + 4;
    const have = this.memory.buffer.byteLength;
    if (needed > have) this.memory.grow(Math.ceil((needed - have) / WASM_PAGE_BYTES));
    const { buffer } = this.memory;
    // A layout for another size leaves stale values: start from zeros (the integral's first row
    // and column must be).
    new Uint8Array(buffer, 0, needed).fill(0);
    this.frame = new Uint8Array(buffer, this.frameAt, width * height);
    this.masks = new Uint16Array(buffer, this.masksAt, image / 16);
    this.means = new Float32Array(buffer, this.meansAt, blocks);
    this.background = new Float32Array(buffer, this.backgroundAt, blocks);
    this.integral = new Float64Array(
      buffer,
      this.integralAt,
      (this.blocksWide + 1) * (this.blocksHigh + 1),
    );
    this.threshold = new Int32Array(buffer, this.thresholdAt, blocks);
    this.candidates = new Int32Array(buffer, candidatesAt, width * height);
    this.signal = new Int16Array(buffer, signalAt, width * height);
    this.blockLists = [
      new Int32Array(buffer, listsAt, blocks),
      new Int32Array(buffer, listsAt + align(blocks * 4), blocks),
    ];
    this.counts = new Int32Array(buffer, this.countsAt, 2);
    this.patches = new Float64Array(buffer, this.patchAt, (2 * MAX_PATCH_HALF + 1) ** 2);
    const everyBlock = new Int32Array(buffer, this.everyBlockAt, blocks);
    for (let b = 0; b < blocks; b++) everyBlock[b] = b;
  }

  /**
   * Sets the frames' grey levels (`grey[byte]`, see `GrayFrame.levels`) and their inverse:
   * `atLeast[t + 1]` the smallest byte whose grey value reaches t, for t from -1 to 256 (see
   * `inverseLevels`).
   */
  setLevels(grey: Uint8Array, atLeast: Int16Array): void {
    new Uint8Array(this.memory.buffer, this.greyAt, 256).set(grey.subarray(0, 256));
    this.identity = grey.length >= 256 && grey.subarray(0, 256).every((v, i) => v === i);
    const table = new Int16Array(this.memory.buffer, this.atLeastAt, AT_LEAST_ENTRIES);
    table.fill(0);
    table.set(atLeast.subarray(0, AT_LEAST_ENTRIES - 1));
  }

  /** Each block's mean grey value, from 4 of its pixels, into `means`. */
  average(): void {
    const { blocksWide, blocksHigh, width, height } = this;
    this.exports.average?.(
      this.frameAt,
      this.greyAt,
      this.meansAt,
      width,
      height,
      blocksWide,
      blocksHigh,
    );
  }

  /**
   * Copies a frame of the prepared size into the module's memory and returns the copy, valid until
   * the next frame is loaded. One fast sequential copy brings the frame into this core's cache, so
   * the passes that follow should read the copy.
   */
  load(data: Uint8Array): Uint8Array {
    this.frame.set(data.subarray(0, this.frame.length));
    return this.frame;
  }

  /** Tests every full block row of the frame last loaded; see `masks`. */
  test(brightHeads: boolean): void {
    const run = brightHeads ? this.exports.bright : this.exports.dark;
    run?.(this.frameAt, this.imageAt, this.enabledAt, this.masksAt, this.width, this.blockRows);
  }

  /**
   * Lists in `candidates`, in raster order, the pixels of the frame last tested (see `test`) that
   * pass their block's threshold, and in `active` (one of `blockLists`) the blocks holding one;
   * returns how many of each.
   */
  listCandidates(active: Int32Array, brightHeads: boolean): { count: number; active: number } {
    this.exports.candidates?.(
      this.frameAt,
      this.thresholdAt,
      this.masksAt,
      this.candidates.byteOffset,
      active.byteOffset,
      this.rowBlocksAt,
      this.rowHitsAt,
      this.width,
      this.height,
      this.blocksWide,
      this.blocksHigh,
      brightHeads ? 1 : 0,
      this.countsAt,
      this.imageAt,
      this.enabledAt,
    );
    return { count: this.counts[0] ?? 0, active: this.counts[1] ?? 0 };
  }

  /**
   * Fills the signal in the `activeCount` blocks of `active` and marks them with `mark`, and puts
   * the signal of those of the `staleCount` blocks of `stale` not marked so back to -32768 (see
   * `BackgroundSubtractor.fillSignalOfCandidateBlocks`).
   */
  fill(
    active: Int32Array,
    activeCount: number,
    stale: Int32Array,
    staleCount: number,
    mark: number,
    brightHeads: boolean,
  ): void {
    this.exports.fill?.(
      this.frameAt,
      this.greyAt,
      this.backgroundAt,
      this.signal.byteOffset,
      active.byteOffset,
      activeCount,
      stale.byteOffset,
      staleCount,
      this.filledAt,
      mark,
      this.width,
      this.height,
      this.blocksWide,
      brightHeads ? 1 : -1,
    );
  }

  /**
   * The head-positive contrast of every pixel of the frame last loaded (see
   * `SubtractedFrame.contrastInto`), in an array valid until the next call, into a map of its own
   * (the signal keeps its candidate blocks): eight pixels at a time, or the fill over every block
   * where a block's background needs the fill's doubles.
   */
  contrast(brightHeads: boolean): Int16Array {
    this.exports.contrast?.(
      this.frameAt,
      this.greyAt,
      this.backgroundAt,
      this.contrastAt,
      this.ceilingsAt,
      this.floorsAt,
      this.greyRowAt,
      this.flagAt,
      this.width,
      this.height,
      this.blocksWide,
      brightHeads ? 1 : -1,
      this.identity ? 1 : 0,
    );
    const { buffer } = this.memory;
    if (new Int32Array(buffer, this.flagAt, 1)[0] === 0) {
      return new Int16Array(buffer, this.contrastAt, this.width * this.height);
    }
    const blocks = this.blocksWide * this.blocksHigh;
    this.exports.fill?.(
      this.frameAt,
      this.greyAt,
      this.backgroundAt,
      this.contrastAt,
      this.everyBlockAt,
      blocks,
      this.everyBlockAt,
      0,
      this.contrastMarksAt,
      0,
      this.width,
      this.height,
      this.blocksWide,
      brightHeads ? 1 : -1,
    );
    return new Int16Array(this.memory.buffer, this.contrastAt, this.width * this.height);
  }

  /**
   * The head-positive contrast of the (2 half + 1)² pixels centred on `pixel` of the frame last
   * loaded, row by row, NaN outside the frame (see `SubtractedFrame.contrastPatch`), in an array
   * valid until the next call; null for a patch wider than 17 pixels.
   */
  patch(pixel: number, half: number, brightHeads: boolean): Float64Array | null {
    if (half > MAX_PATCH_HALF) return null;
    this.exports.patch?.(
      this.frameAt,
      this.greyAt,
      this.backgroundAt,
      this.patchAt,
      this.width,
      this.height,
      this.blocksWide,
      pixel,
      half,
      brightHeads ? 1 : -1,
    );
    return this.patches;
  }

  /**
   * Box means over (2r+1)² blocks (clipped at the frame's edges) into `background`: of `means`, or
   * with `clipFloor` of the means each raised (bright heads) or lowered (dark heads) to the last
   * background less or plus `clipFloor` (see `BackgroundSubtractor.estimateBackground`).
   */
  boxMeans(r: number, clip?: { readonly floor: number; readonly brightHeads: boolean }): void {
    const { blocksWide, blocksHigh } = this;
    let values = this.meansAt;
    if (clip !== undefined) {
      const dark = clip.brightHeads ? 0 : 1;
      const blocks = blocksWide * blocksHigh;
      this.exports.clip?.(
        this.meansAt,
        this.backgroundAt,
        this.clippedAt,
        blocks,
        clip.floor,
        dark,
      );
      values = this.clippedAt;
    }
    this.exports.box?.(values, this.backgroundAt, this.integralAt, blocksWide, blocksHigh, r);
  }

  /**
   * Each block's byte threshold from its background and the candidate floor (see
   * `BackgroundSubtractor.updateThresholds`) into `threshold`, and the block test's images.
   */
  thresholds(floor: number, brightHeads: boolean): void {
    const blocks = this.blocksWide * this.blocksHigh;
    this.exports.thresholds?.(
      this.backgroundAt,
      this.atLeastAt,
      this.thresholdAt,
      this.imageAt,
      this.enabledAt,
      blocks,
      this.blocksWide * this.blockRows,
      floor,
      brightHeads ? 0 : 1,
    );
  }
}
