/**
 * Just enough of the WebAssembly binary format to write the detector's small kernels as bytes in
 * the source (see wasm-kernels.ts), so no toolchain is needed to build them. Opcodes are those of
 * the core and SIMD specifications.
 */

/** Unsigned LEB128, as the format writes sizes and indices. */
export function leb(value: number): number[] {
  const out: number[] = [];
  let v = value;
  do {
    const byte = v & 0x7f;
    v >>>= 7;
    out.push(v === 0 ? byte : byte | 0x80);
  } while (v !== 0);
  return out;
}

/** Signed LEB128, as `i32.const` writes its value. */
export function sleb(value: number): number[] {
  const out: number[] = [];
  let v = value | 0;
  for (;;) {
    const byte = v & 0x7f;
    v >>= 7;
    const done = (v === 0 && (byte & 0x40) === 0) || (v === -1 && (byte & 0x40) !== 0);
    out.push(done ? byte : byte | 0x80);
    if (done) return out;
  }
}

/** A vector: count, then the items. */
export function vector(items: number[][]): number[] {
  return [...leb(items.length), ...items.flat()];
}

function section(id: number, contents: number[]): number[] {
  return [id, ...leb(contents.length), ...contents];
}

function name(text: string): number[] {
  return [...leb(text.length), ...Array.from(text, (c) => c.charCodeAt(0))];
}

export const I32 = 0x7f;
export const F64 = 0x7c;

/** One exported function: its parameter and extra local types, and its code (without `end`). */
export interface WasmFunction {
  readonly name: string;
  readonly params: readonly number[];
  readonly locals: readonly number[];
  readonly code: readonly number[];
}

/** A module exporting its memory (`memory`, one page to start) and the functions. */
export function moduleBytes(functions: readonly WasmFunction[]): Uint8Array {
  const types = functions.map((f) => [0x60, ...vector(f.params.map((p) => [p])), ...vector([])]);
  const bodies = functions.map((f) => {
    const body = [...vector(f.locals.map((type) => [1, type])), ...f.code, END];
    return [...leb(body.length), ...body];
  });
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vector(types)),
    ...section(3, vector(functions.map((_, i) => leb(i)))),
    ...section(5, vector([[0x00, 1]])),
    ...section(
      7,
      vector([
        [...name('memory'), 0x02, 0],
        ...functions.map((f, i) => [...name(f.name), 0x00, ...leb(i)]),
      ]),
    ),
    ...section(10, vector(bodies)),
  ]);
}

// Control and variables.
export const BLOCK = 0x02;
export const LOOP = 0x03;
export const IF = 0x04;
export const ELSE = 0x05;
export const END = 0x0b;
export const BR = 0x0c;
export const BR_IF = 0x0d;
export const VOID = 0x40;
export const SELECT = 0x1b;
export const GET = 0x20;
export const SET = 0x21;
export const TEE = 0x22;

/** `i32.const value`. */
export function i32(value: number): number[] {
  return [0x41, ...sleb(value)];
}

/** `f64.const value`. */
export function f64(value: number): number[] {
  return [0x44, ...new Uint8Array(Float64Array.of(value).buffer)];
}

// Memory: opcode, alignment (log2), offset 0.
export const I32_LOAD = [0x28, 2, 0];
export const I32_LOAD8_U = [0x2d, 0, 0];
export const I32_LOAD16_U = [0x2f, 1, 0];
export const I32_STORE8 = [0x3a, 0, 0];
export const I32_LOAD16_S = [0x2e, 1, 0];
export const F32_LOAD = [0x2a, 2, 0];
export const F64_LOAD = [0x2b, 3, 0];
export const I32_STORE = [0x36, 2, 0];
export const I32_STORE16 = [0x3b, 1, 0];
export const F32_STORE = [0x38, 2, 0];
export const F64_STORE = [0x39, 3, 0];

// Numbers.
export const I32_EQZ = 0x45;
export const I32_LT_S = 0x48;
export const I32_LT_U = 0x49;
export const I32_GT_S = 0x4a;
export const I32_LE_S = 0x4c;
export const I32_GE_S = 0x4e;
export const I32_ADD = 0x6a;
export const I32_SUB = 0x6b;
export const I32_MUL = 0x6c;
export const I32_AND = 0x71;
export const I32_SHL = 0x74;
export const I32_SHR_U = 0x76;
export const F64_NE = 0x62;
export const F64_LT = 0x63;
export const F64_GT = 0x64;
export const F64_CEIL = 0x9b;
export const F64_FLOOR = 0x9c;
export const F64_ADD = 0xa0;
export const F64_SUB = 0xa1;
export const F64_MUL = 0xa2;
export const F64_DIV = 0xa3;
export const F64_MIN = 0xa4;
export const F64_MAX = 0xa5;
export const I32_TRUNC_F64_S = 0xaa;
export const F32_DEMOTE_F64 = 0xb6;
export const F64_CONVERT_I32_S = 0xb7;
export const F64_PROMOTE_F32 = 0xbb;

// SIMD (prefix 0xfd); v128.load with alignment 0, offset 0.
export const V128_LOAD = [0xfd, 0x00, 0, 0];
export const V128_AND = [0xfd, 0x4e];
export const I8X16_BITMASK = [0xfd, 0x64];
export const I8X16_MAX_U = [0xfd, 0x79];
export const I8X16_MIN_U = [0xfd, 0x77];
export const I8X16_GE_U = [0xfd, 0x2c];
export const I8X16_LE_U = [0xfd, 0x2a];
