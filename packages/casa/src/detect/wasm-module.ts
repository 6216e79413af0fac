/**
 * Compiling and instantiating the engine's hand-written WebAssembly modules (wasm-bytes.ts): each
 * module is compiled once per process, and where it cannot be (no SIMD, or a page whose content
 * security policy forbids compiling WebAssembly: a CompileError or EvalError) the caller gets null
 * and works in JavaScript instead of failing, or worse, finding no head.
 */
import type { WasmFunction } from './wasm-bytes.js';
import { moduleBytes } from './wasm-bytes.js';

/** The parts of the WebAssembly API used here (not in the ES library's types). */
interface WasmApi {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: Record<string, unknown> };
}

/** A module's memory. */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

/** An exported kernel: numbers in (offsets, sizes, values), results in the memory. */
export type Kernel = (...args: number[]) => void;

/** Bytes of a WebAssembly memory page. */
export const WASM_PAGE_BYTES = 65536;

/** Compiled modules by name; null where the engine cannot run it. */
const compiled = new Map<string, object | null>();

function compile(wasm: WasmApi, functions: readonly WasmFunction[]): object | null {
  const bytes = moduleBytes(functions);
  if (!wasm.validate(bytes)) return null;
  try {
    return new wasm.Module(bytes);
  } catch {
    return null;
  }
}

/**
 * A fresh instance (its own memory) of the module `name`, made of `functions()` (called only for
 * the first compilation), or null where WebAssembly or the module's instructions are unavailable.
 */
export function instantiateKernels<K extends string>(
  name: string,
  functions: () => readonly WasmFunction[],
): { memory: WasmMemory; kernels: Record<K, Kernel> } | null {
  const wasm = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
  if (wasm === undefined) return null;
  let module = compiled.get(name);
  if (module === undefined) {
    module = compile(wasm, functions());
    compiled.set(name, module);
  }
  if (module === null) return null;
  const { exports } = new wasm.Instance(module);
  return { memory: exports.memory as WasmMemory, kernels: exports as Record<K, Kernel> };
}
