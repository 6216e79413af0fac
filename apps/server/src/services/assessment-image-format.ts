/**
 * What an uploaded smear image is, read from its first bytes (the file name and the browser's
 * content type are not trusted), and its size from the header.
 */
export type SmearImageFormat = 'png' | 'jpeg' | 'tiff';

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  prefix.every((value, i) => bytes[i] === value);

/** The format by its signature, or null when the bytes are no PNG, JPEG or TIFF. */
export function sniffImageFormat(bytes: Uint8Array): SmearImageFormat | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    return 'tiff';
  return null;
}

const u16 = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u32 = (b: Uint8Array, at: number) => u16(b, at) * 65536 + u16(b, at + 2);

/** Width and height from a PNG's IHDR chunk, or null when it is missing. */
function pngSize(b: Uint8Array) {
  // Signature (8), chunk length (4), "IHDR" (4), then width and height.
  if (b.length < 24 || String.fromCharCode(...b.subarray(12, 16)) !== 'IHDR') return null;
  return { width: u32(b, 16), height: u32(b, 20) };
}

/** Width and height from a JPEG's start-of-frame marker, or null when none is found. */
function jpegSize(b: Uint8Array) {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1] ?? 0;
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) return { width: u16(b, at + 7), height: u16(b, at + 5) };
    at += 2 + u16(b, at + 2);
  }
  return null;
}

/** The image's size in pixels from its header (PNG or JPEG), or null when unreadable. */
export function imageSize(
  bytes: Uint8Array,
  format: 'png' | 'jpeg',
): { width: number; height: number } | null {
  const size = format === 'png' ? pngSize(bytes) : jpegSize(bytes);
  return size === null || size.width === 0 || size.height === 0 ? null : size;
}
