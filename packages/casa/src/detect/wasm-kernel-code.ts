/**
 * The code of the background subtractor's WebAssembly kernels (see wasm-kernels.ts), each the
 * JavaScript pass it replaces in the same arithmetic, written with wasm-bytes.ts.
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
  F64,
  F64_ADD,
  F64_CEIL,
  F64_CONVERT_I32_S,
  F64_CONVERT_I32_U,
  F64_DIV,
  F64_EQ,
  F64_FLOOR,
  F64_GE,
  F64_GT,
  F64_LE,
  F64_LOAD,
  F64_LT,
  F64_MAX,
  F64_MIN,
  F64_MUL,
  F64_NE,
  F64_PROMOTE_F32,
  F64_STORE,
  F64_SUB,
  F64_TRUNC,
  GET,
  I32,
  I32_ADD,
  I32_AND,
  I32_CTZ,
  I32_EQZ,
  I32_GE_S,
  I32_GT_S,
  I32_LE_S,
  I32_LOAD,
  I32_LOAD16_S,
  I32_LOAD16_U,
  I32_LOAD8_U,
  I32_LT_S,
  I32_LT_U,
  I32_MUL,
  I32_OR,
  I32_SHL,
  I32_DIV_U,
  I32_REM_U,
  I32_SHR_S,
  I32_SHR_U,
  I32_STORE,
  I32_STORE16,
  I32_STORE8,
  I32_SUB,
  I32_TRUNC_F64_S,
  I32X4_GE_S,
  I32X4_MUL,
  I32X4_REPLACE_LANE,
  I32X4_SPLAT,
  I32X4_SUB,
  I16X8_EXTEND_LOW_I8X16_U,
  I16X8_GE_S,
  I16X8_MUL,
  I16X8_NARROW_I32X4_S,
  I16X8_SPLAT,
  I16X8_SUB,
  I8X16_BITMASK,
  I8X16_GE_U,
  I8X16_LE_U,
  I8X16_MAX_U,
  I8X16_MIN_U,
  IF,
  LOOP,
  SELECT,
  SET,
  TEE,
  V128,
  V128_AND,
  V128_BITSELECT,
  V128_STORE64_LANE0,
  V128_LOAD,
  V128_LOAD64_ZERO,
  VOID,
  f64,
  i32,
  v128Store,
  withOffset,
  type WasmFunction,
  get,
  loop,
} from './wasm-bytes.js';

/** The entry of the byte-threshold table read for a NaN threshold: a 0 after `atLeast`'s 258. */
export const NAN_THRESHOLD_INDEX = 258;

// Code-building helpers: a counted loop, and addresses of 4- and 8-byte elements.
const increment = (local: number) => [GET, local, ...i32(1), I32_ADD, SET, local];
const at4 = (base: number, index: number[]) => [GET, base, ...index, ...i32(2), I32_SHL, I32_ADD];
const at8 = (base: number, index: number[]) => [GET, base, ...index, ...i32(3), I32_SHL, I32_ADD];
const f32As64 = (base: number, index: number[]) => [
  ...at4(base, index),
  ...F32_LOAD,
  F64_PROMOTE_F32,
];

/**
 * The block test: for block rows by < blockRows, groups g of 16 columns, p = frame + 4·by·width +
 * 16·g, out[by·width/16 + g] = bitmask(reach(extreme(rows p, p+w, p+2w, p+3w), image) & enabled).
 */
function blockTest(name: string, extreme: number[], reach: number[]): WasmFunction {
  const [frame, image, enabled, out, width, blockRows] = [0, 1, 2, 3, 4, 5];
  const [by, p, t, e, rowEnd, w2, w3] = [6, 7, 8, 9, 10, 11, 12];
  const load = (address: number[]) => [...address, ...V128_LOAD];
  const code = [
    ...[GET, width, ...i32(1), I32_SHL, TEE, w2, GET, width, I32_ADD, SET, w3],
    ...[GET, frame, SET, p, GET, image, SET, t, GET, enabled, SET, e],
    ...[BLOCK, VOID, LOOP, VOID],
    ...[GET, by, GET, blockRows, I32_GE_S, BR_IF, 1],
    // rowEnd = t + width: the thresholds of one block row.
    ...[GET, t, GET, width, I32_ADD, SET, rowEnd],
    ...[LOOP, VOID],
    ...[GET, out],
    ...load([GET, p]),
    ...load([GET, p, GET, width, I32_ADD]),
    ...extreme,
    ...load([GET, p, GET, w2, I32_ADD]),
    ...load([GET, p, GET, w3, I32_ADD]),
    ...extreme,
    ...extreme,
    ...load([GET, t]),
    ...reach,
    ...load([GET, e]),
    ...V128_AND,
    ...I8X16_BITMASK,
    ...I32_STORE16,
    ...[GET, p, ...i32(16), I32_ADD, SET, p],
    ...[GET, e, ...i32(16), I32_ADD, SET, e],
    ...[GET, out, ...i32(2), I32_ADD, SET, out],
    ...[GET, t, ...i32(16), I32_ADD, TEE, t, GET, rowEnd, I32_LT_U, BR_IF, 0],
    END,
    // The groups covered row 0 of the block row; skip its rows 1 to 3.
    ...[GET, p, GET, w3, I32_ADD, SET, p],
    ...increment(by),
    ...[BR, 0, END, END],
  ];
  return { name, params: [I32, I32, I32, I32, I32, I32], locals: Array<number>(7).fill(I32), code };
}

/** `clip(means, background, clipped, blocks, floor, dark)`: clipped = max(bg - floor, mean) or min(bg + floor, mean). */
function clipKernel(): WasmFunction {
  const [means, background, clipped, blocks, floor, dark] = [0, 1, 2, 3, 4, 5];
  const b = 6;
  const code = loop(b, get(blocks), [
    ...at4(clipped, get(b)),
    ...[GET, dark, IF, F64],
    ...[...f32As64(background, get(b)), GET, floor, F64_ADD, ...f32As64(means, get(b)), F64_MIN],
    ELSE,
    ...[...f32As64(background, get(b)), GET, floor, F64_SUB, ...f32As64(means, get(b)), F64_MAX],
    END,
    F32_DEMOTE_F64,
    ...F32_STORE,
  ]);
  return { name: 'clip', params: [I32, I32, I32, I32, F64, I32], locals: [I32], code };
}

/** `box(values, background, integral, blocksWide, blocksHigh, r)`: see `WasmKernels.boxMeans`. */
function boxKernel(): WasmFunction {
  const [values, background, integral, bw, bh, r] = [0, 1, 2, 3, 4, 5];
  const [by, bx, stride, y0, y1, x0, x1, rowSum] = [6, 7, 8, 9, 10, 11, 12, 13];
  const integralAt = (y: number, x: number) => [
    ...at8(integral, [GET, y, GET, stride, I32_MUL, GET, x, I32_ADD]),
    ...F64_LOAD,
  ];
  // lower = max(0, v) and upper = min(limit, v) of the value the code `v` pushes.
  const atLeastZero = (v: number[]) => [...i32(0), ...v, ...v, ...i32(0), I32_LT_S, SELECT];
  const atMost = (limit: number, v: number[]) => [
    GET,
    limit,
    ...v,
    ...v,
    GET,
    limit,
    I32_GT_S,
    SELECT,
  ];
  const code = [
    ...[GET, bw, ...i32(1), I32_ADD, SET, stride],
    // Row sums into the integral image: integral[y+1][x+1] = integral[y][x+1] + row sum to x.
    ...loop(by, get(bh), [
      ...f64(0),
      SET,
      rowSum,
      ...loop(bx, get(bw), [
        ...[GET, rowSum, ...f32As64(values, [GET, by, GET, bw, I32_MUL, GET, bx, I32_ADD])],
        ...[F64_ADD, SET, rowSum],
        ...at8(integral, [
          ...[GET, by, ...i32(1), I32_ADD, GET, stride, I32_MUL],
          ...[GET, bx, I32_ADD, ...i32(1), I32_ADD],
        ]),
        ...at8(integral, [GET, by, GET, stride, I32_MUL, GET, bx, I32_ADD, ...i32(1), I32_ADD]),
        ...F64_LOAD,
        ...[GET, rowSum, F64_ADD],
        ...F64_STORE,
      ]),
    ]),
    ...loop(by, get(bh), [
      ...atLeastZero([GET, by, GET, r, I32_SUB]),
      SET,
      y0,
      ...atMost(bh, [GET, by, GET, r, I32_ADD, ...i32(1), I32_ADD]),
      SET,
      y1,
      ...loop(bx, get(bw), [
        ...atLeastZero([GET, bx, GET, r, I32_SUB]),
        SET,
        x0,
        ...atMost(bw, [GET, bx, GET, r, I32_ADD, ...i32(1), I32_ADD]),
        SET,
        x1,
        ...at4(background, [GET, by, GET, bw, I32_MUL, GET, bx, I32_ADD]),
        ...[...integralAt(y1, x1), ...integralAt(y1, x0), F64_SUB],
        ...[...integralAt(y0, x1), F64_SUB, ...integralAt(y0, x0), F64_ADD],
        ...[GET, y1, GET, y0, I32_SUB, GET, x1, GET, x0, I32_SUB, I32_MUL, F64_CONVERT_I32_S],
        ...[F64_DIV, F32_DEMOTE_F64, ...F32_STORE],
      ]),
    ]),
  ];
  return {
    name: 'box',
    params: [I32, I32, I32, I32, I32, I32],
    locals: [I32, I32, I32, I32, I32, I32, I32, F64],
    code,
  };
}

/**
 * `thresholds(background, atLeast, threshold, image, enabled, blocks, imageBlocks, floor, dark)`:
 * bright t = atLeast[index(ceil(bg + floor))], dark t = atLeast[index(floor(bg - floor) + 1)] - 1,
 * index(g) = g + 1 clamped to 0..257 (258, a 0, for NaN); the images for the first imageBlocks.
 */
function thresholdsKernel(): WasmFunction {
  const [background, atLeast, threshold, image, enabled, blocks, imageBlocks, floor, dark] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8,
  ];
  const [b, index, a, t, g] = [9, 10, 11, 12, 13];
  const code = loop(b, get(blocks), [
    ...[GET, dark, IF, F64],
    ...[...f32As64(background, get(b)), GET, floor, F64_SUB, F64_FLOOR, ...f64(1), F64_ADD],
    ELSE,
    ...[...f32As64(background, get(b)), GET, floor, F64_ADD, F64_CEIL],
    ...[END, SET, g],
    ...[GET, g, GET, g, F64_NE, IF, I32, ...i32(NAN_THRESHOLD_INDEX), ELSE],
    ...[GET, g, ...f64(-1), F64_LT, IF, I32, ...i32(0), ELSE],
    ...[GET, g, ...f64(256), F64_GT, IF, I32, ...i32(257), ELSE],
    ...[GET, g, I32_TRUNC_F64_S, ...i32(1), I32_ADD],
    ...[END, END, END, SET, index],
    ...[GET, atLeast, GET, index, ...i32(1), I32_SHL, I32_ADD, ...I32_LOAD16_S, SET, a],
    // t = dark ? a - 1 : a
    ...[GET, a, ...i32(1), I32_SUB, GET, a, GET, dark, SELECT, SET, t],
    ...[...at4(threshold, get(b)), GET, t, ...I32_STORE],
    ...[GET, b, GET, imageBlocks, I32_LT_S, IF, VOID],
    // image: min(max(t, 0), 255) in each byte.
    ...at4(image, get(b)),
    ...[...i32(0), ...i32(255), GET, t, GET, t, ...i32(255), I32_GT_S, SELECT],
    ...[GET, t, ...i32(0), I32_LT_S, SELECT, ...i32(0x01010101), I32_MUL, ...I32_STORE],
    // enabled: 0 where no byte can pass (bright t > 255, dark t < 0), else all ones.
    ...at4(enabled, get(b)),
    ...[...i32(0), ...i32(-1)],
    ...[GET, t, ...i32(0), I32_LT_S, GET, t, ...i32(255), I32_GT_S, GET, dark, SELECT],
    ...[SELECT, ...I32_STORE],
    END,
  ]);
  return {
    name: 'thresholds',
    params: [I32, I32, I32, I32, I32, I32, I32, F64, I32],
    locals: [I32, I32, I32, I32, F64],
    code,
  };
}

/**
 * `average(frame, grey, means, width, height, blocksWide, blocksHigh)`: each block's mean grey value
 * from pixels 0 and 2 of its rows 0 and 2 (row 0 only in a last block row of one or two rows).
 */
function averageKernel(): WasmFunction {
  const [frame, grey, means, width, height, bw, bh] = [0, 1, 2, 3, 4, 5, 6];
  const [by, bx, row0, row2, sum, has2, scale] = [7, 8, 9, 10, 11, 12, 13];
  // grey[frame byte at row + 4·bx + offset]
  const greyAt = (row: number, offset: number) => [
    ...[GET, grey, GET, row, GET, bx, ...i32(2), I32_SHL, I32_ADD],
    ...[...i32(offset), I32_ADD, ...I32_LOAD8_U, I32_ADD, ...I32_LOAD8_U],
  ];
  const code = loop(by, get(bh), [
    ...[GET, frame, GET, by, ...i32(2), I32_SHL, GET, width, I32_MUL, I32_ADD, SET, row0],
    ...[GET, row0, GET, width, ...i32(1), I32_SHL, I32_ADD, SET, row2],
    ...[GET, by, ...i32(2), I32_SHL, ...i32(2), I32_ADD, GET, height, I32_LT_S, SET, has2],
    ...[...f64(0.25), ...f64(0.5), GET, has2, SELECT, SET, scale],
    ...loop(bx, get(bw), [
      ...[...greyAt(row0, 0), ...greyAt(row0, 2), I32_ADD, SET, sum],
      ...[GET, has2, IF, VOID, GET, sum, ...greyAt(row2, 0), I32_ADD, ...greyAt(row2, 2)],
      ...[I32_ADD, SET, sum, END],
      ...at4(means, [GET, by, GET, bw, I32_MUL, GET, bx, I32_ADD]),
      ...[GET, sum, F64_CONVERT_I32_S, GET, scale, F64_MUL, F32_DEMOTE_F64, ...F32_STORE],
    ]),
  ]);
  return {
    name: 'average',
    params: [I32, I32, I32, I32, I32, I32, I32],
    locals: [I32, I32, I32, I32, I32, I32, F64],
    code,
  };
}

/**
 * `candidates(frame, threshold, masks, candidates, active, rowBlocks, rowHits, width, height,
 * blocksWide, blocksHigh, bright, counts, image, enabled)`: the pixels passing their block's
 * threshold, in raster order, in the blocks the block test passed (every block of a last short
 * block row), and the blocks that hold one; their numbers go to counts[0] and counts[1]. As
 * `BackgroundSubtractor.findCandidates` does in JavaScript.
 *
 * In a full block row each row of 16 pixels whose group of blocks passed is tested at once against
 * the block test's threshold and enable images (the test on every pixel that the block test makes
 * on the columns' extremes), and its passing pixels listed from the bits; a block the test passed
 * holds a passing pixel, so those blocks are the ones listed. At low magnification a third of the
 * pixels pass and most blocks hold one. A last short block row is tested pixel by pixel.
 */
function candidatesKernel(): WasmFunction {
  const [frame, threshold, masks, candidates, active, rowBlocks, rowHits] = [0, 1, 2, 3, 4, 5, 6];
  const [width, height, bw, bh, bright, counts, image, enabled] = [7, 8, 9, 10, 11, 12, 13, 14];
  const [by, y0, y1, listed, k, g, mask, y, row, bx, t, i, count, activeCount] = [
    15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28,
  ];
  const [before, v, groups, rowBlock, bits, base, images] = [29, 30, 31, 32, 33, 34, 35];
  const listBlock = (block: number[]) => [
    ...at4(rowBlocks, get(listed)),
    ...block,
    ...I32_STORE,
    ...increment(listed),
  ];
  const listActive = (block: number[]) => [
    ...at4(active, get(activeCount)),
    ...[GET, rowBlock, ...block, I32_ADD, ...I32_STORE],
    ...increment(activeCount),
  ];
  // The block test's mask of group g in this block row.
  const groupMask = [
    ...[GET, masks, GET, by, GET, groups, I32_MUL, GET, g, I32_ADD, ...i32(1), I32_SHL],
    ...[I32_ADD, ...I32_LOAD16_U],
  ];
  // candidates[count] = i + j; count += bright ? v >= t : v <= t, with v = frame[i + j]: written
  // whatever the test, so no branch depends on the pixel.
  const testPixel = (j: number) => [
    ...[...at4(candidates, get(count)), GET, i, ...i32(j), I32_ADD, ...I32_STORE],
    ...[GET, frame, GET, i, I32_ADD, ...withOffset(I32_LOAD8_U, j), SET, v],
    ...[GET, count, GET, v, GET, t, I32_GE_S, GET, v, GET, t, I32_LE_S, GET, bright, SELECT],
    ...[I32_ADD, SET, count],
  ];
  const shortBlockRow = [
    ...loop(k, get(bw), listBlock(get(k))),
    ...loop(k, get(listed), [GET, rowHits, GET, k, I32_ADD, ...i32(0), ...I32_STORE8]),
    // for (y = y0; y < y1; y++), as a count of rows from y0.
    ...loop(
      y,
      [GET, y1, GET, y0, I32_SUB],
      [
        ...[GET, y0, GET, y, I32_ADD, GET, width, I32_MUL, SET, row],
        ...loop(k, get(listed), [
          ...[...at4(rowBlocks, get(k)), ...I32_LOAD, SET, bx],
          ...[...at4(threshold, [GET, rowBlock, GET, bx, I32_ADD]), ...I32_LOAD, SET, t],
          ...[GET, count, SET, before],
          ...[GET, row, GET, bx, ...i32(2), I32_SHL, I32_ADD, SET, i],
          ...[0, 1, 2, 3].flatMap(testPixel),
          ...[GET, count, GET, before, I32_GT_S, IF, VOID],
          ...[GET, rowHits, GET, k, I32_ADD, ...i32(1), ...I32_STORE8, END],
        ]),
      ],
    ),
    ...loop(k, get(listed), [
      ...[GET, rowHits, GET, k, I32_ADD, ...I32_LOAD8_U, I32_EQZ, I32_EQZ, IF, VOID],
      ...listActive([...at4(rowBlocks, get(k)), ...I32_LOAD]),
      END,
    ]),
  ];
  // bits = the passing pixels of the 16 at base (bright: byte >= image, dark: <=) & enabled.
  const passingBits = [
    ...[GET, bright, IF, V128],
    ...[GET, frame, GET, base, I32_ADD, ...V128_LOAD, GET, images, GET, image, I32_ADD],
    ...[...V128_LOAD, ...I8X16_GE_U, ELSE],
    ...[GET, frame, GET, base, I32_ADD, ...V128_LOAD, GET, images, GET, image, I32_ADD],
    ...[...V128_LOAD, ...I8X16_LE_U, END],
    ...[GET, images, GET, enabled, I32_ADD, ...V128_LOAD, ...V128_AND, ...I8X16_BITMASK, SET, bits],
  ];
  // candidates[count++] = base + lowest bit, for each bit, lowest first.
  const listBits = [
    ...[BLOCK, VOID, LOOP, VOID, GET, bits, I32_EQZ, BR_IF, 1],
    ...[...at4(candidates, get(count)), GET, base, GET, bits, I32_CTZ, I32_ADD, ...I32_STORE],
    ...increment(count),
    ...[GET, bits, GET, bits, ...i32(1), I32_SUB, I32_AND, SET, bits],
    ...[BR, 0, END, END],
  ];
  const fullBlockRow = [
    ...loop(g, get(groups), [
      ...[...groupMask, SET, mask],
      ...loop(k, i32(4), [
        ...[GET, mask, GET, k, ...i32(2), I32_SHL, I32_SHR_U, ...i32(15), I32_AND],
        ...[IF, VOID, ...listBlock([GET, g, ...i32(2), I32_SHL, GET, k, I32_ADD]), END],
      ]),
    ]),
    ...loop(y, i32(4), [
      ...[GET, y0, GET, y, I32_ADD, GET, width, I32_MUL, SET, row],
      ...loop(g, get(groups), [
        ...[...groupMask, IF, VOID],
        ...[GET, row, GET, g, ...i32(4), I32_SHL, TEE, images, I32_ADD, SET, base],
        // The images' offset: this block row's, group g's.
        ...[GET, by, GET, width, I32_MUL, GET, images, I32_ADD, SET, images],
        ...passingBits,
        ...listBits,
        END,
      ]),
    ]),
    ...loop(k, get(listed), listActive([...at4(rowBlocks, get(k)), ...I32_LOAD])),
  ];
  const code = [
    ...[GET, bw, ...i32(2), I32_SHR_U, SET, groups],
    ...loop(by, get(bh), [
      ...[GET, by, ...i32(2), I32_SHL, SET, y0],
      // y1 = min(height, y0 + 4)
      ...[GET, height, GET, y0, ...i32(4), I32_ADD, GET, y0, ...i32(4), I32_ADD, GET, height],
      ...[I32_GT_S, SELECT, SET, y1],
      ...[GET, by, GET, bw, I32_MUL, SET, rowBlock],
      ...[...i32(0), SET, listed],
      ...[GET, y1, GET, y0, I32_SUB, ...i32(4), I32_LT_S, IF, VOID],
      ...shortBlockRow,
      ELSE,
      ...fullBlockRow,
      END,
    ]),
    ...[GET, counts, GET, count, ...I32_STORE],
    ...[GET, counts, ...i32(4), I32_ADD, GET, activeCount, ...I32_STORE],
  ];
  return {
    name: 'candidates',
    params: Array<number>(15).fill(I32),
    locals: Array<number>(21).fill(I32),
    code,
  };
}

/**
 * The smallest magnitude of a head-positive background, grey levels, at which the fill works in
 * integers (see {@link fillKernel}); blocks with a smaller one, not 0 (a block of a black border,
 * say, whose box mean is a rounding residue), are filled in doubles.
 */
const SMALLEST_INTEGER_LEVEL = 2 ** -30;

/**
 * `fill(frame, grey, background, signal, active, activeCount, stale, staleCount, filled, mark,
 * width, height, blocksWide, sign)`: the signal (sign·grey - sign·background, truncated to 16 bits
 * as an Int16Array stores it) in the active blocks, each marked in `filled`, and -32768 in the
 * stale blocks not marked. As `BackgroundSubtractor.fillSignalOfCandidateBlocks` does. Blocks are
 * 4 pixels wide (the kernels' frames are whole 16-pixel groups wide), so rows are written out.
 *
 * With g = sign·grey an integer and level = sign·background, trunc(g - level) is g - ceil(level)
 * where g >= level and g - floor(level) where not. The doubles' g - level truncates the same
 * unless it rounds onto an integer, which needs level within half a unit of the last place of a
 * number under 512 (2^-45) of an integer without being one: for an f32 value under 512 only when
 * 0 < |level| < 2^-45 (its fraction is a multiple of 2^-23 from 1 up, and 1 - 2^-24 is the float
 * closest to 1 below it). Such blocks, below {@link SMALLEST_INTEGER_LEVEL}, are filled in doubles.
 */
function fillKernel(): WasmFunction {
  const [frame, grey, background, signal, active, activeCount, stale, staleCount] = [
    0, 1, 2, 3, 4, 5, 6, 7,
  ];
  const [filled, mark, width, height, bw, sign] = [8, 9, 10, 11, 12, 13];
  const [a, b, bx, by, y, rowEnd, i, level, signF] = [14, 15, 16, 17, 18, 19, 20, 21, 22];
  const [signs, ceilLevels, floorLevels, greys, result] = [23, 24, 25, 26, 27];
  // bx, by of block b; rowEnd = min(height, 4·by + 4); then each row's first pixel i, its 4 pixels.
  const blockRows = (perRow: number[]) => [
    ...[GET, b, GET, b, GET, bw, 0x6e /* i32.div_u */, TEE, by, GET, bw, I32_MUL, I32_SUB, SET, bx],
    ...[GET, height, GET, by, ...i32(2), I32_SHL, ...i32(4), I32_ADD],
    ...[GET, by, ...i32(2), I32_SHL, ...i32(4), I32_ADD, GET, height, I32_GT_S, SELECT],
    ...[SET, rowEnd],
    ...loop(
      y,
      [GET, rowEnd, GET, by, ...i32(2), I32_SHL, I32_SUB],
      [
        ...[GET, by, ...i32(2), I32_SHL, GET, y, I32_ADD, GET, width, I32_MUL],
        ...[GET, bx, ...i32(2), I32_SHL, I32_ADD, SET, i],
        ...perRow,
      ],
    ),
  ];
  // The address of signal[i]; the pixel's column is the store's offset.
  const signalRow = [GET, signal, GET, i, ...i32(1), I32_SHL, I32_ADD];
  // grey[frame[i + column]]
  const greyAt = (column: number) => [
    ...[GET, grey, GET, frame, GET, i, I32_ADD, ...withOffset(I32_LOAD8_U, column), I32_ADD],
    ...I32_LOAD8_U,
  ];
  // The row's 4 pixels at once, in 32-bit lanes: g = sign·grey, then g - ceil(level) where
  // g >= ceil(level), else g - floor(level), narrowed to 16 bits (no value is near the limits).
  const integerRow = [
    ...signalRow,
    ...[...greyAt(0), ...I32X4_SPLAT, ...greyAt(1), ...I32X4_REPLACE_LANE(1)],
    ...[...greyAt(2), ...I32X4_REPLACE_LANE(2), ...greyAt(3), ...I32X4_REPLACE_LANE(3)],
    ...[GET, signs, ...I32X4_MUL, TEE, greys, GET, ceilLevels, ...I32X4_SUB],
    ...[GET, greys, GET, floorLevels, ...I32X4_SUB],
    ...[GET, greys, GET, ceilLevels, ...I32X4_GE_S, ...V128_BITSELECT, TEE, result],
    ...[GET, result, ...I16X8_NARROW_I32X4_S, ...V128_STORE64_LANE0],
  ];
  const doublePixel = (column: number) => [
    ...signalRow,
    ...[GET, signF, ...greyAt(column), F64_CONVERT_I32_S, F64_MUL, GET, level, F64_SUB],
    ...[I32_TRUNC_F64_S, ...withOffset(I32_STORE16, 2 * column)],
  ];
  const code = [
    ...[GET, sign, F64_CONVERT_I32_S, SET, signF],
    ...[GET, sign, ...I32X4_SPLAT, SET, signs],
    ...loop(a, get(activeCount), [
      ...[...at4(active, get(a)), ...I32_LOAD, SET, b],
      ...[...at4(filled, get(b)), GET, mark, ...I32_STORE],
      // The head-positive background: sign · background.
      ...[GET, signF, ...f32As64(background, get(b)), F64_MUL, SET, level],
      ...[GET, level, ...f64(0), F64_EQ],
      ...[GET, level, ...f64(SMALLEST_INTEGER_LEVEL), F64_GE, I32_OR],
      ...[GET, level, ...f64(-SMALLEST_INTEGER_LEVEL), F64_LE, I32_OR, IF, VOID],
      ...[GET, level, F64_CEIL, I32_TRUNC_F64_S, ...I32X4_SPLAT, SET, ceilLevels],
      ...[GET, level, F64_FLOOR, I32_TRUNC_F64_S, ...I32X4_SPLAT, SET, floorLevels],
      ...blockRows(integerRow),
      ELSE,
      ...blockRows([0, 1, 2, 3].flatMap(doublePixel)),
      END,
    ]),
    ...loop(a, get(staleCount), [
      ...[...at4(stale, get(a)), ...I32_LOAD, SET, b],
      ...[...at4(filled, get(b)), ...I32_LOAD, GET, mark, 0x47 /* i32.ne */, IF, VOID],
      ...blockRows(
        [0, 1, 2, 3].flatMap((column) => [
          ...signalRow,
          ...i32(-32768),
          ...withOffset(I32_STORE16, 2 * column),
        ]),
      ),
      END,
    ]),
  ];
  return {
    name: 'fill',
    params: Array<number>(14).fill(I32),
    locals: [...Array<number>(7).fill(I32), F64, F64, ...Array<number>(5).fill(V128)],
    code,
  };
}

/**
 * `patch(frame, grey, background, out, width, height, blocksWide, pixel, half, sign)`: the
 * head-positive contrast trunc(sign·(grey - background)) of the (2·half + 1)² pixels centred on
 * `pixel`, row by row, as doubles into `out`, NaN outside the frame. As
 * `BackgroundSubtractor`'s `signalAt` gives each (see `SubtractedFrame.contrastPatch`).
 */
function patchKernel(): WasmFunction {
  const [frame, grey, background, out, width, height, bw, pixel, half, sign] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
  ];
  const [cx, cy, dy, dx, y, x, side, signF] = [10, 11, 12, 13, 14, 15, 16, 17];
  // 0 <= v < limit, as one unsigned comparison.
  const inside = (v: number, limit: number) => [GET, v, GET, limit, I32_LT_U];
  const contrast = [
    ...[GET, signF, GET, grey, GET, frame, GET, y, GET, width, I32_MUL, GET, x, I32_ADD, I32_ADD],
    ...[...I32_LOAD8_U, I32_ADD, ...I32_LOAD8_U, F64_CONVERT_I32_U],
    ...f32As64(background, [
      ...[GET, y, ...i32(2), I32_SHR_S, GET, bw, I32_MUL, GET, x, ...i32(2), I32_SHR_S, I32_ADD],
    ]),
    ...[F64_SUB, F64_MUL, F64_TRUNC],
  ];
  const code = [
    ...[GET, sign, F64_CONVERT_I32_S, SET, signF],
    ...[GET, pixel, GET, width, I32_REM_U, SET, cx, GET, pixel, GET, width, I32_DIV_U, SET, cy],
    ...[GET, half, ...i32(1), I32_SHL, ...i32(1), I32_ADD, SET, side],
    ...loop(dy, get(side), [
      ...[GET, cy, GET, half, I32_SUB, GET, dy, I32_ADD, SET, y],
      ...loop(dx, get(side), [
        ...[GET, cx, GET, half, I32_SUB, GET, dx, I32_ADD, SET, x],
        ...at8(out, [GET, dy, GET, side, I32_MUL, GET, dx, I32_ADD]),
        ...[...inside(y, height), ...inside(x, width), I32_AND, IF, F64],
        ...contrast,
        ...[ELSE, ...f64(NaN), END, ...F64_STORE],
      ]),
    ]),
  ];
  return {
    name: 'patch',
    params: Array<number>(10).fill(I32),
    locals: [...Array<number>(7).fill(I32), F64],
    code,
  };
}

/**
 * `contrast(frame, grey, background, out, ceilings, floors, greyRow, flag, width, height,
 * blocksWide, sign, identity)`: the head-positive contrast of every pixel, as the fill gives it
 * (see {@link fillKernel}), eight pixels at a time: per block row, each block's ceil and floor of
 * sign·background repeated over its 4 columns (`ceilings`, `floors`, 16-bit), then per row
 * g = sign·grey (the frame's bytes themselves where `identity`, else looked up into `greyRow`) and
 * g - ceil where g >= ceil, else g - floor. Where a block's level needs the doubles (see
 * {@link SMALLEST_INTEGER_LEVEL}) flag[0] is set to 1 and the caller uses the fill instead.
 */
function contrastKernel(): WasmFunction {
  const [frame, grey, background, out, ceilings, floors, greyRow, flag] = [0, 1, 2, 3, 4, 5, 6, 7];
  const [width, height, bw, sign, identity] = [8, 9, 10, 11, 12];
  const [by, bx, y, x, row, source, level, ceiling, lower, signs, g] = [
    13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
  ];
  // Two 16-bit copies of the low 16 bits of v, as one 32-bit word.
  const twice = (v: number) => [
    GET,
    v,
    ...i32(0xffff),
    I32_AND,
    GET,
    v,
    ...i32(16),
    I32_SHL,
    I32_OR,
  ];
  const expand = loop(bx, get(bw), [
    ...[
      GET,
      sign,
      F64_CONVERT_I32_S,
      ...f32As64(background, [GET, by, GET, bw, I32_MUL, GET, bx, I32_ADD]),
    ],
    ...[F64_MUL, SET, level],
    ...[GET, level, ...f64(0), F64_EQ],
    ...[GET, level, ...f64(SMALLEST_INTEGER_LEVEL), F64_GE, I32_OR],
    ...[GET, level, ...f64(-SMALLEST_INTEGER_LEVEL), F64_LE, I32_OR, IF, VOID],
    ...[GET, level, F64_CEIL, I32_TRUNC_F64_S, SET, ceiling],
    ...[GET, level, F64_FLOOR, I32_TRUNC_F64_S, SET, lower],
    ELSE,
    ...[GET, flag, ...i32(1), ...I32_STORE, ...i32(0), SET, ceiling, ...i32(0), SET, lower],
    END,
    ...[GET, ceilings, GET, bx, ...i32(3), I32_SHL, I32_ADD, ...twice(ceiling), ...I32_STORE],
    ...[GET, ceilings, GET, bx, ...i32(3), I32_SHL, I32_ADD, ...twice(ceiling)],
    ...withOffset(I32_STORE, 4),
    ...[GET, floors, GET, bx, ...i32(3), I32_SHL, I32_ADD, ...twice(lower), ...I32_STORE],
    ...[GET, floors, GET, bx, ...i32(3), I32_SHL, I32_ADD, ...twice(lower)],
    ...withOffset(I32_STORE, 4),
  ]);
  const lookUp = loop(x, get(width), [
    ...[GET, greyRow, GET, x, I32_ADD],
    ...[GET, grey, GET, frame, GET, row, I32_ADD, GET, x, I32_ADD, ...I32_LOAD8_U, I32_ADD],
    ...[...I32_LOAD8_U, ...I32_STORE8],
  ]);
  const pixels = loop(
    x,
    get(width),
    [
      ...[GET, out, GET, row, GET, x, I32_ADD, ...i32(1), I32_SHL, I32_ADD],
      ...[GET, source, GET, x, I32_ADD, ...V128_LOAD64_ZERO, ...I16X8_EXTEND_LOW_I8X16_U],
      ...[GET, signs, ...I16X8_MUL, TEE, g],
      ...[GET, ceilings, GET, x, ...i32(1), I32_SHL, I32_ADD, ...V128_LOAD, ...I16X8_SUB],
      ...[GET, g, GET, floors, GET, x, ...i32(1), I32_SHL, I32_ADD, ...V128_LOAD, ...I16X8_SUB],
      ...[GET, g, GET, ceilings, GET, x, ...i32(1), I32_SHL, I32_ADD, ...V128_LOAD, ...I16X8_GE_S],
      ...[...V128_BITSELECT, ...v128Store(0)],
    ],
    8,
  );
  const code = [
    ...[GET, flag, ...i32(0), ...I32_STORE],
    ...[GET, sign, ...I16X8_SPLAT, SET, signs],
    ...loop(
      by,
      [GET, height, ...i32(3), I32_ADD, ...i32(2), I32_SHR_U],
      [
        ...expand,
        // for (y = 4 by; y < min(height, 4 by + 4); y++), as a count of rows.
        ...loop(y, i32(4), [
          ...[
            GET,
            by,
            ...i32(2),
            I32_SHL,
            GET,
            y,
            I32_ADD,
            TEE,
            row,
            GET,
            height,
            I32_LT_S,
            IF,
            VOID,
          ],
          ...[GET, row, GET, width, I32_MUL, SET, row],
          ...[GET, frame, GET, row, I32_ADD, GET, greyRow, GET, identity, SELECT, SET, source],
          ...[GET, identity, I32_EQZ, IF, VOID, ...lookUp, END],
          ...pixels,
          END,
        ]),
      ],
    ),
  ];
  return {
    name: 'contrast',
    params: Array<number>(13).fill(I32),
    locals: [I32, I32, I32, I32, I32, I32, F64, I32, I32, V128, V128],
    code,
  };
}

/** The kernels, exported by these names. */
export const KERNELS: readonly WasmFunction[] = [
  blockTest('bright', I8X16_MAX_U, I8X16_GE_U),
  blockTest('dark', I8X16_MIN_U, I8X16_LE_U),
  averageKernel(),
  clipKernel(),
  boxKernel(),
  thresholdsKernel(),
  candidatesKernel(),
  fillKernel(),
  patchKernel(),
  contrastKernel(),
];
