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

/** A scalar load or store (one of those below) at a constant byte offset from its address. */
export function withOffset(access: readonly number[], offset: number): number[] {
  return [access[0] ?? 0, access[1] ?? 0, ...leb(offset)];
}
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
export const I32_CTZ = 0x68;
export const I32_LT_S = 0x48;
export const I32_LT_U = 0x49;
export const I32_GT_S = 0x4a;
export const I32_LE_S = 0x4c;
export const I32_GE_S = 0x4e;
export const I32_ADD = 0x6a;
export const I32_SUB = 0x6b;
export const I32_MUL = 0x6c;
export const I32_AND = 0x71;
export const I32_OR = 0x72;
export const I32_SHL = 0x74;
export const I32_SHR_U = 0x76;
export const I32_SHR_S = 0x75;
export const I32_DIV_U = 0x6e;
export const I32_REM_U = 0x70;
export const F64_EQ = 0x61;
export const F64_NE = 0x62;
export const F64_LT = 0x63;
export const F64_GT = 0x64;
export const F64_CEIL = 0x9b;
export const F64_FLOOR = 0x9c;
export const F64_TRUNC = 0x9d;
export const F64_ADD = 0xa0;
export const F64_SUB = 0xa1;
export const F64_MUL = 0xa2;
export const F64_DIV = 0xa3;
export const F64_MIN = 0xa4;
export const F64_MAX = 0xa5;
export const I32_TRUNC_F64_S = 0xaa;
export const F32_DEMOTE_F64 = 0xb6;
export const F64_CONVERT_I32_S = 0xb7;
export const F64_CONVERT_I32_U = 0xb8;
export const F64_PROMOTE_F32 = 0xbb;

// SIMD (prefix 0xfd); v128.load with alignment 0, offset 0.
export const V128_LOAD = [0xfd, 0x00, 0, 0];
export const V128_AND = [0xfd, 0x4e];
/** `v128.bitselect(a, b, mask)`: a's bits where the mask's are set, b's elsewhere. */
export const V128_BITSELECT = [0xfd, 0x52];
export const I32X4_SPLAT = [0xfd, 0x11];
/** `i32x4.replace_lane lane`. */
export function I32X4_REPLACE_LANE(lane: number): number[] {
  return [0xfd, 0x1c, lane];
}
export const I32X4_SUB = [0xfd, 0xb1, 0x01];
export const I32X4_MUL = [0xfd, 0xb5, 0x01];
export const I32X4_GE_S = [0xfd, 0x3f];
/** Saturating; the fill's values lie far inside the 16-bit range. */
export const I16X8_NARROW_I32X4_S = [0xfd, 0x85, 0x01];
export const I8X16_BITMASK = [0xfd, 0x64];
export const I8X16_MAX_U = [0xfd, 0x79];
export const I8X16_MIN_U = [0xfd, 0x77];
export const I8X16_GE_U = [0xfd, 0x2c];
export const I8X16_LE_U = [0xfd, 0x2a];

// SIMD on pairs of doubles (the peak finder's box means: f32 storage, f64 arithmetic, two lanes).
export const V128 = 0x7b;
/** `v128.load64_zero`: two f32 into the low lanes (alignment 0, offset 0). */
export const V128_LOAD64_ZERO = [0xfd, 0x5d, 0, 0];
/** `v128.store64_lane` of lane 0: the two f32 of the low lanes (alignment 0, offset 0). */
export const V128_STORE64_LANE0 = [0xfd, 0x5b, 0, 0, 0];
export const F64X2_PROMOTE_LOW_F32X4 = [0xfd, 0x5f];
export const F32X4_DEMOTE_F64X2_ZERO = [0xfd, 0x5e];
export const F64X2_SPLAT = [0xfd, 0x14];
export const F64X2_ADD = [0xfd, 0xf0, 0x01];
export const F64X2_SUB = [0xfd, 0xf1, 0x01];
export const F64X2_MUL = [0xfd, 0xf2, 0x01];
export const F64_LE = 0x65;
export const F64_GE = 0x66;
export const F32_GE = 0x60;
export const F32_CONVERT_I32_U = 0xb3;
/** `v128.load32_zero`: one f32 into lane 0 (alignment 0, offset 0). */
export const V128_LOAD32_ZERO = [0xfd, 0x5c, 0, 0];
/** `v128.load32_lane` into lane 1, and `v128.store32_lane` of lanes 0 and 1. */
export const V128_LOAD32_LANE1 = [0xfd, 0x56, 0, 0, 1];
export const V128_STORE32_LANE0 = [0xfd, 0x5a, 0, 0, 0];
export const V128_STORE32_LANE1 = [0xfd, 0x5a, 0, 0, 1];
export const F64X2_EXTRACT_LANE0 = [0xfd, 0x21, 0];
export const F64X2_EXTRACT_LANE1 = [0xfd, 0x21, 1];
export const F64X2_REPLACE_LANE1 = [0xfd, 0x22, 1];
export const F32X4_SPLAT = [0xfd, 0x13];
export const F32X4_GE = [0xfd, 0x46];
export const I32X4_BITMASK = [0xfd, 0xa4, 0x01];
/** `v128.store` at the address plus `offset` bytes (alignment 0). */
export function v128Store(offset: number): number[] {
  return [0xfd, 0x0b, 0, ...leb(offset)];
}
export const I16X8_EXTEND_LOW_I8X16_U = [0xfd, 0x89, 0x01];
export const I16X8_EXTEND_HIGH_I8X16_U = [0xfd, 0x8a, 0x01];
export const I32X4_EXTEND_LOW_I16X8_U = [0xfd, 0xa9, 0x01];
export const I32X4_EXTEND_HIGH_I16X8_U = [0xfd, 0xaa, 0x01];
export const F32X4_CONVERT_I32X4_U = [0xfd, 0xfb, 0x01];

// SIMD on 16-bit lanes (the dark-head map: box sums, minima and maxima, the floor test) and the
// division of its box means in single precision.
export const F32 = 0x7d;
export const I16X8_SPLAT = [0xfd, 0x10];
export const I16X8_ADD = [0xfd, 0x8e, 0x01];
export const I16X8_MIN_S = [0xfd, 0x96, 0x01];
export const I16X8_MAX_S = [0xfd, 0x98, 0x01];
export const I16X8_GE_S = [0xfd, 0x35];
export const I16X8_BITMASK = [0xfd, 0x84, 0x01];
export const I32X4_EXTEND_LOW_I16X8_S = [0xfd, 0xa7, 0x01];
export const I32X4_EXTEND_HIGH_I16X8_S = [0xfd, 0xa8, 0x01];
export const I32X4_TRUNC_SAT_F32X4_S = [0xfd, 0xf8, 0x01];
export const F32X4_CONVERT_I32X4_S = [0xfd, 0xfa, 0x01];
export const F32X4_FLOOR = [0xfd, 0x68];
export const F32X4_ADD = [0xfd, 0xe4, 0x01];
export const F32X4_MUL = [0xfd, 0xe6, 0x01];
export const F32X4_DIV = [0xfd, 0xe7, 0x01];
export const I16X8_SUB = [0xfd, 0x91, 0x01];
export const I16X8_MUL = [0xfd, 0x95, 0x01];

/** `local.get local`. */
export const get = (local: number): number[] => [GET, local];

/**
 * `for (counter = 0; counter < end; counter += step) body` (signed); `body` must not branch out.
 */
export function loop(counter: number, end: number[], body: number[], step = 1): number[] {
  return [
    ...i32(0),
    SET,
    counter,
    ...[BLOCK, VOID, LOOP, VOID],
    ...[GET, counter, ...end, I32_GE_S, BR_IF, 1],
    ...body,
    ...[GET, counter, ...i32(step), I32_ADD, SET, counter],
    ...[BR, 0, END, END],
  ];
}
