/** Running sums over one connected blob, filled while it is flood-filled. */
export interface BlobStats {
  /** Labels (in the labeller's label map) of the connected components this blob is made of. */
  members: number[];
  /**
   * Frame pixel indices of a blob that is no set of labels (a part of a split blob), kept only when
   * masks were asked for.
   */
  pixels?: number[];
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

/** Sums of a blob with no pixels yet; `members` lists the label(s) its pixels carry. */
export function emptyBlobStats(members: number[]): BlobStats {
  return {
    members,
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
  into.members.push(...other.members);
  if (other.pixels !== undefined) (into.pixels ??= []).push(...other.pixels);
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

/** Adds one pixel of signal `v` (weight `weight`) at (x, y). */
export function addPixel(b: BlobStats, x: number, y: number, v: number, weight: number): void {
  b.area += 1;
  b.weight += weight;
  b.wx += weight * x;
  b.wy += weight * y;
  b.sx += x;
  b.sy += y;
  b.sxx += x * x;
  b.syy += y * y;
  b.sxy += x * y;
  if (v > b.peak) b.peak = v;
  if (x < b.minX) b.minX = x;
  if (x > b.maxX) b.maxX = x;
  if (y < b.minY) b.minY = y;
  if (y > b.maxY) b.maxY = y;
}

/** Intensity-weighted (sub-pixel) centroid. */
export function blobCentroid(b: BlobStats): { x: number; y: number } {
  return { x: b.wx / b.weight, y: b.wy / b.weight };
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
