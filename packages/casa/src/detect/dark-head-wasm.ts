/**
 * The dark-head map (see `DarkHeadOpening`) in WebAssembly, to the value the JavaScript passes
 * give (code in dark-head-wasm-code.ts): the box mean as sums along the rows and down the columns
 * then one division, the opening as separable minima then maxima over the square, and the floor
 * test with the listing, each eight pixels per instruction over the whole frame. The maps lie in the
 * module's memory with a margin of {@link MARGIN} pixels on every side: zeros around the contrast
 * and the sums (a clipped box sums the pixels inside the frame, and its count divides), -32768
 * around the minima and the maxima (squares that do not fit in the frame take no part).
 */
import {
  WINDOW_MAX,
  WINDOW_MIN,
  WINDOW_SUM,
  atLeastKernel,
  meansKernel,
  windowKernel,
} from './dark-head-wasm-code.js';
import type { DarkHeadWindows } from './dark-head-windows.js';
import type { Kernel, WasmMemory } from './wasm-module.js';
import { WASM_PAGE_BYTES, instantiateKernels } from './wasm-module.js';

/** Pixels of margin around each map: room for the widest box and square handled here. */
const MARGIN = 16;
/**
 * The widest box handled here: its sums of contrasts (at most 255 grey levels either way) stay in
 * 16 bits, 11² · 255 < 2^15.
 */
const MAX_BOX = 11;
/** The value no threshold reaches (as in the subtracted signal). */
const BELOW = -32768;

type KernelName = 'sum' | 'min' | 'max' | 'means' | 'atLeast';

/** The opened map and its list of pixels reaching the floor, as views of the module's memory. */
export interface DarkHeadMap {
  readonly signal: Int16Array;
  readonly candidates: Int32Array;
  readonly count: number;
}

/** One instance of the kernels and the maps they work on, laid out for one frame size. */
export class DarkHeadKernels {
  private width = 0;
  private height = 0;
  private box = 0;
  /** Row stride of the maps with margins, pixels. */
  private stride = 0;
  /** Byte offsets of pixel (0, 0) of each map with margins. */
  private contrastAt = 0;
  private sumsAt = 0;
  private meanAt = 0;
  private rowMinAt = 0;
  private erodedAt = 0;
  private rowMaxAt = 0;
  private signalAt = 0;
  private candidatesAt = 0;
  private columnCountsAt = 0;
  private rowCountsAt = 0;
  private countsAt = 0;
  private contrast = new Int16Array(0);
  private eroded = new Int16Array(0);

  private constructor(
    private readonly memory: WasmMemory,
    private readonly kernels: Record<KernelName, Kernel>,
  ) {}

  /** An instance, or null where WebAssembly SIMD is not available. */
  static create(): DarkHeadKernels | null {
    const module = instantiateKernels<KernelName>('dark-head-map', () => [
      windowKernel('sum', WINDOW_SUM),
      windowKernel('min', WINDOW_MIN),
      windowKernel('max', WINDOW_MAX),
      meansKernel(),
      atLeastKernel(),
    ]);
    return module === null ? null : new DarkHeadKernels(module.memory, module.kernels);
  }

  /**
   * Whether the kernels make this map: rows of whole 16-byte groups, a frame holding a square, a
   * box and a square within the margins, a floor inside the 16-bit range.
   */
  static fits(width: number, height: number, windows: DarkHeadWindows, floor: number): boolean {
    const level = Math.ceil(floor);
    return (
      width % 8 === 0 &&
      width >= windows.square &&
      height >= windows.square &&
      windows.box <= MAX_BOX &&
      windows.square <= MARGIN &&
      level >= BELOW &&
      level <= 32767
    );
  }

  /**
   * The opened map of the frame whose contrast is `contrast` (see `DarkHeadOpening.open`), valid
   * until the next call; the frame and windows must fit (see `fits`).
   */
  open(
    contrast: Int16Array,
    width: number,
    height: number,
    windows: DarkHeadWindows,
    floor: number,
  ): DarkHeadMap {
    this.prepare(width, height, windows.box);
    const { stride, kernels } = this;
    for (let y = 0; y < height; y++) {
      const row = y * width;
      this.contrast.set(contrast.subarray(row, row + width), (y + MARGIN) * stride + MARGIN);
    }
    const bytes = 2 * stride;
    const half = (windows.box - 1) >> 1;
    let mean = this.contrastAt;
    if (half > 0) {
      kernels.sum(
        this.contrastAt,
        this.sumsAt,
        width,
        height,
        bytes,
        bytes,
        -2 * half,
        2,
        windows.box,
      );
      kernels.means(
        this.sumsAt,
        this.meanAt,
        this.columnCountsAt,
        this.rowCountsAt,
        width,
        height,
        bytes,
        bytes,
        half,
      );
      mean = this.meanAt;
    }
    // The erosion: each square's minimum at its top-left corner; corners of squares that do not
    // fit in the frame hold -32768.
    const side = windows.square;
    kernels.min(mean, this.rowMinAt, width, height, bytes, bytes, 0, 2, side);
    kernels.min(this.rowMinAt, this.erodedAt, width, height, bytes, bytes, 0, bytes, side);
    this.clearCornersOutside(side);
    // The dilation: each pixel's maximum over the corners of the squares holding it.
    const back = side - 1;
    kernels.max(this.erodedAt, this.rowMaxAt, width, height, bytes, bytes, -2 * back, 2, side);
    kernels.max(
      this.rowMaxAt,
      this.signalAt,
      width,
      height,
      bytes,
      2 * width,
      -bytes * back,
      bytes,
      side,
    );
    kernels.atLeast(
      this.signalAt,
      this.candidatesAt,
      this.countsAt,
      width * height,
      Math.ceil(floor),
    );
    const { buffer } = this.memory;
    return {
      signal: new Int16Array(buffer, this.signalAt, width * height),
      candidates: new Int32Array(buffer, this.candidatesAt, width * height),
      count: new Int32Array(buffer, this.countsAt, 1)[0] ?? 0,
    };
  }

  /** -32768 at the corners of squares of `side` that would reach past the frame's last row or column. */
  private clearCornersOutside(side: number): void {
    const { width, height, stride, eroded } = this;
    for (let y = 0; y < height; y++) {
      const row = (y + MARGIN) * stride + MARGIN;
      eroded.fill(BELOW, row + (y > height - side ? 0 : width - side + 1), row + width);
    }
  }

  /** Lays out the memory for `width` x `height` and the counts of the box `box`. */
  private prepare(width: number, height: number, box: number): void {
    if (width !== this.width || height !== this.height) this.layOut(width, height);
    if (box !== this.box) this.countBoxes(box);
  }

  private layOut(width: number, height: number): void {
    this.width = width;
    this.height = height;
    this.box = 0;
    const stride = width + 2 * MARGIN;
    this.stride = stride;
    const align = (bytes: number) => Math.ceil(bytes / 16) * 16;
    const mapBytes = align(stride * (height + 2 * MARGIN) * 2);
    const origin = (MARGIN * stride + MARGIN) * 2;
    const mapAt = (k: number) => k * mapBytes + origin;
    this.contrastAt = mapAt(0);
    this.sumsAt = mapAt(1);
    this.meanAt = mapAt(2);
    this.rowMinAt = mapAt(3);
    this.erodedAt = mapAt(4);
    this.rowMaxAt = mapAt(5);
    this.signalAt = 6 * mapBytes;
    this.candidatesAt = this.signalAt + align(width * height * 2);
    this.columnCountsAt = this.candidatesAt + align(width * height * 4);
    this.rowCountsAt = this.columnCountsAt + align(width * 4);
    this.countsAt = this.rowCountsAt + align(height * 4);
    const needed = this.countsAt + 16;
    const have = this.memory.buffer.byteLength;
    if (needed > have) this.memory.grow(Math.ceil((needed - have) / WASM_PAGE_BYTES));
    const { buffer } = this.memory;
    const map = (k: number) => new Int16Array(buffer, k * mapBytes, mapBytes / 2);
    // Margins: zeros around the contrast, sums and means, -32768 around minima and maxima.
    new Uint8Array(buffer, 0, needed).fill(0);
    map(3).fill(BELOW);
    map(4).fill(BELOW);
    map(5).fill(BELOW);
    this.contrast = map(0);
    this.eroded = map(4);
  }

  /** Each column's and row's count of pixels of a box of side `box` clipped by the frame. */
  private countBoxes(box: number): void {
    this.box = box;
    const half = (box - 1) >> 1;
    const { buffer } = this.memory;
    const inside = (v: number, size: number) =>
      Math.min(size - 1, v + half) - Math.max(0, v - half) + 1;
    const columns = new Float32Array(buffer, this.columnCountsAt, this.width);
    for (let x = 0; x < this.width; x++) columns[x] = inside(x, this.width);
    const rows = new Float32Array(buffer, this.rowCountsAt, this.height);
    for (let y = 0; y < this.height; y++) rows[y] = inside(y, this.height);
  }
}
