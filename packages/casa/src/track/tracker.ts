import type { Detection } from '../detect/types.js';
import { solveAssignment } from './assignment.js';

/** One point of a track: frame index and head centroid in pixels. */
export type TrackPoint = readonly [frame: number, x: number, y: number];

export interface FinishedTrack {
  readonly id: number;
  readonly points: TrackPoint[];
  /**
   * The first detections of the track (at most {@link KEPT_DETECTIONS}), enough for a robust head
   * shape without keeping every detection of a long video in memory.
   */
  readonly detections: Detection[];
}

/** An occluded track (its prediction inside a blob shared with another head) may coast this much longer. */
const OCCLUDED_GAP_FACTOR = 4;

function insideBox(p: { x: number; y: number }, d: Detection): boolean {
  return p.x >= d.x1 - 2 && p.x <= d.x2 + 1 && p.y >= d.y1 - 2 && p.y <= d.y2 + 1;
}

/** Detections kept per track for its morphometry. */
export const KEPT_DETECTIONS = 25;

interface ActiveTrack {
  id: number;
  points: TrackPoint[];
  detections: Detection[];
  vx: number;
  vy: number;
  missed: number;
}

export interface TrackerOptions {
  /** Gate on the distance between prediction and detection, pixels. */
  readonly gatePx: number;
  readonly maxGapFrames: number;
  readonly minTrackFrames: number;
}

/**
 * Links detections frame by frame into tracks: constant-velocity prediction, then a globally optimal
 * assignment inside each group of tracks and detections that compete for one another (cost = squared
 * distance, gated). Tracks missing up to `maxGapFrames` frames coast on their prediction. Finished
 * tracks are handed to `onFinished` as soon as they end, so memory does not grow with video length.
 */
export class Tracker {
  private active: ActiveTrack[] = [];
  private nextId = 1;

  constructor(
    private readonly options: TrackerOptions,
    private readonly onFinished: (track: FinishedTrack) => void,
  ) {}

  /** Adds one frame's detections (frames must arrive in increasing order). */
  push(frame: number, detections: readonly Detection[]): void {
    const tracks = this.active;
    const existing = tracks.length;
    const { gatePx } = this.options;
    const predicted = tracks.map((t) => {
      const last = t.points[t.points.length - 1] ?? [frame, 0, 0];
      const steps = frame - last[0];
      // Fast heads beat sideways by several micrometres per frame: their gate widens with speed.
      const gate = (gatePx + Math.hypot(t.vx, t.vy)) * Math.min(steps, 2);
      // A coasting track pays for each missed frame, so a track seen last frame wins a contested
      // detection instead of the two taking it in turns.
      const penalty = t.missed * (gatePx / 2) ** 2;
      return { x: last[1] + t.vx * steps, y: last[2] + t.vy * steps, gate2: gate * gate, penalty };
    });
    const pairs = candidatePairs(predicted, detections);
    const trackOf = new Int32Array(detections.length).fill(-1);
    for (const group of groupPairs(pairs, tracks.length, detections.length)) {
      assignGroup(group, predicted, detections, trackOf);
    }
    // Heads overlapping in one blob: the blob's centroid lies between them, so it must not steer the
    // velocity of the track that gets it, and the other track is occluded rather than lost.
    const shared = detections.map((d) => predicted.filter((p) => insideBox(p, d)).length > 1);
    const matched = new Uint8Array(existing);
    detections.forEach((d, di) => {
      const ti = trackOf[di] ?? -1;
      const track = ti >= 0 ? tracks[ti] : undefined;
      if (track) {
        matched[ti] = 1;
        const p = predicted[ti];
        // Inside a shared blob the centroid lies between the heads: keep the prediction instead.
        if (shared[di] && p) this.extend(track, frame, { ...d, x: p.x, y: p.y }, false);
        else this.extend(track, frame, d, true);
      } else {
        this.active.push({
          id: this.nextId++,
          points: [[frame, d.x, d.y]],
          detections: [d],
          vx: 0,
          vy: 0,
          missed: 0,
        });
      }
    });
    const { maxGapFrames } = this.options;
    this.active = this.active.filter((t, i) => {
      if (i >= existing || matched[i]) return true;
      t.missed += 1;
      const p = predicted[i];
      const occluded = p !== undefined && detections.some((d, di) => shared[di] && insideBox(p, d));
      if (t.missed <= (occluded ? OCCLUDED_GAP_FACTOR * maxGapFrames : maxGapFrames)) return true;
      this.finish(t);
      return false;
    });
  }

  /** Ends every open track (call after the last frame). */
  flush(): void {
    for (const t of this.active) this.finish(t);
    this.active = [];
  }

  private extend(track: ActiveTrack, frame: number, d: Detection, updateVelocity: boolean): void {
    const last = track.points[track.points.length - 1];
    if (last && updateVelocity) {
      const steps = frame - last[0];
      // Smoothed velocity: heads wobble laterally, so the raw last step over-reacts.
      const alpha = track.points.length === 1 ? 1 : 0.15;
      track.vx = (1 - alpha) * track.vx + (alpha * (d.x - last[1])) / steps;
      track.vy = (1 - alpha) * track.vy + (alpha * (d.y - last[2])) / steps;
    }
    track.points.push([frame, d.x, d.y]);
    if (track.detections.length < KEPT_DETECTIONS) track.detections.push(d);
    track.missed = 0;
  }

  private finish(track: ActiveTrack): void {
    if (track.points.length >= this.options.minTrackFrames) {
      this.onFinished({ id: track.id, points: track.points, detections: track.detections });
    }
  }
}

interface Pair {
  readonly track: number;
  readonly detection: number;
  readonly cost: number;
}

function candidatePairs(
  predicted: readonly { x: number; y: number; gate2: number; penalty: number }[],
  detections: readonly Detection[],
): Pair[] {
  // A coarse grid keeps this linear in the number of objects at high density.
  const cell = 16;
  const grid = new Map<number, number[]>();
  const key = (cx: number, cy: number) => cx * 100_003 + cy;
  detections.forEach((d, i) => {
    const k = key(Math.floor(d.x / cell), Math.floor(d.y / cell));
    const list = grid.get(k);
    if (list) list.push(i);
    else grid.set(k, [i]);
  });
  const pairs: Pair[] = [];
  predicted.forEach((p, ti) => {
    const reach = Math.ceil(Math.sqrt(p.gate2) / cell);
    const cx = Math.floor(p.x / cell);
    const cy = Math.floor(p.y / cell);
    for (let gx = cx - reach; gx <= cx + reach; gx++) {
      for (let gy = cy - reach; gy <= cy + reach; gy++) {
        for (const di of grid.get(key(gx, gy)) ?? []) {
          const d = detections[di];
          if (!d) continue;
          const distance2 = (d.x - p.x) ** 2 + (d.y - p.y) ** 2;
          if (distance2 <= p.gate2)
            pairs.push({ track: ti, detection: di, cost: distance2 + p.penalty });
        }
      }
    }
  });
  return pairs;
}

/** Splits the candidate pairs into independent groups (connected components of the bipartite graph). */
function groupPairs(pairs: readonly Pair[], trackCount: number, detectionCount: number): Pair[][] {
  const parent = new Int32Array(trackCount + detectionCount).map((_, i) => i);
  const find = (i: number): number => {
    let r = i;
    while ((parent[r] ?? r) !== r) r = parent[r] ?? r;
    parent[i] = r;
    return r;
  };
  for (const p of pairs) parent[find(p.track)] = find(trackCount + p.detection);
  const groups = new Map<number, Pair[]>();
  for (const p of pairs) {
    const root = find(p.track);
    const g = groups.get(root);
    if (g) g.push(p);
    else groups.set(root, [p]);
  }
  return [...groups.values()];
}

function assignGroup(
  group: readonly Pair[],
  predicted: readonly { gate2: number }[],
  detections: readonly Detection[],
  trackOf: Int32Array,
): void {
  const rows = [...new Set(group.map((p) => p.track))];
  const cols = [...new Set(group.map((p) => p.detection))];
  const rowIndex = new Map(rows.map((r, i) => [r, i]));
  const colIndex = new Map(cols.map((c, i) => [c, i]));
  // Each track may also stay unmatched at the cost of its gate (one dummy column per track).
  const m = cols.length + rows.length;
  const cost = new Float64Array(rows.length * m).fill(1e12);
  rows.forEach((r, i) => {
    cost[i * m + cols.length + i] = predicted[r]?.gate2 ?? 1e12;
  });
  for (const p of group) {
    const i = rowIndex.get(p.track) ?? 0;
    const j = colIndex.get(p.detection) ?? 0;
    cost[i * m + j] = p.cost;
  }
  const result = solveAssignment(cost, rows.length, m);
  result.forEach((j, i) => {
    const row = rows[i];
    const col = cols[j];
    if (row !== undefined && col !== undefined && j < cols.length && detections[col])
      trackOf[col] = row;
  });
}
