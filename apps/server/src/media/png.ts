import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const GREY = 0;
const RGB = 2;

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, tail]);
}

/** A PNG of 8-bit samples, `channels` per pixel (1 grey, 3 RGB), rows unfiltered. */
function encodePng(width: number, height: number, channels: 1 | 3, pixels: Uint8Array): Buffer {
  const stride = width * channels;
  if (pixels.length !== stride * height) throw new Error(`Expected ${width}x${height} pixels`);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(channels === 1 ? GREY : RGB, 9);
  // Bytes 10-12: deflate compression, adaptive filtering, no interlace (all zero).
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    // Each row starts with its filter type, 0 (none).
    raw.set(pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Encodes 8-bit grey pixels (rows of `width` bytes) as a PNG. Written here rather than through
 * ffmpeg because masks are small and many: one process per mask would cost more than the mask.
 */
export const encodeGrayPng = (width: number, height: number, pixels: Uint8Array): Buffer =>
  encodePng(width, height, 1, pixels);

/** Encodes RGB pixels (rows of `width * 3` bytes) as a PNG. */
export const encodeRgbPng = (width: number, height: number, pixels: Uint8Array): Buffer =>
  encodePng(width, height, 3, pixels);
