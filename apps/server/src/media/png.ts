import { crc32, deflateSync, inflateSync } from 'node:zlib';

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

/** The Paeth predictor of the PNG specification (filter type 4). */
function paeth(left: number, up: number, upLeft: number): number {
  const p = left + up - upLeft;
  const pa = Math.abs(p - left);
  const pb = Math.abs(p - up);
  const pc = Math.abs(p - upLeft);
  if (pa <= pb && pa <= pc) return left;
  return pb <= pc ? up : upLeft;
}

/**
 * Decodes an 8-bit grey, non-interlaced PNG (as `encodeGrayPng` writes, and any encoder using the
 * five row filters) to rows of `width` bytes. Throws on any other kind of PNG.
 */
export function decodeGrayPng(data: Uint8Array): {
  width: number;
  height: number;
  pixels: Uint8Array;
} {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (bytes.length < 8 || !bytes.subarray(0, 8).equals(SIGNATURE)) throw new Error('Not a PNG');
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  let offset = 8;
  let sawHeader = false;
  while (offset + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('ascii', offset + 4, offset + 8);
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (body.length !== length) throw new Error(`PNG chunk ${type} is truncated`);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colour, , , interlace] = body.subarray(8, 13);
      if (depth !== 8 || colour !== GREY || interlace !== 0)
        throw new Error('Only 8-bit grey non-interlaced PNGs are supported');
      sawHeader = true;
    } else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  if (!sawHeader || width === 0 || height === 0) throw new Error('PNG has no image header');
  const raw = inflateSync(Buffer.concat(idat));
  if (raw.length < (width + 1) * height) throw new Error('PNG image data is truncated');
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (width + 1)] ?? 0;
    const source = y * (width + 1) + 1;
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const value = raw[source + x] ?? 0;
      const left = x > 0 ? (pixels[row + x - 1] ?? 0) : 0;
      const up = y > 0 ? (pixels[row - width + x] ?? 0) : 0;
      const upLeft = x > 0 && y > 0 ? (pixels[row - width + x - 1] ?? 0) : 0;
      let predicted: number;
      switch (filter) {
        case 0:
          predicted = 0;
          break;
        case 1:
          predicted = left;
          break;
        case 2:
          predicted = up;
          break;
        case 3:
          predicted = (left + up) >> 1;
          break;
        case 4:
          predicted = paeth(left, up, upLeft);
          break;
        default:
          throw new Error(`Unknown PNG row filter ${filter}`);
      }
      pixels[row + x] = (value + predicted) & 0xff;
    }
  }
  return { width, height, pixels };
}
