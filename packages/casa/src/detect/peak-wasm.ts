/**
 * The peak finder's box means in WebAssembly (code in peak-wasm-code.ts), to the bit the JavaScript
 * `boxMean` of peak-maps.ts, on maps kept in the module's memory. Where WebAssembly SIMD cannot be
 * compiled (no SIMD, a content security policy) `create` answers null and the maps stay in
 * JavaScript.
 */
import { boxKernel, bytesKernel, scanKernel } from './peak-wasm-code.js';
import type { Kernel, WasmMemory } from './wasm-module.js';
import { WASM_PAGE_BYTES, instantiateKernels } from './wasm-module.js';

/** The maps of one map size, as views of the module's memory. */
export interface PeakWasmMaps {
  readonly width: number;
  readonly height: number;
  readonly grey: Float32Array<ArrayBuffer>;
  readonly mean: Float32Array<ArrayBuffer>;
  readonly a: Float32Array<ArrayBuffer>;
  readonly b: Float32Array<ArrayBuffer>;
  readonly tmp: Float32Array<ArrayBuffer>;
  readonly columns: Float32Array<ArrayBuffer>;
  readonly sample: Float32Array<ArrayBuffer>;
}

/** The maps a box mean may read or write. */
export type PeakMapName = 'grey' | 'mean' | 'a' | 'b';

/** One instance of the box-mean kernel and the maps it works on. */
export class PeakWasm {
  private maps: PeakWasmMaps | null = null;
  /** A frame's bytes (for a bin of 1), the scan's candidate list and its count, in the memory. */
  private frame = new Uint8Array(0);
  private list = new Int32Array(0);
  private counts = new Int32Array(0);

  private constructor(
    private readonly memory: WasmMemory,
    private readonly kernels: Record<'box' | 'bytes' | 'scan', Kernel>,
  ) {}

  /** An instance, or null where WebAssembly SIMD is not available. */
  static create(): PeakWasm | null {
    const module = instantiateKernels<'box' | 'bytes' | 'scan'>('peak-finder', () => [
      boxKernel(),
      bytesKernel(),
      scanKernel(),
    ]);
    return module === null ? null : new PeakWasm(module.memory, module.kernels);
  }

  /** Lays out the maps for `width` x `height` (and a sample of `sampleLength`) and returns them. */
  prepare(width: number, height: number, sampleLength: number): PeakWasmMaps {
    const n = width * height;
    const align = (bytes: number) => Math.ceil(bytes / 16) * 16;
    const mapBytes = align(n * 4);
    const columnsAt = 5 * mapBytes;
    const sampleAt = columnsAt + align(width * 4);
    const frameAt = sampleAt + align(sampleLength * 4);
    const listAt = frameAt + align(n);
    const countsAt = listAt + mapBytes;
    const needed = countsAt + 16;
    const have = this.memory.buffer.byteLength;
    if (needed > have) this.memory.grow(Math.ceil((needed - have) / WASM_PAGE_BYTES));
    const { buffer } = this.memory;
    const map = (k: number) => new Float32Array(buffer, k * mapBytes, n);
    this.frame = new Uint8Array(buffer, frameAt, n);
    this.list = new Int32Array(buffer, listAt, n);
    this.counts = new Int32Array(buffer, countsAt, 4);
    this.maps = {
      width,
      height,
      grey: map(0),
      mean: map(1),
      a: map(2),
      b: map(3),
      tmp: map(4),
      columns: new Float32Array(buffer, columnsAt, width),
      sample: new Float32Array(buffer, sampleAt, sampleLength),
    };
    return this.maps;
  }

  /**
   * `to` = the box mean of radius r of `from` (`boxMean`); with `subtractSign`, `to` = sign x (`to`
   * - the mean) instead, each step rounded to Float32 as JavaScript storing the mean and then the
   * difference rounds it. With `sample`, `sample[k]` = the value of the mean (`to`), or of `from`
   * minus it, at index k x LEVEL_SAMPLE_STEP.
   */
  boxMean(
    from: PeakMapName,
    to: PeakMapName,
    r: number,
    options: { readonly subtractSign?: 1 | -1; readonly sample?: 'mean' | 'difference' } = {},
  ): void {
    const { subtractSign, sample } = options;
    const sampleFlag = sample === 'mean' ? 2 : sample === 'difference' ? 4 : 0;
    const maps = this.prepared();
    this.kernels.box(
      maps[from].byteOffset,
      maps[to].byteOffset,
      maps.tmp.byteOffset,
      maps.columns.byteOffset,
      maps.width,
      maps.height,
      r,
      (subtractSign === undefined ? 0 : 1) | sampleFlag,
      subtractSign ?? 1,
      maps.sample.byteOffset,
    );
  }

  /** grey = the frame's bytes, for a frame of the prepared size and a bin of 1. */
  loadBytes(data: Uint8Array): void {
    const maps = this.prepared();
    this.frame.set(data.subarray(0, this.frame.length));
    this.kernels.bytes(this.frame.byteOffset, maps.grey.byteOffset, this.frame.length);
  }

  /**
   * The candidates of a peak on map `a` (see `scanCandidates` in peak-local.ts); the list is valid
   * until the next scan.
   */
  scan(step: number, threshold: number): { list: Int32Array; count: number } {
    const maps = this.prepared();
    const { width, height } = maps;
    this.kernels.scan(
      maps.a.byteOffset,
      this.list.byteOffset,
      this.counts.byteOffset,
      width,
      height,
      step,
      threshold,
      float32AtLeast(threshold),
    );
    return { list: this.list, count: this.counts[0] ?? 0 };
  }

  private prepared(): PeakWasmMaps {
    if (this.maps === null) throw new Error('PeakWasm.prepare was not called');
    return this.maps;
  }
}

const f32 = new Float32Array(1);
const bitsOfF32 = new Int32Array(f32.buffer);

/** The smallest Float32 at or above `value` (a Float32 reaches `value` when it reaches this). */
export function float32AtLeast(value: number): number {
  f32[0] = value;
  if (f32[0] >= value || Number.isNaN(value)) return f32[0];
  // Rounded down: one step up (towards +Infinity) is the next Float32.
  if (f32[0] === 0) bitsOfF32[0] = 1;
  else bitsOfF32[0]! += f32[0] > 0 ? 1 : -1;
  return f32[0];
}
