/**
 * The WebAssembly heap of the TF.js WASM backend, watched so a training that outgrows it fails
 * with a clear message. The heap only grows (by a fifth at a time) up to the module's maximum; at
 * the maximum the backend's `malloc` answers 0 and the backend would write the tensor at address
 * 0, corrupting memory instead of failing: a silent stop, or a silent wrong result.
 */
import * as tf from '@tensorflow/tfjs-core';
import { BackendWasm } from '@tensorflow/tfjs-backend-wasm';

/** The heap maximum tfjs-backend-wasm 4.x is built with (Emscripten's getHeapMax: 4 GiB less a page). */
export const WASM_HEAP_MAX_BYTES = 4_294_901_760;

const MB = 1024 * 1024;

/** The run needs more WebAssembly memory than it may have. */
export class WasmHeapLimitError extends Error {
  constructor(neededBytes: number, limitBytes: number) {
    super(
      `Training needs more memory than the WebAssembly heap allows ` +
        `(${Math.ceil(neededBytes / MB)} MB of ${Math.floor(limitBytes / MB)} MB): ` +
        'use fewer frames per batch or a smaller input size',
    );
    this.name = 'WasmHeapLimitError';
  }
}

/** The heap limit of a run: the requested one, never above the backend's maximum. */
export function effectiveHeapLimit(requested: number | undefined): number {
  if (requested === undefined || !(requested > 0)) return WASM_HEAP_MAX_BYTES;
  return Math.min(requested, WASM_HEAP_MAX_BYTES);
}

/**
 * Checks, before each batch, that the heap has room for what a batch has been seen to add: the
 * heap size now plus the largest growth between two checks so far must stay within `limitBytes`.
 * `heapBytes` reads the current heap size. Throws {@link WasmHeapLimitError} otherwise.
 */
export function createHeapCheck(heapBytes: () => number, limitBytes: number): () => void {
  let previous: number | undefined;
  let largestGrowth = 0;
  return () => {
    const now = heapBytes();
    if (previous !== undefined) largestGrowth = Math.max(largestGrowth, now - previous);
    previous = now;
    const needed = now + largestGrowth;
    if (needed > limitBytes) throw new WasmHeapLimitError(needed, limitBytes);
  };
}

/** The parts of the backend's Emscripten module watched here (its typings do not declare them). */
interface WasmHeapModule {
  readonly HEAPU8: Uint8Array;
  _malloc(size: number): number;
}

function isHeapModule(value: unknown): value is WasmHeapModule {
  return (
    typeof value === 'object' &&
    value !== null &&
    'HEAPU8' in value &&
    value.HEAPU8 instanceof Uint8Array &&
    '_malloc' in value &&
    typeof value._malloc === 'function'
  );
}

/** The running WASM backend's module, or null on another backend (nothing to watch then). */
function wasmModule(): WasmHeapModule | null {
  const backend = tf.backend();
  if (!(backend instanceof BackendWasm)) return null;
  const module: unknown = backend.wasm;
  return isHeapModule(module) ? module : null;
}

/** The WASM backend's heap size now, bytes (it only grows, so also its peak); null on another backend. */
export function wasmHeapBytes(): number | null {
  return wasmModule()?.HEAPU8.length ?? null;
}

/**
 * Watches the backend's heap for a run limited to `limitBytes`: answers the check to call before
 * each batch, and makes an allocation that would pass the limit (or that the full heap refuses)
 * throw instead of answering address 0. Null when the backend is not WASM.
 */
export function guardWasmHeap(limitBytes: number): (() => void) | null {
  const module = wasmModule();
  if (module === null) return null;
  const heapBytes = (): number => module.HEAPU8.length;
  const malloc = module._malloc.bind(module);
  module._malloc = (size: number): number => {
    const address = malloc(size);
    if (size > 0 && (address === 0 || heapBytes() > limitBytes))
      throw new WasmHeapLimitError(heapBytes() + size, limitBytes);
    return address;
  };
  return createHeapCheck(heapBytes, limitBytes);
}
