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
  const inBlob = blobMask(blob, ctx);
  const cores = findCores(blob, ctx, inBlob, ctx.low + CORE_LEVEL * (blob.peak - ctx.low));
  return cores.length >= 2 ? partition(blob, ctx, inBlob, cores) : null;
}

/**
 * Rounds of k-means at most (it stops earlier when no pixel changes centre): started along the long
 * axis, the centres settle within a few rounds, and on the hard samples more rounds changed nothing.
 */
const KMEANS_MAX_ROUNDS = 4;

/**
 * Splits a blob known to hold `count` heads that show no separate bright cores (heads lying on
 * one another): k-means on the blob's pixel positions, each pixel weighted by its signal so the
 * centres settle on the heads' bright bodies, started at evenly spaced points along the blob's long
 * axis (touching heads lie side by side along it). Every pixel then goes to its nearest centre, as
 * in {@link splitTouchingHeads}. Returns null for fewer than two parts.
 */
export function splitByPositions(
  blob: BlobStats,
  ctx: SplitContext,
  count: number,
): BlobStats[] | null {
  if (count < 2 || blob.area < 2 * count) return null;
  const inBlob = blobMask(blob, ctx);
  const boxWidth = blob.maxX - blob.minX + 1;
  const xs = new Float64Array(blob.area);
  const ys = new Float64Array(blob.area);
  const ws = new Float64Array(blob.area);
  const boxIndex = new Int32Array(blob.area);
  let n = 0;
  for (let i = 0; i < inBlob.length && n < blob.area; i++) {
    if (!inBlob[i]) continue;
    const x = blob.minX + (i % boxWidth);
    const y = blob.minY + Math.floor(i / boxWidth);
    xs[n] = x;
    ys[n] = y;
    ws[n] = Math.max(1, (ctx.signal[y * ctx.width + x] ?? 0) - ctx.low + 1);
    boxIndex[n] = i;
    n += 1;
  }
  const centres = startAlongLongAxis(blob, xs.subarray(0, n), ys.subarray(0, n), count);
  const owner = new Int32Array(n).fill(-1);
  const sumW = new Float64Array(count);
  const sumX = new Float64Array(count);
  const sumY = new Float64Array(count);
  for (let round = 0; round < KMEANS_MAX_ROUNDS; round++) {
    let moved = false;
    sumW.fill(0);
    sumX.fill(0);
    sumY.fill(0);
    for (let i = 0; i < n; i++) {
      const x = xs[i] ?? 0;
      const y = ys[i] ?? 0;
      const k = nearest(centres, x, y);
      if (owner[i] !== k) moved = true;
      owner[i] = k;
      const w = ws[i] ?? 1;
      sumW[k] = (sumW[k] ?? 0) + w;
      sumX[k] = (sumX[k] ?? 0) + w * x;
      sumY[k] = (sumY[k] ?? 0) + w * y;
    }
    if (!moved) break;
    centres.forEach((c, k) => {
      const w = sumW[k] ?? 0;
      if (w > 0) {
        c.x = (sumX[k] ?? 0) / w;
        c.y = (sumY[k] ?? 0) / w;
      }
    });
  }
  // Every pixel already went to its nearest centre in the last round.
  const ownerInBox = new Int16Array(inBlob.length).fill(-1);
  for (let i = 0; i < n; i++) ownerInBox[boxIndex[i] ?? 0] = owner[i] ?? -1;
  const parts = partition(blob, ctx, inBlob, centres, ownerInBox);
  return parts.length >= 2 ? parts : null;
}

/** `count` points evenly spaced along the blob's long axis, over its central span. */
function startAlongLongAxis(
  blob: BlobStats,
  xs: Float64Array,
  ys: Float64Array,
  count: number,
): Core[] {
  const n = Math.max(1, blob.area);
  const mx = blob.sx / n;
  const my = blob.sy / n;
  const cxx = blob.sxx / n - mx * mx;
  const cyy = blob.syy / n - my * my;
  const cxy = blob.sxy / n - mx * my;
  const angle = 0.5 * Math.atan2(2 * cxy, cxx - cyy);
  const ux = Math.cos(angle);
  const uy = Math.sin(angle);
  const along = xs.map((x, i) => (x - mx) * ux + ((ys[i] ?? 0) - my) * uy).sort();
  return Array.from({ length: count }, (_, k) => {
    const t = along[Math.floor(((k + 0.5) / count) * (along.length - 1))] ?? 0;
    return { x: mx + t * ux, y: my + t * uy, area: 0 };
  });
}

function nearest(centres: readonly Core[], x: number, y: number): number {
  let best = 0;
  let bestDistance = Infinity;
  for (let k = 0; k < centres.length; k++) {
    const c = centres[k];
    if (c === undefined) continue;
    const d = (c.x - x) * (c.x - x) + (c.y - y) * (c.y - y);
    if (d < bestDistance) {
      bestDistance = d;
      best = k;
    }
  }
  return best;
}

/** 1 for each pixel of the blob's box that carries one of the blob's labels. */
function blobMask(blob: BlobStats, ctx: SplitContext): Uint8Array {
  const boxWidth = blob.maxX - blob.minX + 1;
  const boxHeight = blob.maxY - blob.minY + 1;
  const inBlob = new Uint8Array(boxWidth * boxHeight);
  const { labels } = ctx.map;
  const { members } = blob;
  // Most blobs are one component: one comparison per pixel.
  const only = members.length === 1 ? (members[0] ?? 0) : -1;
  for (let by = 0, i = 0; by < boxHeight; by++) {
    const row = (blob.minY + by) * ctx.width + blob.minX;
    for (let bx = 0; bx < boxWidth; bx++, i++) {
      const label = labels[row + bx] ?? 0;
      if (only >= 0 ? label === only : members.includes(label)) inBlob[i] = 1;
    }
  }
  return inBlob;
}

/** Connected groups of blob pixels at or above `level`, merged when closer than the separation. */
function findCores(blob: BlobStats, ctx: SplitContext, inBlob: Uint8Array, level: number): Core[] {
  const boxWidth = blob.maxX - blob.minX + 1;
  // 1 where a box pixel is in the blob and at or above the level; cleared once a core takes it.
  const open = new Uint8Array(inBlob.length);
  for (let i = 0, by = 0; by <= blob.maxY - blob.minY; by++) {
    const row = (blob.minY + by) * ctx.width + blob.minX;
    for (let bx = 0; bx < boxWidth; bx++, i++) {
      if (inBlob[i] === 1 && (ctx.signal[row + bx] ?? 0) >= level) open[i] = 1;
    }
  }
  const stack: number[] = [];
  const cores: Core[] = [];
  for (let i = 0; i < inBlob.length; i++) {
    if (open[i] !== 1) continue;
    const core = emptyBlobStats([]);
    open[i] = 0;
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
          if (open[k] !== 1) continue;
          open[k] = 0;
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
  /** Each box pixel's core when already known (-1 outside the blob). */
  known?: Int16Array,
): BlobStats[] {
  const boxWidth = blob.maxX - blob.minX + 1;
  const owner = known ?? new Int16Array(inBlob.length).fill(-1);
  if (known === undefined) {
    for (let i = 0; i < inBlob.length; i++) {
      if (inBlob[i] !== 1) continue;
      const bx = i % boxWidth;
      owner[i] = nearest(cores, blob.minX + bx, blob.minY + (i - bx) / boxWidth);
    }
  }
  const parts = cores.map(() => emptyBlobStats([]));
  if (ctx.recordPixels === true) for (const part of parts) part.pixels = [];
  const boxHeight = blob.maxY - blob.minY + 1;
  for (let by = 0, i = 0; by < boxHeight; by++) {
    const y = blob.minY + by;
    for (let bx = 0; bx < boxWidth; bx++, i++) {
      const k = owner[i] ?? -1;
      if (k < 0) continue;
      const part = parts[k];
      if (part === undefined) continue;
      const x = blob.minX + bx;
      const v = ctx.signal[y * ctx.width + x] ?? 0;
      addPixel(part, x, y, v, v - ctx.low + 1);
      part.pixels?.push(y * ctx.width + x);
      // A part's boundary runs along the blob's edge and along the cut to its neighbours.
      if (
        bx === 0 ||
        owner[i - 1] !== k ||
        bx === boxWidth - 1 ||
        owner[i + 1] !== k ||
        by === 0 ||
        owner[i - boxWidth] !== k ||
        by === boxHeight - 1 ||
        owner[i + boxWidth] !== k
      )
        part.boundary += 1;
    }
  }
  return parts.filter((p) => p.area > 0);
}
