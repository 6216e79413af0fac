import type { PixelBox } from '../media/detection-images.js';

/** A region of a frame in whole pixels (as `cropRect` answers it). */
export interface PixelRect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/**
 * Variance of the 4-neighbour Laplacian of the grey pixels inside `rect` (grey levels squared):
 * in focus, a head's edges are steep and the Laplacian swings widely; out of focus it stays near
 * zero. Border pixels of the rectangle are skipped; a region without an inner pixel answers 0.
 */
export function laplacianVariance(gray: Uint8Array, frameWidth: number, rect: PixelRect): number {
  let sum = 0;
  let sumSquares = 0;
  let n = 0;
  for (let y = rect.y + 1; y < rect.y + rect.h - 1; y++) {
    const row = y * frameWidth;
    for (let x = rect.x + 1; x < rect.x + rect.w - 1; x++) {
      const at = row + x;
      const value =
        (gray[at - 1] ?? 0) +
        (gray[at + 1] ?? 0) +
        (gray[at - frameWidth] ?? 0) +
        (gray[at + frameWidth] ?? 0) -
        4 * (gray[at] ?? 0);
      sum += value;
      sumSquares += value * value;
      n++;
    }
  }
  if (n === 0) return 0;
  const mean = sum / n;
  return Math.max(0, sumSquares / n - mean * mean);
}

/** Beyond this many box sizes from its nearest neighbour a cell counts as fully isolated. */
const ISOLATED_AT_BOX_SIZES = 3;
/** The most isolation a crop can have when another detection's box reaches into it. */
const OVERLAPPED_ISOLATION = 0.1;

const centre = (box: PixelBox) => ({ x: (box.x1 + box.x2) / 2, y: (box.y1 + box.y2) / 2 });
const intersects = (box: PixelBox, rect: PixelRect) =>
  box.x1 < rect.x + rect.w && box.x2 > rect.x && box.y1 < rect.y + rect.h && box.y2 > rect.y;

/**
 * How alone a detection is on its frame, 0 to 1: the distance from its centre to the nearest
 * other centre in units of its box size (the longer side), 0 at one box size (touching) rising to
 * 1 at three. A neighbour whose box reaches into the crop's region caps it at 0.1, since that
 * crop shows two cells. Alone on the frame: 1.
 */
export function isolationOf(box: PixelBox, crop: PixelRect, others: readonly PixelBox[]): number {
  const size = Math.max(1, box.x2 - box.x1, box.y2 - box.y1);
  const own = centre(box);
  let nearest = Number.POSITIVE_INFINITY;
  let overlapped = false;
  for (const other of others) {
    const c = centre(other);
    nearest = Math.min(nearest, Math.hypot(c.x - own.x, c.y - own.y));
    overlapped ||= intersects(other, crop);
  }
  if (!Number.isFinite(nearest)) return 1;
  const spread = Math.min(1, Math.max(0, (nearest / size - 1) / (ISOLATED_AT_BOX_SIZES - 1)));
  return overlapped ? Math.min(spread, OVERLAPPED_ISOLATION) : spread;
}

/**
 * Sharpness on 0..1 within the ranked set: each crop's Laplacian variance divided by the largest
 * of the set (0 for a flat set). Relative, because the absolute figure depends on the optics and
 * the video's compression, while the question asked is "which of these crops are best".
 */
export function normaliseSharpness(raw: readonly number[]): number[] {
  const top = raw.reduce((best, value) => Math.max(best, value), 0);
  return raw.map((value) => (top > 0 ? Math.min(1, value / top) : 0));
}

/** The ranking score: sharpness and isolation weigh the same. */
export const cropScore = (sharpness: number, isolation: number) => (sharpness + isolation) / 2;
