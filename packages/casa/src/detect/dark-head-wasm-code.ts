/**
 * The code of the dark-head map's WebAssembly kernels (see dark-head-wasm.ts), written with
 * wasm-bytes.ts: 16-bit maps, eight pixels per instruction. Addresses, strides and steps are in
 * bytes; every row is a whole number of 16-byte groups (the map's width a multiple of 8 pixels).
 */
import {
  BLOCK,
  BR,
  BR_IF,
  END,
  F32_LOAD,
  F32X4_ADD,
  F32X4_CONVERT_I32X4_S,
  F32X4_DIV,
  F32X4_FLOOR,
  F32X4_MUL,
  F32X4_SPLAT,
  GET,
  I16X8_ADD,
  I16X8_BITMASK,
  I16X8_GE_S,
  I16X8_MAX_S,
  I16X8_MIN_S,
  I16X8_NARROW_I32X4_S,
  I16X8_SPLAT,
  I32,
  I32_ADD,
  I32_AND,
  I32_CTZ,
  I32_EQZ,
  I32_GE_S,
  I32_MUL,
  I32_SHL,
  I32_STORE,
  I32_SUB,
  I32X4_EXTEND_HIGH_I16X8_S,
  I32X4_EXTEND_LOW_I16X8_S,
  I32X4_TRUNC_SAT_F32X4_S,
  LOOP,
  SET,
  TEE,
  V128,
  V128_BITSELECT,
  V128_LOAD,
  VOID,
  i32,
  v128Store,
  leb,
  type WasmFunction,
  get,
  loop,
} from './wasm-bytes.js';

const add = (a: number[], b: number[]): number[] => [...a, ...b, I32_ADD];
const mul = (a: number[], b: number[]): number[] => [...a, ...b, I32_MUL];
/** `v128.load` at the address plus `offset` bytes (alignment 0). */
const v128LoadAt = (offset: number): number[] => [...V128_LOAD.slice(0, 3), ...leb(offset)];

/**
 * `name(src, dst, width, height, srcStride, dstStride, first, step, count)`: for each of `height`
 * rows and each group of 8 of its `width` pixels, dst = op over k < count of src at first + k·step
 * (bytes from the pixel's own address): a run of pixels along the row (step 2) or down the column
 * (step srcStride). The sums wrap at 16 bits: the caller keeps them inside.
 */
export function windowKernel(name: string, op: readonly number[]): WasmFunction {
  const [src, dst, width, height, srcStride, dstStride, first, step, count] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8,
  ];
  const [y, x, k, from, to, p, acc] = [9, 10, 11, 12, 13, 14, 15];
  const code = loop(y, get(height), [
    ...[...add(add(get(src), mul(get(y), get(srcStride))), get(first)), SET, from],
    ...[...add(get(dst), mul(get(y), get(dstStride))), SET, to],
    ...loop(
      x,
      [GET, width, ...i32(1), I32_SHL],
      [
        ...[GET, from, GET, x, I32_ADD, TEE, p, ...V128_LOAD, SET, acc],
        ...[...i32(1), SET, k],
        ...[BLOCK, VOID, LOOP, VOID, GET, k, GET, count, I32_GE_S, BR_IF, 1],
        ...[GET, acc, GET, p, GET, step, I32_ADD, TEE, p, ...V128_LOAD, ...op, SET, acc],
        ...[GET, k, ...i32(1), I32_ADD, SET, k, BR, 0, END, END],
        ...[GET, to, GET, x, I32_ADD, GET, acc, ...v128Store(0)],
      ],
      16,
    ),
  ]);
  return {
    name,
    params: Array<number>(9).fill(I32),
    locals: [...Array<number>(6).fill(I32), V128],
    code,
  };
}

/** The sum, the minimum and the maximum over a window (see {@link windowKernel}). */
export const WINDOW_SUM = I16X8_ADD;
export const WINDOW_MIN = I16X8_MIN_S;
export const WINDOW_MAX = I16X8_MAX_S;

/**
 * `means(sums, dst, columnCounts, rowCounts, width, height, srcStride, dstStride, half)`: the sum of
 * the 2 half + 1 rows of `sums` centred on each pixel's (rows outside the frame hold zeros),
 * divided by the pixel's count of box pixels (columnCounts[x] · rowCounts[y], Float32), rounded
 * half up: floor(sum / count + 0.5) in single precision. A sum and a count under 2^15 and 2^8 make
 * no rounding error reach the distance 1 / (2 count) from a quotient to a half (a half itself is
 * exact), so this is the rounded quotient, as the JavaScript means are.
 */
export function meansKernel(): WasmFunction {
  const [sums, dst, columnCounts, rowCounts, width, height, srcStride, dstStride, half] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8,
  ];
  const [y, x, k, from, to, p, rows, acc, rowCount] = [9, 10, 11, 12, 13, 14, 15, 16, 17];
  // One half of the 8 lanes: floor(lanes / (columnCounts · rowCount) + 0.5) as 32-bit integers.
  const quotient = (extend: readonly number[], countsOffset: number) => [
    ...[GET, acc, ...extend, ...F32X4_CONVERT_I32X4_S],
    ...[GET, columnCounts, GET, x, ...i32(1), I32_SHL, I32_ADD],
    ...[...v128LoadAt(countsOffset), GET, rowCount, ...F32X4_MUL, ...F32X4_DIV],
    ...[0x43, ...new Uint8Array(Float32Array.of(0.5).buffer), ...F32X4_SPLAT, ...F32X4_ADD],
    ...[...F32X4_FLOOR, ...I32X4_TRUNC_SAT_F32X4_S],
  ];
  const code = [
    ...[GET, half, ...i32(1), I32_SHL, ...i32(1), I32_ADD, SET, rows],
    ...loop(y, get(height), [
      ...[GET, sums, GET, y, GET, half, I32_SUB, GET, srcStride, I32_MUL, I32_ADD, SET, from],
      ...[...add(get(dst), mul(get(y), get(dstStride))), SET, to],
      ...[GET, rowCounts, GET, y, ...i32(2), I32_SHL, I32_ADD, ...F32_LOAD, ...F32X4_SPLAT],
      ...[SET, rowCount],
      ...loop(
        x,
        [GET, width, ...i32(1), I32_SHL],
        [
          ...[GET, from, GET, x, I32_ADD, TEE, p, ...V128_LOAD, SET, acc],
          ...[...i32(1), SET, k],
          ...[BLOCK, VOID, LOOP, VOID, GET, k, GET, rows, I32_GE_S, BR_IF, 1],
          ...[GET, acc, GET, p, GET, srcStride, I32_ADD, TEE, p, ...V128_LOAD, ...I16X8_ADD],
          ...[SET, acc, GET, k, ...i32(1), I32_ADD, SET, k, BR, 0, END, END],
          ...[GET, to, GET, x, I32_ADD],
          ...quotient(I32X4_EXTEND_LOW_I16X8_S, 0),
          ...quotient(I32X4_EXTEND_HIGH_I16X8_S, 16),
          ...[...I16X8_NARROW_I32X4_S, ...v128Store(0)],
        ],
        16,
      ),
    ]),
  ];
  return {
    name: 'means',
    params: Array<number>(9).fill(I32),
    locals: [...Array<number>(7).fill(I32), V128, V128],
    code,
  };
}

/**
 * `atLeast(signal, candidates, counts, size, floor)`: each value of `signal` (size pixels, a
 * multiple of 8) under `floor` becomes -32768, and the pixels reaching it are listed in
 * `candidates` in raster order; their number goes to counts[0].
 */
export function atLeastKernel(): WasmFunction {
  const [signal, candidates, counts, size, floor] = [0, 1, 2, 3, 4];
  const [p, v, reach, floors, below, bits, count] = [5, 6, 7, 8, 9, 10, 11];
  const code = [
    ...[GET, floor, ...I16X8_SPLAT, SET, floors],
    ...[...i32(-32768), ...I16X8_SPLAT, SET, below],
    ...[...i32(0), SET, count],
    ...loop(
      p,
      get(size),
      [
        ...[GET, signal, GET, p, ...i32(1), I32_SHL, I32_ADD, TEE, bits, ...V128_LOAD, SET, v],
        ...[GET, bits, GET, v, GET, below, GET, v, GET, floors, ...I16X8_GE_S, TEE, reach],
        ...[...V128_BITSELECT, ...v128Store(0)],
        ...[GET, reach, ...I16X8_BITMASK, SET, bits],
        // candidates[count++] = p + lowest bit, for each bit, lowest first.
        ...[BLOCK, VOID, LOOP, VOID, GET, bits, I32_EQZ, BR_IF, 1],
        ...[GET, candidates, GET, count, ...i32(2), I32_SHL, I32_ADD],
        ...[GET, p, GET, bits, I32_CTZ, I32_ADD, ...I32_STORE],
        ...[GET, count, ...i32(1), I32_ADD, SET, count],
        ...[GET, bits, GET, bits, ...i32(1), I32_SUB, I32_AND, SET, bits],
        ...[BR, 0, END, END],
      ],
      8,
    ),
    ...[GET, counts, GET, count, ...I32_STORE],
  ];
  return {
    name: 'atLeast',
    params: Array<number>(5).fill(I32),
    locals: [I32, V128, V128, V128, V128, I32, I32],
    code,
  };
}
