import type { BlobStats } from './blob-stats.js';
import { addPixel, blobCentroid, emptyBlobStats } from './blob-stats.js';
import type { LabelMap } from './label.js';

/** What splitting needs to see of the frame being analysed. */
export interface SplitContext {
  readonly signal: Int16Array;
  readonly width: number;
  readonly map: LabelMap;
  /** Labelling threshold: pixels below it are background. */
  readonly low: number;
  /** Cores smaller than this (pixels) are noise on a single head, not a second head. */
  readonly minCoreAreaPx: number;
  /** Cores closer than this (pixels) belong to one head. */
  readonly minSeparationPx: number;
  /** Keep each part's pixel indices (`BlobStats.pixels`) for masks. */
  readonly recordPixels?: boolean;
}

/**
 * Height (fraction of the way from the labelling threshold to the blob's peak) at which touching
 * heads are looked for as separate bright cores. Phase-contrast heads are brightest in the middle,
 * so two touching heads separate here. Higher levels were tried and dropped: on real video they cut
 * single heads at their inner structure (acrosome, vacuoles) far more often than they found pairs.
 */
const CORE_LEVEL = 0.45;

interface Core {
  x: number;
  y: number;
  area: number;
}

/**
 * Splits a blob that holds several touching heads: finds separate bright cores, then gives every
 * pixel of the blob to the nearest core. Returns the parts, or null when
 * the blob shows fewer than two cores (one head, or heads overlapping too much to tell apart).
 */
export function splitTouchingHeads(blob: BlobStats, ctx: SplitContext): BlobStats[] | null {
  const boxWidth = blob.maxX - blob.minX + 1;
  const boxHeight = blob.maxY - blob.minY + 1;
  const inBlob = new Uint8Array(boxWidth * boxHeight);
  for (let y = blob.minY; y <= blob.maxY; y++) {
    for (let x = blob.minX; x <= blob.maxX; x++) {
      const label = ctx.map.labels[y * ctx.width + x] ?? 0;
      if (blob.members.includes(label)) inBlob[(y - blob.minY) * boxWidth + (x - blob.minX)] = 1;
    }
  }
  const cores = findCores(blob, ctx, inBlob, ctx.low + CORE_LEVEL * (blob.peak - ctx.low));
  return cores.length >= 2 ? partition(blob, ctx, inBlob, cores) : null;
}

/** Connected groups of blob pixels at or above `level`, merged when closer than the separation. */
function findCores(blob: BlobStats, ctx: SplitContext, inBlob: Uint8Array, level: number): Core[] {
  const boxWidth = blob.maxX - blob.minX + 1;
  const seen = new Uint8Array(inBlob.length);
  const stack: number[] = [];
  const cores: Core[] = [];
  const above = (i: number): boolean => {
    const x = blob.minX + (i % boxWidth);
    const y = blob.minY + Math.floor(i / boxWidth);
    return inBlob[i] === 1 && (ctx.signal[y * ctx.width + x] ?? 0) >= level;
  };
  for (let i = 0; i < inBlob.length; i++) {
    if (seen[i] || !above(i)) continue;
    const core = emptyBlobStats([]);
    seen[i] = 1;
    stack.push(i);
    while (stack.length > 0) {
      const j = stack.pop() ?? 0;
      const bx = j % boxWidth;
      const by = (j - bx) / boxWidth;
      const v = ctx.signal[(blob.minY + by) * ctx.width + blob.minX + bx] ?? 0;
      addPixel(core, bx, by, v, v - level + 1);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = bx + dx;
          const ny = by + dy;
          if (nx < 0 || ny < 0 || nx >= boxWidth || ny * boxWidth + nx >= inBlob.length) continue;
          const k = ny * boxWidth + nx;
          if (seen[k] || !above(k)) continue;
          seen[k] = 1;
          stack.push(k);
        }
      }
    }
    if (core.area < ctx.minCoreAreaPx) continue;
    const c = blobCentroid(core);
    cores.push({ x: c.x + blob.minX, y: c.y + blob.minY, area: core.area });
  }
  return mergeNearCores(cores, ctx.minSeparationPx);
}

function mergeNearCores(cores: Core[], minSeparationPx: number): Core[] {
  const kept: Core[] = [];
  for (const core of [...cores].sort((a, b) => b.area - a.area)) {
    const near = kept.some((k) => Math.hypot(k.x - core.x, k.y - core.y) < minSeparationPx);
    if (!near) kept.push(core);
  }
  return kept;
}

/** Gives each blob pixel to its nearest core and measures every part like a blob of its own. */
function partition(
  blob: BlobStats,
  ctx: SplitContext,
  inBlob: Uint8Array,
  cores: Core[],
): BlobStats[] {
  const boxWidth = blob.maxX - blob.minX + 1;
  const owner = new Int8Array(inBlob.length).fill(-1);
  for (let i = 0; i < inBlob.length; i++) {
    if (!inBlob[i]) continue;
    const x = blob.minX + (i % boxWidth);
    const y = blob.minY + Math.floor(i / boxWidth);
    let best = 0;
    let bestDistance = Infinity;
    cores.forEach((c, k) => {
      const d = (c.x - x) ** 2 + (c.y - y) ** 2;
      if (d < bestDistance) {
        bestDistance = d;
        best = k;
      }
    });
    owner[i] = best;
  }
  const parts = cores.map(() => emptyBlobStats([]));
  if (ctx.recordPixels === true) for (const part of parts) part.pixels = [];
  for (let i = 0; i < inBlob.length; i++) {
    const k = owner[i] ?? -1;
    const part = parts[k];
    if (!part) continue;
    const bx = i % boxWidth;
    const by = (i - bx) / boxWidth;
    const x = blob.minX + bx;
    const y = blob.minY + by;
    const v = ctx.signal[y * ctx.width + x] ?? 0;
    addPixel(part, x, y, v, v - ctx.low + 1);
    part.pixels?.push(y * ctx.width + x);
    // A part's boundary runs along the blob's edge and along the cut to its neighbours.
    const ownerAt = (nx: number, ny: number): number =>
      nx < 0 || ny < 0 || nx >= boxWidth || ny > blob.maxY - blob.minY
        ? -1
        : (owner[ny * boxWidth + nx] ?? -1);
    if (
      ownerAt(bx - 1, by) !== k ||
      ownerAt(bx + 1, by) !== k ||
      ownerAt(bx, by - 1) !== k ||
      ownerAt(bx, by + 1) !== k
    )
      part.boundary += 1;
  }
  return parts.filter((p) => p.area > 0);
}
