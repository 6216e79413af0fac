import type { DetectionMask } from '@sarm/casa';
import { ffmpegPaths } from '@sarm/casa/node';
import { spawn } from 'node:child_process';
import path from 'node:path';

/** A box in frame pixels (x2, y2 exclusive). */
export interface PixelBox {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

/** Runs ffmpeg with optional stdin; resolves with stdout, rejects with the last stderr line. */
function ffmpegBuffer(args: readonly string[], input?: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      ffmpegPaths().ffmpeg,
      ['-nostdin', '-hide_banner', '-v', 'error', ...args],
      {
        stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      },
    );
    const out: Buffer[] = [];
    let stderr = '';
    // A pipe that breaks (ffmpeg exiting early) shows as a non-zero exit, never an unhandled error.
    child.stdin?.on('error', () => undefined);
    child.stdout?.on('error', () => undefined);
    child.stderr?.on('error', () => undefined);
    child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-2000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(`ffmpeg failed: ${stderr.trim().split('\n').at(-1) ?? String(code)}`));
    });
    if (input !== undefined && child.stdin !== null) child.stdin.end(input);
  });
}

/** Decodes an image file to 8-bit grey pixels; checks the size against the expected one. */
export async function decodeGray(file: string, width: number, height: number): Promise<Uint8Array> {
  const data = await ffmpegBuffer(['-i', file, '-f', 'rawvideo', '-pix_fmt', 'gray', '-']);
  if (data.length !== width * height)
    throw new Error(`Frame image is not ${width}x${height} (got ${data.length} bytes)`);
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}

/** The box grown by `margin` pixels and clamped to the frame, in whole pixels. */
export function cropRect(box: PixelBox, width: number, height: number, margin: number) {
  const x = Math.max(0, Math.floor(box.x1) - margin);
  const y = Math.max(0, Math.floor(box.y1) - margin);
  const right = Math.min(width, Math.ceil(box.x2) + margin);
  const bottom = Math.min(height, Math.ceil(box.y2) + margin);
  return { x, y, w: Math.max(1, right - x), h: Math.max(1, bottom - y) };
}

/**
 * A detection's mask cut to the region of its crop (see `cropRect`): 255 on the blob's pixels, 0
 * elsewhere, as rows of grey bytes.
 */
export function maskCropPixels(
  mask: DetectionMask,
  box: PixelBox,
  size: { width: number; height: number },
  margin: number,
): { width: number; height: number; pixels: Uint8Array } {
  const r = cropRect(box, size.width, size.height, margin);
  const pixels = new Uint8Array(r.w * r.h);
  for (let my = 0; my < mask.height; my++) {
    const y = mask.y + my - r.y;
    if (y < 0 || y >= r.h) continue;
    for (let mx = 0; mx < mask.width; mx++) {
      const x = mask.x + mx - r.x;
      if (x >= 0 && x < r.w && mask.data[my * mask.width + mx] === 1) pixels[y * r.w + x] = 255;
    }
  }
  return { width: r.w, height: r.h, pixels };
}

const CROPS_PER_RUN = 40;

/** Writes one JPEG crop per box from the frame image into `dir`; answers the file paths. */
export async function writeCrops(
  frameFile: string,
  boxes: readonly PixelBox[],
  size: { width: number; height: number },
  dir: string,
  margin: number,
): Promise<string[]> {
  const files: string[] = [];
  for (let start = 0; start < boxes.length; start += CROPS_PER_RUN) {
    const group = boxes.slice(start, start + CROPS_PER_RUN);
    const labels = group.map((_, i) => `[s${i}]`).join('');
    const crops = group.map((box, i) => {
      const r = cropRect(box, size.width, size.height, margin);
      return `[s${i}]crop=${r.w}:${r.h}:${r.x}:${r.y}[c${i}]`;
    });
    const args = [
      '-y',
      '-i',
      frameFile,
      '-filter_complex',
      [`[0:v]split=${group.length}${labels}`, ...crops].join(';'),
    ];
    group.forEach((_, i) => {
      const file = path.join(dir, `crop_${start + i}.jpg`);
      files.push(file);
      args.push('-map', `[c${i}]`, '-frames:v', '1', '-q:v', '3', file);
    });
    await ffmpegBuffer(args);
  }
  return files;
}

/** Box colour by confidence: above 0.8 green, above 0.6 yellow, above 0.4 orange, else red. */
export function confidenceRgb(confidence: number): readonly [number, number, number] {
  if (confidence > 0.8) return [46, 204, 64];
  if (confidence > 0.6) return [255, 220, 0];
  if (confidence > 0.4) return [255, 133, 27];
  return [255, 65, 54];
}

/** A box to draw: in its own colour when given, else its confidence colour, `marginPx` (1) outside. */
export type DrawnBox = PixelBox & {
  confidence: number;
  colour?: readonly [number, number, number];
  marginPx?: number;
};

/** Encodes the grey frame as a JPEG with every box drawn (see {@link DrawnBox}). */
export async function renderVisualization(
  gray: Uint8Array,
  width: number,
  height: number,
  boxes: readonly DrawnBox[],
): Promise<Buffer> {
  const rgb = Buffer.alloc(width * height * 3);
  for (let i = 0; i < gray.length; i++) rgb.fill(gray[i] ?? 0, i * 3, i * 3 + 3);
  const put = (x: number, y: number, c: readonly [number, number, number]) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    const o = (y * width + x) * 3;
    rgb[o] = c[0];
    rgb[o + 1] = c[1];
    rgb[o + 2] = c[2];
  };
  for (const box of boxes) {
    const colour = box.colour ?? confidenceRgb(box.confidence);
    const r = cropRect(box, width, height, box.marginPx ?? 1);
    for (let x = r.x; x < r.x + r.w; x++) {
      put(x, r.y, colour);
      put(x, r.y + r.h - 1, colour);
    }
    for (let y = r.y; y < r.y + r.h; y++) {
      put(r.x, y, colour);
      put(r.x + r.w - 1, y, colour);
    }
  }
  return ffmpegBuffer(
    ['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${width}x${height}`, '-i', '-'].concat([
      '-frames:v',
      '1',
      '-q:v',
      '3',
      '-f',
      'image2',
      '-c:v',
      'mjpeg',
      '-',
    ]),
    rgb,
  );
}
