/**
 * The candidate pass's block test in WebAssembly SIMD: which 4x4 blocks of a frame hold a byte at
 * or past their block's threshold, sixteen bytes (four blocks) per instruction. It is the one step
 * that reads every pixel of every frame; in JavaScript (32-bit words, 16-bit lanes) it took about
 * a quarter of the detector's time on a real recording. Exact: the same blocks pass as byte by byte.
 * The module is written here as bytes (it is small), so no toolchain is needed to build it.
 */

/** The parts of the WebAssembly API used here (not in the ES library's types). */
interface WasmApi {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: Record<string, unknown> };
}
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
type BlockTestExport = (
  frame: number,
  thresholds: number,
  enabled: number,
  out: number,
  width: number,
  blockRows: number,
) => void;

const PAGE_BYTES = 65536;

/** The module compiled once per process; null where the engine cannot run it. */
let compiled: object | null | undefined;

/**
 * Per-block test of whole block rows of frames whose width is a multiple of 16: the frame, a
 * threshold image and an enable image (one byte per pixel column of each block row: its block's
 * threshold, and 0xff or 0 for a block that may pass or never does) are written into the module's
 * memory; the test leaves, per 16 pixels of a block row, a 16-bit mask of the columns whose
 * brightest (bright heads) or darkest (dark heads) pixel in the block's 4 rows passes.
 */
export class SimdBlockTest {
  private width = 0;
  private height = 0;
  private blockRows = 0;
  private readonly frameAt = 0;
  private thresholdsAt = 0;
  private enabledAt = 0;
  private masksAt = 0;
  /** The frame last loaded, in the module's memory. */
  private frame = new Uint8Array(0);
  /** The threshold and enable images, one 32-bit word per block (its 4 columns' bytes). */
  private thresholds = new Int32Array(0);
  private enabled = new Int32Array(0);
  /** Per 16 pixels of each block row, the passing columns' bits (4 per block). */
  masks = new Uint16Array(0);

  private constructor(
    private readonly memory: WasmMemory,
    private readonly bright: BlockTestExport,
    private readonly dark: BlockTestExport,
  ) {}

  /** A tester, or null where WebAssembly SIMD is not available (the caller tests in JavaScript). */
  static create(): SimdBlockTest | null {
    const wasm = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
    if (wasm === undefined) return null;
    if (compiled === undefined) {
      const bytes = moduleBytes();
      compiled = wasm.validate(bytes) ? new wasm.Module(bytes) : null;
    }
    if (compiled === null) return null;
    const { exports } = new wasm.Instance(compiled);
    return new SimdBlockTest(
      exports.memory as WasmMemory,
      exports.bright as BlockTestExport,
      exports.dark as BlockTestExport,
    );
  }

  /** Whether frames of this width are tested here (whole 16-byte groups per row). */
  static fits(width: number): boolean {
    return width > 0 && width % 16 === 0;
  }

  /** Lays out the module's memory for frames of `width` x `height` (tested: full block rows). */
  prepare(width: number, height: number): void {
    if (width === this.width && height === this.height) return;
    const blockRows = Math.floor(height / 4);
    this.width = width;
    this.height = height;
    this.blockRows = blockRows;
    const image = width * blockRows;
    // The whole frame (a last partial block row too), then the images, each 16-byte aligned.
    this.thresholdsAt = this.frameAt + Math.ceil((width * height) / 16) * 16;
    this.enabledAt = this.thresholdsAt + image;
    this.masksAt = this.enabledAt + image;
    const needed = this.masksAt + (image / 16) * 2;
    const have = this.memory.buffer.byteLength;
    if (needed > have) this.memory.grow(Math.ceil((needed - have) / PAGE_BYTES));
    this.frame = new Uint8Array(this.memory.buffer, this.frameAt, width * height);
    this.thresholds = new Int32Array(this.memory.buffer, this.thresholdsAt, image / 4);
    this.enabled = new Int32Array(this.memory.buffer, this.enabledAt, image / 4);
    this.masks = new Uint16Array(this.memory.buffer, this.masksAt, image / 16);
  }

  /**
   * Sets block `b`'s byte threshold (-1 to 256, as `BackgroundSubtractor` computes them; blocks
   * numbered row by row, those of a last partial block row ignored): a bright-head block passes
   * where a byte is at least its threshold, a dark-head one where a byte is at most it.
   */
  setThreshold(b: number, threshold: number, brightHeads: boolean): void {
    if (b >= this.thresholds.length) return;
    this.thresholds[b] = (threshold < 0 ? 0 : threshold > 255 ? 255 : threshold) * 0x01010101;
    this.enabled[b] = (brightHeads ? threshold > 255 : threshold < 0) ? 0 : -1;
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
    const run = brightHeads ? this.bright : this.dark;
    run(this.frameAt, this.thresholdsAt, this.enabledAt, this.masksAt, this.width, this.blockRows);
  }
}

/** Unsigned LEB128, as the binary format writes sizes and indices. */
function leb(value: number): number[] {
  const out: number[] = [];
  let v = value;
  do {
    const byte = v & 0x7f;
    v >>>= 7;
    out.push(v === 0 ? byte : byte | 0x80);
  } while (v !== 0);
  return out;
}

/** A section: id, size, contents. */
function section(id: number, contents: number[]): number[] {
  return [id, ...leb(contents.length), ...contents];
}

/** A vector: count, then the items. */
function vector(items: number[][]): number[] {
  return [...leb(items.length), ...items.flat()];
}

function name(text: string): number[] {
  return [...leb(text.length), ...Array.from(text, (c) => c.charCodeAt(0))];
}

// Instructions used (see the WebAssembly core and SIMD binary formats).
const I32 = 0x7f;
const GET = 0x20;
const SET = 0x21;
const TEE = 0x22;
const CONST = 0x41;
const ADD = 0x6a;
const SHL = 0x74;
const LT_U = 0x49;
const GE_U = 0x4f;
const BLOCK = 0x02;
const LOOP = 0x03;
const BR = 0x0c;
const BR_IF = 0x0d;
const END = 0x0b;
const VOID = 0x40;
const STORE16 = [0x3b, 1, 0];
const SIMD = 0xfd;
const V128_LOAD = [SIMD, 0x00, 0, 0];
const V128_AND = [SIMD, 0x4e];
const I8X16_BITMASK = [SIMD, 0x64];
const I8X16_MAX_U = [SIMD, 0x79];
const I8X16_MIN_U = [SIMD, 0x77];
const I8X16_GE_U = [SIMD, 0x2c];
const I8X16_LE_U = [SIMD, 0x2a];

/**
 * One export: for block rows by < blockRows, groups g of 16 columns, p = frame + 4·by·width + 16·g:
 * out[by·width/16 + g] = bitmask(reach(extreme(rows p, p+w, p+2w, p+3w), thresholds) & enabled).
 */
function blockTestBody(extreme: number[], reach: number[]): number[] {
  // Parameters 0-5: frame, thresholds, enabled, out, width, blockRows. Locals: 6 by, 7 p, 8 t,
  // 9 e, 10 rowEnd, 11 w2, 12 w3.
  const [frame, thresholds, enabled, out, width, blockRows] = [0, 1, 2, 3, 4, 5];
  const [by, p, t, e, rowEnd, w2, w3] = [6, 7, 8, 9, 10, 11, 12];
  const load = (address: number[]) => [...address, ...V128_LOAD];
  const code = [
    // w2 = 2·width, w3 = 3·width, p = frame, t = thresholds, e = enabled.
    ...[GET, width, CONST, 1, SHL, TEE, w2, GET, width, ADD, SET, w3],
    ...[GET, frame, SET, p, GET, thresholds, SET, t, GET, enabled, SET, e],
    ...[BLOCK, VOID, LOOP, VOID],
    ...[GET, by, GET, blockRows, GE_U, BR_IF, 1],
    // rowEnd = t + width: the thresholds of one block row.
    ...[GET, t, GET, width, ADD, SET, rowEnd],
    ...[LOOP, VOID],
    ...[GET, out],
    ...load([GET, p]),
    ...load([GET, p, GET, width, ADD]),
    ...extreme,
    ...load([GET, p, GET, w2, ADD]),
    ...load([GET, p, GET, w3, ADD]),
    ...extreme,
    ...extreme,
    ...load([GET, t]),
    ...reach,
    ...load([GET, e]),
    ...V128_AND,
    ...I8X16_BITMASK,
    ...STORE16,
    ...[GET, p, CONST, 16, ADD, SET, p],
    ...[GET, e, CONST, 16, ADD, SET, e],
    ...[GET, out, CONST, 2, ADD, SET, out],
    ...[GET, t, CONST, 16, ADD, TEE, t, GET, rowEnd, LT_U, BR_IF, 0],
    END,
    // The row's 16-byte groups covered row 0 of the block row; skip its rows 1 to 3.
    ...[GET, p, GET, w3, ADD, SET, p],
    ...[GET, by, CONST, 1, ADD, SET, by],
    ...[BR, 0, END, END, END],
  ];
  const locals = vector([[7, I32]]);
  const body = [...locals, ...code];
  return [...leb(body.length), ...body];
}

/** The module: memory, and the bright-head (max, >=) and dark-head (min, <=) tests. */
function moduleBytes(): Uint8Array {
  const params = vector([[I32], [I32], [I32], [I32], [I32], [I32]]);
  const type = [0x60, ...params, ...vector([])];
  const bytes = [
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vector([type])),
    ...section(3, vector([[0], [0]])),
    ...section(5, vector([[0x00, 1]])),
    ...section(
      7,
      vector([
        [...name('memory'), 0x02, 0],
        [...name('bright'), 0x00, 0],
        [...name('dark'), 0x00, 1],
      ]),
    ),
    ...section(
      10,
      vector([blockTestBody(I8X16_MAX_U, I8X16_GE_U), blockTestBody(I8X16_MIN_U, I8X16_LE_U)]),
    ),
  ];
  return Uint8Array.from(bytes);
}
