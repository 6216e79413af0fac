/** Running sums over one connected blob, filled while it is flood-filled. */
export interface BlobStats {
  area: number;
  boundary: number;
  peak: number;
  weight: number;
  wx: number;
  wy: number;
  sx: number;
  sy: number;
  sxx: number;
  syy: number;
  sxy: number;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export function emptyBlobStats(): BlobStats {
  return {
    area: 0,
    boundary: 0,
    peak: 0,
    weight: 0,
    wx: 0,
    wy: 0,
    sx: 0,
    sy: 0,
    sxx: 0,
    syy: 0,
    sxy: 0,
    minX: Infinity,
    minY: Infinity,
    maxX: -Infinity,
    maxY: -Infinity,
  };
}

/** Adds `other` into `into` (for a head split into two blobs by a darker line). */
export function mergeBlobStats(into: BlobStats, other: BlobStats): void {
  into.area += other.area;
  into.boundary += other.boundary;
  into.peak = Math.max(into.peak, other.peak);
  into.weight += other.weight;
  into.wx += other.wx;
  into.wy += other.wy;
  into.sx += other.sx;
  into.sy += other.sy;
  into.sxx += other.sxx;
  into.syy += other.syy;
  into.sxy += other.sxy;
  into.minX = Math.min(into.minX, other.minX);
  into.minY = Math.min(into.minY, other.minY);
  into.maxX = Math.max(into.maxX, other.maxX);
  into.maxY = Math.max(into.maxY, other.maxY);
}

export function blobCentroid(b: BlobStats): { x: number; y: number } {
  return { x: b.wx / b.weight, y: b.wy / b.weight };
}

/** Axes of the blob's second-moment ellipse in pixels (full lengths, 4 sigma each). */
export function ellipseAxesPx(b: BlobStats): { length: number; width: number } {
  const n = b.area;
  const mx = b.sx / n;
  const my = b.sy / n;
  // The +1/12 is the variance of a unit pixel, so a single pixel still has a size.
  const cxx = b.sxx / n - mx * mx + 1 / 12;
  const cyy = b.syy / n - my * my + 1 / 12;
  const cxy = b.sxy / n - mx * my;
  const half = (cxx + cyy) / 2;
  const root = Math.sqrt(Math.max(0, ((cxx - cyy) / 2) ** 2 + cxy * cxy));
  return { length: 4 * Math.sqrt(half + root), width: 4 * Math.sqrt(Math.max(half - root, 1e-6)) };
}

/**
 * Merges blobs whose centroids lie within `maxDistancePx` of each other (greedy, nearest first is
 * not needed at the small distances used). Returns the surviving blobs.
 */
export function mergeCloseBlobs(blobs: BlobStats[], maxDistancePx: number): BlobStats[] {
  const alive = blobs.map(() => true);
  const limit = maxDistancePx * maxDistancePx;
  for (let i = 0; i < blobs.length; i++) {
    const a = blobs[i];
    if (!a || !alive[i]) continue;
    for (let j = i + 1; j < blobs.length; j++) {
      const b = blobs[j];
      if (!b || !alive[j]) continue;
      if (b.minY - a.maxY > maxDistancePx) break; // blobs are found in raster order
      const ca = blobCentroid(a);
      const cb = blobCentroid(b);
      if ((ca.x - cb.x) ** 2 + (ca.y - cb.y) ** 2 <= limit) {
        mergeBlobStats(a, b);
        alive[j] = false;
      }
    }
  }
  return blobs.filter((_, i) => alive[i]);
}
