import { spawn } from 'node:child_process';
import { ffmpegPaths } from './ffmpeg-paths.js';

/**
 * 8-bit planar YUV formats whose luma plane `extractplanes=y` copies as is, with the number of
 * chroma bytes per luma byte (both chroma planes together).
 */
const PLANAR_YUV_CHROMA_SHARE: Readonly<Record<string, number>> = {
  yuv420p: 0.5,
  yuvj420p: 0.5,
  yuv422p: 1,
  yuvj422p: 1,
  yuv444p: 2,
  yuvj444p: 2,
};

/** The calibration frame: every luma value at many rows and columns, so dithering would show. */
const CALIBRATION_WIDTH = 256;
const CALIBRATION_HEIGHT = 16;

/**
 * swscale's limited-to-full range conversion of 8-bit luma (its `lumRangeToJpeg` on 15-bit values,
 * then rounding to 8 bits), as an expression for ffmpeg's `lut` filter; it is used only where the
 * calibration shows that the ffmpeg in use converts exactly so.
 */
export function limitedToFullRange(luma: number): number {
  const scaled = Math.floor((Math.min(luma * 128, 30189) * 19077 - 39057361) / 16384);
  return Math.max(0, Math.min(255, Math.floor((scaled + 64) / 128)));
}
const LIMITED_TO_FULL_EXPRESSION =
  'clip(floor((floor((min(val*128\\,30189)*19077-39057361)/16384)+64)/128)\\,0\\,255)';

/** Per pixel format and range, the grey value ffmpeg gives each luma value (see `learnTable`). */
const tables = new Map<string, Promise<Uint8Array | null>>();

/**
 * The ffmpeg video filter that turns a stream in `pixelFormat` with `colorRange` (ffprobe's names)
 * into exactly the grey frames `-pix_fmt gray` would give, for less work: the luma plane, through a
 * 256-entry table where the range needs converting (swscale's conversion is close to half of
 * ffmpeg's time on a clinical-like H.264 recording). Checked once per format and range against the ffmpeg
 * in use by converting a frame that holds every luma value. Null when the format is not 8-bit planar
 * YUV or the conversion is not one of those known: then the caller asks ffmpeg for grey.
 */
export async function lumaToGreyFilter(
  pixelFormat: string,
  colorRange: string,
): Promise<string | null> {
  return filterFor(await greyOfLuma(pixelFormat, colorRange));
}

/** ffmpeg's filter that yields a planar YUV stream's luma plane as stored. */
export const LUMA_PLANE_FILTER = 'extractplanes=y';

/**
 * How to read a stream's luma plane as stored and still know its grey values: `levels[luma]` is
 * the grey value `-pix_fmt gray` would give (absent when each luma value is its own grey). Null
 * when the format is not 8-bit planar YUV, or its grey is not one non-decreasing value per luma
 * value. Reading so spares ffmpeg the range conversion of every pixel (14-20 % of its time on a
 * clinical recording, with one decoder thread); the classical detector converts only the few
 * values it reads and its thresholds (see `GrayFrame.levels`).
 */
export async function rawLumaLevels(
  pixelFormat: string,
  colorRange: string,
): Promise<{ readonly levels?: Uint8Array } | null> {
  const table = await greyOfLuma(pixelFormat, colorRange);
  if (table === null || table.some((grey, luma) => luma > 0 && grey < (table[luma - 1] ?? 0))) {
    return null;
  }
  return isIdentity(table) ? {} : { levels: table };
}

/** The grey value ffmpeg gives each luma value of the format and range; learnt once each. */
function greyOfLuma(pixelFormat: string, colorRange: string): Promise<Uint8Array | null> {
  const chromaShare = PLANAR_YUV_CHROMA_SHARE[pixelFormat];
  if (chromaShare === undefined) return Promise.resolve(null);
  const range = colorRange === 'tv' || colorRange === 'pc' ? colorRange : '';
  const key = `${pixelFormat}:${range}`;
  let table = tables.get(key);
  if (table === undefined) {
    table = learnTable(pixelFormat, range, chromaShare);
    tables.set(key, table);
  }
  return table;
}

/** Whether each luma value is its own grey value. */
function isIdentity(table: Uint8Array): boolean {
  return table.every((grey, luma) => grey === luma);
}

function filterFor(table: Uint8Array | null): string | null {
  if (table === null) return null;
  if (isIdentity(table)) return LUMA_PLANE_FILTER;
  if (table.every((grey, luma) => grey === limitedToFullRange(luma))) {
    return `${LUMA_PLANE_FILTER},lut=c0=${LIMITED_TO_FULL_EXPRESSION}`;
  }
  return null;
}

/** The luma value at pixel `i` of the calibration frame. */
function calibrationLuma(i: number): number {
  const x = i % CALIBRATION_WIDTH;
  const y = (i - x) / CALIBRATION_WIDTH;
  return (x + 37 * y) & 255;
}

/** The grey value ffmpeg gives each luma value, or null when it is not one per luma value. */
async function learnTable(
  pixelFormat: string,
  range: string,
  chromaShare: number,
): Promise<Uint8Array | null> {
  const pixels = CALIBRATION_WIDTH * CALIBRATION_HEIGHT;
  const input = new Uint8Array(pixels * (1 + chromaShare)).fill(128);
  for (let i = 0; i < pixels; i++) input[i] = calibrationLuma(i);
  const grey = await convertToGrey(pixelFormat, range, input).catch(() => null);
  if (grey?.length !== pixels) return null;
  const table = new Int16Array(256).fill(-1);
  for (let i = 0; i < pixels; i++) {
    const luma = calibrationLuma(i);
    const value = grey[i] ?? 0;
    const known = table[luma] ?? -1;
    if (known !== -1 && known !== value) return null;
    table[luma] = value;
  }
  return table.includes(-1) ? null : Uint8Array.from(table);
}

function convertToGrey(pixelFormat: string, range: string, input: Uint8Array): Promise<Buffer> {
  const args = ['-nostdin', '-v', 'error', '-f', 'rawvideo', '-pix_fmt', pixelFormat];
  if (range !== '') args.push('-color_range', range);
  args.push('-s', `${CALIBRATION_WIDTH}x${CALIBRATION_HEIGHT}`, '-i', 'pipe:0');
  args.push('-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1');
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPaths().ffmpeg, args, { stdio: ['pipe', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.stdin.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(chunks));
      else reject(new Error(`ffmpeg exited with ${String(code)}`));
    });
    child.stdin.end(input);
  });
}
