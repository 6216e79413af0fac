/**
 * The code of the peak finder's WebAssembly box mean (see peak-wasm.ts), written with wasm-bytes.ts:
 * `boxMean` of peak-maps.ts in the same floating-point operations (doubles, Float32 storage, the
 * same order), the column pass two columns at a time in SIMD (pairs of doubles), and optionally the
 * subtraction of the mean from the map it is written over.
 */
import {
  BLOCK,
  BR,
  BR_IF,
  ELSE,
  END,
  F32_DEMOTE_F64,
  F32_LOAD,
  F32_STORE,
  F32X4_DEMOTE_F64X2_ZERO,
  F64,
  F64_ADD,
  F64_CONVERT_I32_S,
  F64_DIV,
  F64_MUL,
  F64_GE,
  F64_PROMOTE_F32,
  F64_SUB,
  F32_CONVERT_I32_U,
  F32_GE,
  I32_LOAD8_U,
  I32_STORE,
  F64X2_ADD,
  F64X2_MUL,
  F64X2_PROMOTE_LOW_F32X4,
  F64X2_SPLAT,
  F64X2_SUB,
  GET,
  I32,
  I32_ADD,
  I32_AND,
  I32_GE_S,
  I32_GT_S,
  I32_LT_S,
  I32_MUL,
  I32_SHL,
  I32_SUB,
  IF,
  LOOP,
  SELECT,
  SET,
  TEE,
  V128,
  V128_LOAD64_ZERO,
  v128Store,
  I16X8_EXTEND_LOW_I8X16_U,
  I16X8_EXTEND_HIGH_I8X16_U,
  I32X4_EXTEND_LOW_I16X8_U,
  I32X4_EXTEND_HIGH_I16X8_U,
  F32X4_CONVERT_I32X4_U,
  V128_LOAD,
  V128_AND,
  F32X4_SPLAT,
  F32X4_GE,
  I32X4_BITMASK,
  V128_LOAD32_LANE1,
  V128_LOAD32_ZERO,
  V128_STORE32_LANE0,
  V128_STORE32_LANE1,
  F64X2_EXTRACT_LANE0,
  F64X2_EXTRACT_LANE1,
  F64X2_REPLACE_LANE1,
  V128_STORE64_LANE0,
  VOID,
  f64,
  i32,
  type WasmFunction,
  get,
} from './wasm-bytes.js';
import { LEVEL_SAMPLE_STEP } from './peak-params.js';

/** The sample step of the maps' level (LEVEL_SAMPLE_STEP). */
const SAMPLE_STEP = LEVEL_SAMPLE_STEP;
const F32 = 0x7d;
const I32_DIV_U = 0x6e;
const I32_REM_U = 0x70;

const set = (local: number, value: number[]): number[] => [...value, SET, local];
const add = (a: number[], b: number[]): number[] => [...a, ...b, I32_ADD];
const sub = (a: number[], b: number[]): number[] => [...a, ...b, I32_SUB];
const mul = (a: number[], b: number[]): number[] => [...a, ...b, I32_MUL];
const min = (a: number[], b: number[]): number[] => [...a, ...b, ...a, ...b, I32_LT_S, SELECT];
const max = (a: number[], b: number[]): number[] => [...a, ...b, ...a, ...b, I32_GT_S, SELECT];

/** `while (counter < end) { body; counter++ }` (signed), the counter set before. */
function upTo(counter: number, end: number[], body: number[], stride = 1): number[] {
  return [
    ...[BLOCK, VOID, LOOP, VOID],
    ...[GET, counter, ...end, I32_GE_S, BR_IF, 1],
    ...body,
    ...set(counter, add(get(counter), i32(stride))),
    ...[BR, 0, END, END],
  ];
}
/** `for (counter = start; counter < end; counter++) body`. */
const range = (counter: number, start: number[], end: number[], body: number[]): number[] => [
  ...set(counter, start),
  ...upTo(counter, end, body),
];
/** The byte address of Float32 element `index` of the array at byte offset `base`. */
const at = (base: number, index: number[]): number[] => [
  GET,
  base,
  ...index,
  ...i32(2),
  I32_SHL,
  I32_ADD,
];
/** Float32 element as a double. */
const load = (base: number, index: number[]): number[] => [
  ...at(base, index),
  ...F32_LOAD,
  F64_PROMOTE_F32,
];
/** Stores a double as Float32. */
const store = (base: number, index: number[], value: number[]): number[] => [
  ...at(base, index),
  ...value,
  F32_DEMOTE_F64,
  ...F32_STORE,
];
const toDouble = (value: number[]): number[] => [...value, F64_CONVERT_I32_S];
/** A double rounded to Float32 and back: what reading a stored Float32 gives. */
const asStored = (value: number[]): number[] => [...value, F32_DEMOTE_F64, F64_PROMOTE_F32];

/**
 * `box(src, out, tmp, columns, width, height, r, flags, sign, sample)`: out = the box mean of radius r
 * of src (the `boxMean` of peak-maps.ts: row means into tmp, then running column sums in columns);
 * with flag 1, out = sign * (out - mean) instead, rounded as the two Float32 steps round; with flag
 * 2 or 4, the values at every SAMPLE_STEP-th index of out, or of src - out, into sample. Arrays are
 * byte offsets of Float32 arrays; out may be src.
 */
export function boxKernel(): WasmFunction {
  const [src, out, tmp, columns, width, height, r, subtract, sign, sample] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
  ];
  const [y, x, row, lead, middleEnd, addRow, takeRow] = [10, 11, 12, 13, 14, 15, 16];
  const [sum, full, scale, c] = [17, 18, 19, 20];
  const [vScale, vSign, vc] = [21, 22, 23];
  const [row1, sum1, vSum, vFull, vOut] = [24, 25, 26, 27, 28];
  // One row's box means up to `lead`, and from `max(lead, middleEnd)` on (a row's sum in `total`).
  const rowLead = (rowAt: number, total: number) => [
    ...set(total, f64(0)),
    ...range(x, i32(0), min(get(r), get(width)), [
      ...set(total, [GET, total, ...load(src, add(get(rowAt), get(x))), F64_ADD]),
    ]),
    ...range(x, i32(0), get(lead), [
      ...[...add(get(x), get(r)), GET, width, I32_LT_S, IF, VOID],
      ...set(total, [GET, total, ...load(src, add(get(rowAt), add(get(x), get(r)))), F64_ADD]),
      END,
      ...store(tmp, add(get(rowAt), get(x)), [
        GET,
        total,
        ...toDouble(add(min(sub(get(width), i32(1)), add(get(x), get(r))), i32(1))),
        F64_DIV,
      ]),
    ]),
  ];
  const rowTail = (rowAt: number, total: number) =>
    range(x, max(get(lead), get(middleEnd)), get(width), [
      ...[GET, total, ...load(src, sub(add(get(rowAt), get(x)), add(get(r), i32(1)))), F64_SUB],
      ...[SET, total],
      ...store(tmp, add(get(rowAt), get(x)), [
        GET,
        total,
        ...toDouble(add(sub(sub(get(width), i32(1)), sub(get(x), get(r))), i32(1))),
        F64_DIV,
      ]),
    ]);
  const rowMiddle = range(x, get(lead), get(middleEnd), [
    ...[GET, sum, ...load(src, add(get(row), add(get(x), get(r))))],
    ...load(src, sub(add(get(row), get(x)), add(get(r), i32(1)))),
    ...[F64_SUB, F64_ADD, SET, sum],
    ...store(tmp, add(get(row), get(x)), [GET, sum, GET, full, F64_MUL]),
  ]);
  // Byte offset o along rows, from base pointers set per row (fewer instructions per pixel).
  const [o, oEnd, b0, b1, c0, c1, t0, t1] = [29, 30, 31, 32, 33, 34, 35, 36];
  const byte = (index: number[]) => [...index, ...i32(2), I32_SHL];
  const plus = (base: number) => [GET, base, GET, o, I32_ADD];
  /** [f32 at base0 + o, f32 at base1 + o] as doubles. */
  const pair = (base0: number, base1: number) => [
    ...plus(base1),
    ...plus(base0),
    ...V128_LOAD32_ZERO,
    ...V128_LOAD32_LANE1,
    ...F64X2_PROMOTE_LOW_F32X4,
  ];
  // Two rows' middles at once, one in each lane.
  const pairMiddle = [
    ...set(vSum, [GET, sum, ...F64X2_SPLAT, GET, sum1, ...F64X2_REPLACE_LANE1]),
    ...set(b0, [GET, src, ...byte(add(get(row), get(r))), I32_ADD]),
    ...set(b1, [GET, src, ...byte(add(get(row1), get(r))), I32_ADD]),
    ...set(c0, [GET, src, ...byte(sub(get(row), add(get(r), i32(1)))), I32_ADD]),
    ...set(c1, [GET, src, ...byte(sub(get(row1), add(get(r), i32(1)))), I32_ADD]),
    ...set(t0, [GET, tmp, ...byte(get(row)), I32_ADD]),
    ...set(t1, [GET, tmp, ...byte(get(row1)), I32_ADD]),
    ...set(o, byte(get(lead))),
    ...set(oEnd, byte(get(middleEnd))),
    ...upTo(
      o,
      get(oEnd),
      [
        ...[GET, vSum, ...pair(b0, b1), ...pair(c0, c1)],
        ...[...F64X2_SUB, ...F64X2_ADD, TEE, vSum],
        ...[GET, vFull, ...F64X2_MUL, ...F32X4_DEMOTE_F64X2_ZERO, SET, vOut],
        ...[...plus(t0), GET, vOut, ...V128_STORE32_LANE0],
        ...[...plus(t1), GET, vOut, ...V128_STORE32_LANE1],
      ],
      4,
    ),
    ...set(sum, [GET, vSum, ...F64X2_EXTRACT_LANE0]),
    ...set(sum1, [GET, vSum, ...F64X2_EXTRACT_LANE1]),
  ];
  const rowPass = [
    ...set(lead, min(get(width), add(get(r), i32(1)))),
    ...set(middleEnd, sub(get(width), get(r))),
    ...set(vFull, [GET, full, ...F64X2_SPLAT]),
    ...set(y, i32(0)),
    ...upTo(
      y,
      get(height),
      [
        ...set(row, mul(get(y), get(width))),
        ...[...add(get(y), i32(1)), GET, height, I32_LT_S, IF, VOID],
        ...set(row1, add(get(row), get(width))),
        ...rowLead(row, sum),
        ...rowLead(row1, sum1),
        ...pairMiddle,
        ...rowTail(row, sum),
        ...rowTail(row1, sum1),
        ELSE,
        ...rowLead(row, sum),
        ...rowMiddle,
        ...rowTail(row, sum),
        END,
      ],
      2,
    ),
  ];
  // One column of a row: the column sum gains the row entering the box and loses the one leaving.
  const scalarColumn = [
    ...set(c, load(columns, get(x))),
    ...[GET, addRow, ...i32(0), I32_GE_S, IF, VOID],
    ...set(c, [GET, c, ...load(tmp, add(get(addRow), get(x))), F64_ADD]),
    ...[END, GET, takeRow, ...i32(0), I32_GE_S, IF, VOID],
    ...set(c, [GET, c, ...load(tmp, add(get(takeRow), get(x))), F64_SUB]),
    END,
    ...store(columns, get(x), get(c)),
    ...[GET, subtract, ...i32(1), I32_AND, IF, VOID],
    ...store(out, add(get(row), get(x)), [
      GET,
      sign,
      ...load(out, add(get(row), get(x))),
      ...asStored([GET, c, GET, scale, F64_MUL]),
      F64_SUB,
      F64_MUL,
    ]),
    ELSE,
    ...store(out, add(get(row), get(x)), [GET, c, GET, scale, F64_MUL]),
    END,
  ];
  /** Two doubles from the Float32 pair at base + o. */
  const two = (base: number) => [...plus(base), ...V128_LOAD64_ZERO, ...F64X2_PROMOTE_LOW_F32X4];
  const storeTwo = (base: number, value: number[]) => [
    ...plus(base),
    ...value,
    ...F32X4_DEMOTE_F64X2_ZERO,
    ...V128_STORE64_LANE0,
  ];
  // Columns x and x + 1 of a row whose box has a row entering and one leaving: b0 the column sums,
  // b1 the entering row, c0 the leaving row, c1 the row written; x = o / 4 after.
  const pairColumns = (subtracting: boolean) => [
    ...set(b0, get(columns)),
    ...set(b1, [GET, tmp, ...byte(get(addRow)), I32_ADD]),
    ...set(c0, [GET, tmp, ...byte(get(takeRow)), I32_ADD]),
    ...set(c1, [GET, out, ...byte(get(row)), I32_ADD]),
    ...set(o, i32(0)),
    ...set(oEnd, byte(sub(get(width), i32(1)))),
    ...upTo(
      o,
      get(oEnd),
      [
        ...set(vc, [...two(b0), ...two(b1), ...F64X2_ADD, ...two(c0), ...F64X2_SUB]),
        ...storeTwo(b0, get(vc)),
        ...storeTwo(
          c1,
          subtracting
            ? [
                GET,
                vSign,
                ...two(c1),
                ...[GET, vc, GET, vScale, ...F64X2_MUL],
                ...[...F32X4_DEMOTE_F64X2_ZERO, ...F64X2_PROMOTE_LOW_F32X4],
                ...F64X2_SUB,
                ...F64X2_MUL,
              ]
            : [GET, vc, GET, vScale, ...F64X2_MUL],
        ),
      ],
      8,
    ),
    ...set(x, [GET, o, ...i32(2), 0x75 /* i32.shr_s */]),
  ];
  // The row's pixels whose index is a multiple of SAMPLE_STEP into sample[index / SAMPLE_STEP]:
  // out's (flag 2), or src's minus out's rounded to Float32 (flag 4).
  const remainder = (value: number[]) => [...value, ...i32(SAMPLE_STEP), I32_REM_U];
  const sampleRow = [
    ...[GET, subtract, ...i32(6), I32_AND, IF, VOID],
    ...set(x, remainder(sub(i32(SAMPLE_STEP), remainder(get(row))))),
    ...upTo(
      x,
      get(width),
      [
        ...at(sample, [...add(get(row), get(x)), ...i32(SAMPLE_STEP), I32_DIV_U]),
        ...[GET, subtract, ...i32(2), I32_AND, IF, F32],
        ...[...at(out, add(get(row), get(x))), ...F32_LOAD],
        ELSE,
        ...[...load(src, add(get(row), get(x))), ...load(out, add(get(row), get(x)))],
        ...[F64_SUB, F32_DEMOTE_F64],
        ...[END, ...F32_STORE],
      ],
      SAMPLE_STEP,
    ),
    END,
  ];
  const columnPass = [
    ...range(x, i32(0), get(width), store(columns, get(x), f64(0))),
    ...range(y, i32(0), min(get(r), get(height)), [
      ...range(x, i32(0), get(width), [
        ...store(columns, get(x), [
          ...load(columns, get(x)),
          ...load(tmp, add(mul(get(y), get(width)), get(x))),
          F64_ADD,
        ]),
      ]),
    ]),
    ...range(y, i32(0), get(height), [
      // addRow = y + r < height ? (y + r) * width : -1; takeRow = y > r ? (y - r - 1) * width : -1
      ...[...mul(add(get(y), get(r)), get(width)), ...i32(-1)],
      ...[...add(get(y), get(r)), GET, height, I32_LT_S, SELECT, SET, addRow],
      ...[...mul(sub(get(y), add(get(r), i32(1))), get(width)), ...i32(-1)],
      ...[GET, y, GET, r, I32_GT_S, SELECT, SET, takeRow],
      ...[
        ...f64(1),
        ...toDouble(
          add(
            sub(
              min(sub(get(height), i32(1)), add(get(y), get(r))),
              max(i32(0), sub(get(y), get(r))),
            ),
            i32(1),
          ),
        ),
      ],
      ...[F64_DIV, SET, scale],
      ...set(row, mul(get(y), get(width))),
      ...set(x, i32(0)),
      ...[GET, addRow, ...i32(0), I32_GE_S, GET, takeRow, ...i32(0), I32_GE_S, I32_AND, IF, VOID],
      ...set(vScale, [GET, scale, ...F64X2_SPLAT]),
      ...[
        GET,
        subtract,
        ...i32(1),
        I32_AND,
        IF,
        VOID,
        ...pairColumns(true),
        ELSE,
        ...pairColumns(false),
        END,
      ],
      END,
      ...upTo(x, get(width), scalarColumn),
      ...sampleRow,
    ]),
  ];
  const code = [
    ...set(full, [...f64(1), ...toDouble(add(mul(i32(2), get(r)), i32(1))), F64_DIV]),
    ...set(vSign, [GET, sign, ...F64X2_SPLAT]),
    ...rowPass,
    ...columnPass,
  ];
  return {
    name: 'box',
    params: [I32, I32, I32, I32, I32, I32, I32, I32, F64, I32],
    locals: [
      ...Array<number>(7).fill(I32),
      ...[F64, F64, F64, F64, V128, V128, V128],
      ...[I32, F64, V128, V128, V128],
      ...Array<number>(8).fill(I32),
    ],
    code,
  };
}

/**
 * `bytes(frame, grey, n)`: grey[i] = frame[i] for the n bytes of a frame (a bin of 1), sixteen at a
 * time in SIMD (bytes widened to 16 then 32 bits, converted to Float32), the rest one by one.
 */
export function bytesKernel(): WasmFunction {
  const [frame, grey, n, i, lo, hi] = [0, 1, 2, 3, 4, 5];
  const quarter = (half: number, extend: number[], offset: number) => [
    ...at(grey, get(i)),
    ...[GET, half, ...extend, ...F32X4_CONVERT_I32X4_U, ...v128Store(offset)],
  ];
  const code = [
    ...set(i, i32(0)),
    ...upTo(
      i,
      sub(get(n), i32(15)),
      [
        ...[GET, frame, GET, i, I32_ADD, ...V128_LOAD, TEE, lo, ...I16X8_EXTEND_HIGH_I8X16_U],
        ...[SET, hi, GET, lo, ...I16X8_EXTEND_LOW_I8X16_U, SET, lo],
        ...quarter(lo, I32X4_EXTEND_LOW_I16X8_U, 0),
        ...quarter(lo, I32X4_EXTEND_HIGH_I16X8_U, 16),
        ...quarter(hi, I32X4_EXTEND_LOW_I16X8_U, 32),
        ...quarter(hi, I32X4_EXTEND_HIGH_I16X8_U, 48),
      ],
      16,
    ),
    ...upTo(i, get(n), [
      ...at(grey, get(i)),
      ...[GET, frame, GET, i, I32_ADD, ...I32_LOAD8_U, F32_CONVERT_I32_U, ...F32_STORE],
    ]),
  ];
  return { name: 'bytes', params: [I32, I32, I32], locals: [I32, V128, V128], code };
}

/**
 * `scan(map, list, counts, width, height, step, threshold, threshold32)`: the indices, in raster
 * order, of the map's pixels at least `step` from its edges that reach the threshold and each of
 * their four neighbours (as `scanCandidates` in peak-local.ts); their number into counts[0]. Four
 * pixels at a time in SIMD against threshold32, the smallest Float32 at or above the threshold (so
 * the same pixels pass), the last few of a row one by one.
 */
export function scanKernel(): WasmFunction {
  const [map, list, counts, width, height, step, threshold, threshold32] = [0, 1, 2, 3, 4, 5, 6, 7];
  const [y, x, i, count, v, end, bits, vt, vv] = [8, 9, 10, 11, 12, 13, 14, 15, 16];
  const f32At = (index: number[]) => [...at(map, index), ...F32_LOAD];
  const atLeast = (index: number[]) => [GET, v, ...f32At(index), F32_GE];
  const push = (index: number[]) => [
    ...[...at(list, get(count)), ...index, ...I32_STORE],
    ...set(count, add(get(count), i32(1))),
  ];
  const four = (index: number[]) => [...at(map, index), ...V128_LOAD];
  const reaches = (index: number[]) => [GET, vv, ...four(index), ...F32X4_GE, ...V128_AND];
  const lane = (k: number) => [
    ...[GET, bits, ...i32(1 << k), I32_AND, IF, VOID],
    ...push(add(get(i), i32(k))),
    END,
  ];
  const code = [
    ...set(count, i32(0)),
    ...set(vt, [GET, threshold32, ...F32X4_SPLAT]),
    ...range(y, get(step), sub(get(height), get(step)), [
      ...set(end, sub(get(width), get(step))),
      ...set(x, get(step)),
      ...upTo(
        x,
        sub(get(end), i32(3)),
        [
          ...set(i, add(mul(get(y), get(width)), get(x))),
          ...set(vv, four(get(i))),
          ...[GET, vv, GET, vt, ...F32X4_GE],
          ...reaches(sub(get(i), i32(1))),
          ...reaches(add(get(i), i32(1))),
          ...reaches(sub(get(i), get(width))),
          ...reaches(add(get(i), get(width))),
          ...I32X4_BITMASK,
          TEE,
          bits,
          ...[IF, VOID, ...lane(0), ...lane(1), ...lane(2), ...lane(3), END],
        ],
        4,
      ),
      ...upTo(x, get(end), [
        ...set(i, add(mul(get(y), get(width)), get(x))),
        ...set(v, f32At(get(i))),
        ...[GET, v, F64_PROMOTE_F32, GET, threshold, F64_GE, IF, VOID],
        ...atLeast(sub(get(i), i32(1))),
        ...atLeast(add(get(i), i32(1))),
        I32_AND,
        ...atLeast(sub(get(i), get(width))),
        I32_AND,
        ...atLeast(add(get(i), get(width))),
        I32_AND,
        ...[IF, VOID, ...push(get(i)), END],
        END,
      ]),
    ]),
    ...[GET, counts, GET, count, ...I32_STORE],
  ];
  return {
    name: 'scan',
    params: [I32, I32, I32, I32, I32, I32, F64, F32],
    locals: [I32, I32, I32, I32, F32, I32, I32, V128, V128],
    code,
  };
}
