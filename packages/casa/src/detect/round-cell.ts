/**
 * Round cells (issue 34): leukocytes and immature germ cells are round, 7 to 15 µm across, with no
 * tail. A blob of that size that fills a disc is one of them, counted apart from the spermatozoa.
 */
import { ellipseAxesPx } from '../morphometry/morphometry.js';
import type { BlobStats } from './blob-stats.js';
import { emptyBlobStats, mergeBlobStats } from './blob-stats.js';

/**
 * Equivalent diameters, µm, of blobs taken for round cells: 7 to 15 µm cells, widened for the
 * threshold's cut at a soft edge (smaller) and blur or the halo (larger).
 */
export const ROUND_CELL_BLOB_DIAMETER_UM: readonly [number, number] = [6.5, 17];
/** Longest to shortest axis of a round cell's blob. */
const MAX_ELLIPTICITY = 1.25;
/**
 * A round cell's blob fills most of the ellipse of its moments (1 for a disc; 0.7 to 0.8 for a
 * defocused or coarsely granular cell whose darker granules fall under the threshold); a thin ring,
 * the bright rim of a dark particle, fills less.
 */
const MIN_FILL = 0.6;
/** Moments of a round cell with a bite out of it (see `judgeRoundCell`) stay below this. */
const MAX_BITTEN_ELLIPTICITY = 1.45;
/** Its box stays square within this ratio of its sides, and the blob fills this share of it. */
const MAX_BOX_ASPECT = 1.15;
const MIN_BITTEN_BOX_FILL = 0.5;
/** An edge-cut round cell fills this share of its box at least (a disc or half-disc: π / 4). */
const MIN_BOX_FILL = 0.5;
/**
 * A blob this close to the frame's edge, µm, is judged as cut by it: near the edge the local
 * background is the mean over fewer pixels, mostly the cell's own, so the cell's blob stops short
 * of the edge.
 */
const EDGE_MARGIN_UM = 4;

/**
 * What a blob is as a round cell: `round_cell` (its centre in the field), `outside` (a round cell
 * cut by the frame's edge whose centre lies beyond it, so not counted in this field) or null (no
 * round cell). A blob at the edge is judged by its box: the cut disc shows its full diameter along
 * the edge and reaches at least half of it into the field exactly when its centre is inside.
 */
export function judgeRoundCell(
  blob: BlobStats,
  width: number,
  height: number,
  umPerPixel: number,
): 'round_cell' | 'outside' | null {
  const [dMin, dMax] = ROUND_CELL_BLOB_DIAMETER_UM;
  const margin = EDGE_MARGIN_UM / umPerPixel;
  const w = blob.maxX - blob.minX + 1;
  const h = blob.maxY - blob.minY + 1;
  const left = blob.minX <= margin;
  const right = blob.maxX >= width - 1 - margin;
  const top = blob.minY <= margin;
  const bottom = blob.maxY >= height - 1 - margin;
  if (left || right || top || bottom) {
    if (blob.area < MIN_BOX_FILL * w * h) return null;
    const cutX = left || right;
    const cutY = top || bottom;
    // Along a cut side the full diameter shows when the centre is inside; at a corner both are cut.
    const diameterPx = cutX && cutY ? Math.max(w, h) : cutX ? h : w;
    const diameterUm = diameterPx * umPerPixel;
    if (diameterUm < dMin || diameterUm > dMax) return null;
    // How far the cell reaches into the field from the cut edge(s).
    const depthX = left ? blob.maxX + 1 : width - blob.minX;
    const depthY = top ? blob.maxY + 1 : height - blob.minY;
    const depthPx = cutX && cutY ? Math.min(depthX, depthY) : cutX ? depthX : depthY;
    if (depthPx < diameterPx / 2) return 'outside';
    return 'round_cell';
  }
  const axes = ellipseAxesPx(blob);
  const ellipticity = axes.length / axes.width;
  if (ellipticity < MAX_ELLIPTICITY) {
    if (blob.area < MIN_FILL * (Math.PI / 4) * axes.length * axes.width) return null;
    // The moments' axes span the disc even where granules leave holes in the blob.
    const diameterUm = Math.sqrt(axes.length * axes.width) * umPerPixel;
    return diameterUm >= dMin && diameterUm <= dMax ? 'round_cell' : null;
  }
  // A cell with a bite out of it (a dark particle lying on it) keeps its round outline: a square
  // box that the blob fills as a disc does, though its moments are no longer round.
  if (ellipticity >= MAX_BITTEN_ELLIPTICITY) return null;
  if (Math.max(w, h) > MAX_BOX_ASPECT * Math.min(w, h)) return null;
  if (blob.area < MIN_BITTEN_BOX_FILL * w * h) return null;
  const diameterUm = ((w + h) / 2) * umPerPixel;
  return diameterUm >= dMin && diameterUm <= dMax ? 'round_cell' : null;
}

/** Blobs whose boxes lie this close, µm, may be fragments of one round cell (see below). */
const FRAGMENT_GAP_UM = 1.5;

/**
 * Round cells near the frame's edge that the threshold broke into fragments: there the local
 * background is the mean over fewer pixels, mostly the cell's own, so darker granules of the cell
 * fall under it. Blobs within the largest diameter of an edge whose boxes lie within
 * {@link FRAGMENT_GAP_UM} of one another are grouped; a group of two or more whose union is judged
 * a round cell (or one cut beyond the edge) is one. Answers the unions found and the blobs used.
 */
export function roundCellFragments(
  blobs: readonly BlobStats[],
  width: number,
  height: number,
  umPerPixel: number,
): { cells: { blob: BlobStats; judged: 'round_cell' | 'outside' }[]; used: Set<BlobStats> } {
  const band = ROUND_CELL_BLOB_DIAMETER_UM[1] / umPerPixel;
  const gap = FRAGMENT_GAP_UM / umPerPixel;
  const near = blobs.filter(
    (b) =>
      b.minX < band || b.minY < band || b.maxX > width - 1 - band || b.maxY > height - 1 - band,
  );
  const parent = near.map((_, i) => i);
  const find = (i: number): number => {
    let r = i;
    while (parent[r] !== r) r = parent[r] ?? r;
    parent[i] = r;
    return r;
  };
  near.forEach((a, i) => {
    near.forEach((b, j) => {
      if (j <= i) return;
      const dx = Math.max(0, a.minX - b.maxX, b.minX - a.maxX);
      const dy = Math.max(0, a.minY - b.maxY, b.minY - a.maxY);
      if (dx <= gap && dy <= gap) parent[find(j)] = find(i);
    });
  });
  const groups = new Map<number, BlobStats[]>();
  near.forEach((b, i) => {
    const root = find(i);
    groups.set(root, [...(groups.get(root) ?? []), b]);
  });
  const cells: { blob: BlobStats; judged: 'round_cell' | 'outside' }[] = [];
  const used = new Set<BlobStats>();
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const union = emptyBlobStats([]);
    for (const b of group) mergeBlobStats(union, b);
    const judged = judgeRoundCell(union, width, height, umPerPixel);
    if (judged === null) continue;
    cells.push({ blob: union, judged });
    for (const b of group) used.add(b);
  }
  return { cells, used };
}
