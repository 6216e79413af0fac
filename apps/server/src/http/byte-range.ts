import type { ByteRange } from '../storage/storage.js';

/**
 * Parses a single-range `Range` header (`bytes=a-b`, `bytes=a-`, `bytes=-n`) against a file
 * size. `undefined`: no usable header (serve everything); `null`: unsatisfiable (416).
 */
export function parseByteRange(
  header: string | undefined,
  size: number,
): ByteRange | null | undefined {
  if (header === undefined) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (match === null) return undefined;
  const [, startText = '', endText = ''] = match;
  if (startText === '' && endText === '') return undefined;
  if (size === 0) return null;
  if (startText === '') {
    const suffix = Number(endText);
    if (suffix === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(startText);
  const end = endText === '' ? size - 1 : Math.min(Number(endText), size - 1);
  if (start >= size || start > end) return null;
  return { start, end };
}
