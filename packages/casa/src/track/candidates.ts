import type { Detection } from '../detect/types.js';
import { solveAssignment } from './assignment.js';
import { turnCost } from './orientation.js';

/** Where a track is expected in the current frame. */
export interface Prediction {
  readonly x: number;
  readonly y: number;
  /** Largest distance to a detection it may take, pixels. */
  readonly gate: number;
  /** Per-axis variance of the position, px². */
  readonly variance: number;
  /** Added to every match of this track (grows while the track goes unseen). */
  readonly penalty: number;
  /** Long-axis direction of the track's head when last seen, or null. */
  readonly angle: number | null;
}

/** One gated (track, detection slot) pair; a cluster offers one slot per cell it holds. */
interface Pair {
  readonly track: number;
  readonly slot: number;
  readonly cost: number;
}

/** Side of the grid cells used to find detections near a prediction, pixels. */
const GRID_CELL_PX = 16;
/** Cost of a match that is not allowed (outside every gate). */
const FORBIDDEN = 1e12;
/**
 * Costs are negative log-likelihoods of a Gaussian position error: d² / (2 σ²) + ln σ². A still
 * head (small σ) is then not pulled onto a passing cell, while a beating head (large σ) may jump
 * sideways. Staying unmatched costs as much as a match at 6 σ, so in practice the gate decides
 * which heads a track may take (tighter limits broke tracks of heads that turn).
 */
const UNMATCHED_COST = 18;
/** A track entering a cluster pays like a match at 2 σ, so it prefers a nearby single head. */
const CLUSTER_COST = 2;

/** Squared distance from a point to a detection's box (0 inside). */
function boxDistance2(x: number, y: number, d: Detection): number {
  const dx = Math.max(d.x1 - x, 0, x - d.x2);
  const dy = Math.max(d.y1 - y, 0, y - d.y2);
  return dx * dx + dy * dy;
}

/**
 * Assigns tracks to detections with minimum total cost (distance from prediction to head, or to a
 * cluster's box, in units of the track's own position uncertainty). Returns, per track, its
 * detection or undefined.
 */
export function assignTracks(
  predictions: readonly Prediction[],
  detections: readonly Detection[],
): (Detection | undefined)[] {
  const slots: Detection[] = [];
  for (const d of detections) {
    const capacity = d.className === 'cluster' ? Math.max(1, d.cellCount) : 1;
    for (let k = 0; k < capacity; k++) slots.push(d);
  }
  const pairs = gatedPairs(predictions, slots);
  const result = new Array<Detection | undefined>(predictions.length).fill(undefined);
  for (const group of groupPairs(pairs, predictions.length, slots.length)) {
    const only = group.length === 1 ? group[0] : undefined;
    if (only !== undefined) {
      // One track and one head, most groups in a sparse field: the assignment takes the head
      // unless staying unmatched costs less, as the Hungarian method does on that 1 x 2 matrix.
      if (only.cost <= unmatchedCost(predictions[only.track]))
        result[only.track] = slots[only.slot];
      continue;
    }
    for (const [track, slot] of solveGroup(group, predictions)) result[track] = slots[slot];
  }
  return result;
}

function gatedPairs(predictions: readonly Prediction[], slots: readonly Detection[]): Pair[] {
  // A coarse grid keeps this linear in the number of objects at high density. Clusters are
  // registered under every cell their box touches, since a track may be anywhere inside it.
  const grid = new Map<number, number[]>();
  const key = (cx: number, cy: number) => cx * 100_003 + cy;
  slots.forEach((d, i) => {
    for (let cx = Math.floor(d.x1 / GRID_CELL_PX); cx <= Math.floor(d.x2 / GRID_CELL_PX); cx++) {
      for (let cy = Math.floor(d.y1 / GRID_CELL_PX); cy <= Math.floor(d.y2 / GRID_CELL_PX); cy++) {
        const list = grid.get(key(cx, cy));
        if (list) list.push(i);
        else grid.set(key(cx, cy), [i]);
      }
    }
  });
  const pairs: Pair[] = [];
  const seen = new Set<number>();
  predictions.forEach((p, track) => {
    seen.clear();
    const reach = Math.ceil(p.gate / GRID_CELL_PX);
    const cx = Math.floor(p.x / GRID_CELL_PX);
    const cy = Math.floor(p.y / GRID_CELL_PX);
    for (let gx = cx - reach; gx <= cx + reach; gx++) {
      for (let gy = cy - reach; gy <= cy + reach; gy++) {
        const listed = grid.get(key(gx, gy));
        if (listed === undefined) continue;
        for (const slot of listed) {
          const d = slots[slot];
          if (!d || seen.has(slot)) continue;
          seen.add(slot);
          const distance2 =
            d.className === 'cluster'
              ? boxDistance2(p.x, p.y, d)
              : (d.x - p.x) ** 2 + (d.y - p.y) ** 2;
          if (distance2 > p.gate * p.gate) continue;
          const price = d.className === 'cluster' ? CLUSTER_COST : 0;
          const turn = d.className === 'cluster' ? 0 : turnCost(p.angle, d);
          const cost =
            distance2 / (2 * p.variance) + Math.log(p.variance) + price + turn + p.penalty;
          pairs.push({ track, slot, cost });
        }
      }
    }
  });
  return pairs;
}

/** Splits the pairs into independent groups (connected components of the bipartite graph). */
function groupPairs(pairs: readonly Pair[], trackCount: number, slotCount: number): Pair[][] {
  const parent = Int32Array.from({ length: trackCount + slotCount }, (_, i) => i);
  const find = (i: number): number => {
    let r = i;
    while ((parent[r] ?? r) !== r) r = parent[r] ?? r;
    parent[i] = r;
    return r;
  };
  for (const p of pairs) parent[find(p.track)] = find(trackCount + p.slot);
  const groups = new Map<number, Pair[]>();
  for (const p of pairs) {
    const root = find(p.track);
    const g = groups.get(root);
    if (g) g.push(p);
    else groups.set(root, [p]);
  }
  return [...groups.values()];
}

/** What a track pays for taking no head in this frame. */
function unmatchedCost(p: Prediction | undefined): number {
  return UNMATCHED_COST + Math.log(p?.variance ?? 1);
}

/** Optimal assignment inside one group; returns [track, slot] for the tracks that take a slot. */
function solveGroup(
  group: readonly Pair[],
  predictions: readonly Prediction[],
): [number, number][] {
  const rows = [...new Set(group.map((p) => p.track))];
  const cols = [...new Set(group.map((p) => p.slot))];
  const rowIndex = new Map(rows.map((r, i) => [r, i]));
  const colIndex = new Map(cols.map((c, i) => [c, i]));
  // Each track may also stay unmatched (one dummy column per track). The missed-frame penalty is
  // left out here so that, between two tracks wanting one head, the one seen last frame wins.
  const m = cols.length + rows.length;
  const cost = new Float64Array(rows.length * m).fill(FORBIDDEN);
  rows.forEach((r, i) => {
    cost[i * m + cols.length + i] = unmatchedCost(predictions[r]);
  });
  for (const p of group) {
    cost[(rowIndex.get(p.track) ?? 0) * m + (colIndex.get(p.slot) ?? 0)] = p.cost;
  }
  const matches: [number, number][] = [];
  solveAssignment(cost, rows.length, m).forEach((j, i) => {
    const row = rows[i];
    const col = cols[j];
    if (row !== undefined && col !== undefined) matches.push([row, col]);
  });
  return matches;
}
