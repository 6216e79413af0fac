import { ellipseAxesPx } from '../morphometry/morphometry.js';
import type { BlobStats } from './blob-stats.js';
import { addPixel, emptyBlobStats } from './blob-stats.js';
import { darkHeadWindows } from './dark-head-windows.js';
import type { LabelMap } from './label.js';

/**
 * A blob whose long axis exceeds this, µm, is longer than a head (4.5 µm, plus the box mean's
 * spread at coarse scales) and may be a head with its flagellum.
 */
export const LONG_DARK_BLOB_UM = 7;

/**
 * Height (share of the way from the labelling threshold to the blob's peak) at which a head stands
 * out of its flagellum: the flagellum is a line a pixel wide, and after the box mean it keeps well
 * under half a head's contrast (the midpiece, darkest, about 40 %).
 */
const HEAD_CORE_LEVEL = 0.5;

/**
 * Other cores of a long blob count as heads only when their peak reaches this share of the darkest
 * core's: heads joined by a flagellum lie in the same focus and are as dark as each other, while a
 * dark stretch of a flagellum (the midpiece, widened to a head's width at 1.5 µm/px) is fainter.
 * At 1.5 µm/px (a tuning seed), of the weaker cores kept 80 % matched no head.
 */
const SECOND_HEAD_PEAK_SHARE = 0.9;

/** Fewest pixels of a core that can be a head rather than a dark fleck of noise on a flagellum. */
const MIN_CORE_PX = 2;

/** What cutting a blob needs to see of the frame being analysed. */
export interface DarkBlobContext {
  /** The opened signal the blob was labelled on. */
  readonly signal: Int16Array;
  readonly width: number;
  readonly map: LabelMap;
  /** Labelling threshold: pixels below it are background. */
  readonly low: number;
  readonly umPerPixel: number;
  /** Keep each part's pixel indices (`BlobStats.pixels`) for masks. */
  readonly recordPixels: boolean;
}

/**
 * Whether flagella survive the dark-head opening at this calibration: from 0.8 µm/px on its square
 * is 2 pixels, and a flagellum widened to 3 pixels by the box mean and the optics' blur fills it.
 */
export function flagellaSurviveOpening(umPerPixel: number): boolean {
  return darkHeadWindows(umPerPixel).square <= 2;
}

/**
 * The heads of a dark blob that is much longer than a head: a head with its flagellum, or heads
 * joined by flagella. Each head is a core of the blob above half its height (a flagellum is
 * fainter), grown back by the pixels of the blob next to it so the head keeps its outline; the
 * rest of the blob (the flagellum) is dropped. Returns the blob itself when it is not long or shows
 * no core.
 */
export function headsOfLongDarkBlob(blob: BlobStats, ctx: DarkBlobContext): BlobStats[] {
  if (ellipseAxesPx(blob).length * ctx.umPerPixel <= LONG_DARK_BLOB_UM) return [blob];
  const boxWidth = blob.maxX - blob.minX + 1;
  const inBlob = blobMask(blob, ctx);
  const level = ctx.low + HEAD_CORE_LEVEL * (blob.peak - ctx.low);
  const cores = coresOf(blob, ctx, inBlob, level);
  const count = keepHeadCores(cores);
  if (count === 0) return [blob];
  growCores(cores, inBlob, boxWidth);
  const parts = partsOf(blob, ctx, cores, count);
  const darkest = Math.max(...parts.map((p) => p.peak));
  return parts.filter((p) => p.peak >= SECOND_HEAD_PEAK_SHARE * darkest);
}

/** 1 for each pixel of the blob's box that carries one of the blob's labels. */
function blobMask(blob: BlobStats, ctx: DarkBlobContext): Uint8Array {
  const boxWidth = blob.maxX - blob.minX + 1;
  const boxHeight = blob.maxY - blob.minY + 1;
  const inBlob = new Uint8Array(boxWidth * boxHeight);
  const { labels } = ctx.map;
  for (let by = 0, i = 0; by < boxHeight; by++) {
    const row = (blob.minY + by) * ctx.width + blob.minX;
    for (let bx = 0; bx < boxWidth; bx++, i++) {
      if (blob.members.includes(labels[row + bx] ?? 0)) inBlob[i] = 1;
    }
  }
  return inBlob;
}

/** Each box pixel's core (from 1; 0: none) and each core's pixel count (index 0 unused). */
interface Cores {
  readonly owner: Int32Array;
  readonly sizes: number[];
}

/** The 8-connected groups of blob pixels at or above `level`. */
function coresOf(blob: BlobStats, ctx: DarkBlobContext, inBlob: Uint8Array, level: number): Cores {
  const boxWidth = blob.maxX - blob.minX + 1;
  const owner = new Int32Array(inBlob.length);
  const above = new Uint8Array(inBlob.length);
  for (let i = 0; i < inBlob.length; i++) {
    if (inBlob[i] !== 1) continue;
    const bx = i % boxWidth;
    const y = blob.minY + (i - bx) / boxWidth;
    if ((ctx.signal[y * ctx.width + blob.minX + bx] ?? 0) >= level) above[i] = 1;
  }
  const sizes = [0];
  const stack: number[] = [];
  for (let i = 0; i < above.length; i++) {
    if (above[i] !== 1 || owner[i] !== 0) continue;
    const core = sizes.length;
    sizes.push(0);
    owner[i] = core;
    stack.push(i);
    while (stack.length > 0) {
      const j = stack.pop() ?? 0;
      sizes[core] = (sizes[core] ?? 0) + 1;
      forNeighbours(j, boxWidth, above.length, (k) => {
        if (above[k] !== 1 || owner[k] !== 0) return;
        owner[k] = core;
        stack.push(k);
      });
    }
  }
  return { owner, sizes };
}

/** Calls `visit` with each 8-neighbour of box pixel `i` inside the box. */
function forNeighbours(i: number, boxWidth: number, size: number, visit: (k: number) => void) {
  const bx = i % boxWidth;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      if ((dx === 0 && dy === 0) || bx + dx < 0 || bx + dx >= boxWidth) continue;
      const k = i + dy * boxWidth + dx;
      if (k >= 0 && k < size) visit(k);
    }
  }
}

/**
 * Drops the cores too small to be a head (their pixels go back to no core) and renumbers the
 * others from 1 in `owner`; answers how many are left.
 */
function keepHeadCores({ owner, sizes }: Cores): number {
  const renumbered = new Int32Array(sizes.length);
  let kept = 0;
  sizes.forEach((size, core) => {
    if (core > 0 && size >= MIN_CORE_PX) renumbered[core] = ++kept;
  });
  for (let i = 0; i < owner.length; i++) owner[i] = renumbered[owner[i] ?? 0] ?? 0;
  return kept;
}

/**
 * Gives each blob pixel next to a core (8-connected) to that core, once: the head's edge, below
 * half its height, comes back, and the flagellum beyond it stays out.
 */
function growCores({ owner }: Cores, inBlob: Uint8Array, boxWidth: number): void {
  const grown = owner.slice();
  for (let i = 0; i < owner.length; i++) {
    if (inBlob[i] !== 1 || owner[i] !== 0) continue;
    forNeighbours(i, boxWidth, owner.length, (k) => {
      if (grown[i] === 0 && (owner[k] ?? 0) > 0) grown[i] = owner[k] ?? 0;
    });
  }
  owner.set(grown);
}

/** Measures each core's pixels like a blob of its own. */
function partsOf(blob: BlobStats, ctx: DarkBlobContext, cores: Cores, count: number): BlobStats[] {
  const boxWidth = blob.maxX - blob.minX + 1;
  const parts = Array.from({ length: count }, () => emptyBlobStats([]));
  if (ctx.recordPixels) for (const part of parts) part.pixels = [];
  const { owner } = cores;
  for (let i = 0; i < owner.length; i++) {
    const part = parts[(owner[i] ?? 0) - 1];
    if (part === undefined) continue;
    const bx = i % boxWidth;
    const x = blob.minX + bx;
    const y = blob.minY + (i - bx) / boxWidth;
    const v = ctx.signal[y * ctx.width + x] ?? 0;
    addPixel(part, x, y, v, v - ctx.low + 1);
    part.pixels?.push(y * ctx.width + x);
    const outside = (k: number) => k < 0 || k >= owner.length || owner[k] !== owner[i];
    if (
      bx === 0 ||
      bx === boxWidth - 1 ||
      outside(i - 1) ||
      outside(i + 1) ||
      outside(i - boxWidth) ||
      outside(i + boxWidth)
    )
      part.boundary += 1;
  }
  return parts;
}
