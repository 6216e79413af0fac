import type { FinishedTrack, TrackPoint } from './tracker.js';

/** Two tracks closer than this (pixels) may have swapped cells. */
export interface RepairOptions {
  readonly encounterPx: number;
  /** Frames over which the course before and after an encounter is measured. */
  readonly courseFrames: number;
}

/** A swap must explain the courses at least this much better than the tracks as they are. */
const SWAP_GAIN = 0.5;
/** ...and by at least this much, px²/frame² (two still heads look alike either way). */
const MIN_IMPROVEMENT = 0.05;

interface Encounter {
  readonly a: number;
  readonly b: number;
  /** Frame of the smallest distance. */
  readonly frame: number;
  readonly start: number;
  readonly end: number;
}

/** Position of a track at a frame, interpolating missed frames; undefined outside the track. */
function positionAt(points: readonly TrackPoint[], frame: number): [number, number] | undefined {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last || frame < first[0] || frame > last[0]) return undefined;
  // Frames are increasing; a track without gaps has point i at frame first + i.
  let lo = Math.max(0, Math.min(points.length - 1, frame - first[0]));
  while (lo > 0 && (points[lo]?.[0] ?? 0) > frame) lo--;
  const p = points[lo];
  const q = points[lo + 1];
  if (!p) return undefined;
  if (p[0] === frame || !q) return [p[1], p[2]];
  const t = (frame - p[0]) / (q[0] - p[0]);
  return [p[1] + t * (q[1] - p[1]), p[2] + t * (q[2] - p[2])];
}

/** Mean velocity over `frames` frames ending (or starting) at `from`, px per frame. */
function course(
  points: readonly TrackPoint[],
  from: number,
  to: number,
): [number, number] | undefined {
  const a = positionAt(points, from);
  const b = positionAt(points, to);
  if (!a || !b) return undefined;
  return [(b[0] - a[0]) / (to - from), (b[1] - a[1]) / (to - from)];
}

const distance2 = (u: [number, number], v: [number, number]): number =>
  (u[0] - v[0]) ** 2 + (u[1] - v[1]) ** 2;

/** Sub-pixel steps of x in a sort key, and room for a frame's point index below them. */
const KEY_X_STEPS = 16;
const KEY_INDEX_SPAN = 1 << 20;

/**
 * Close approaches of two tracks: every track's points sorted into frames (a counting sort into
 * flat arrays, no object per point), then per frame a sweep along x.
 */
function findEncounters(tracks: readonly FinishedTrack[], encounterPx: number): Encounter[] {
  let lastFrame = 0;
  let total = 0;
  for (const t of tracks) {
    total += t.points.length;
    lastFrame = Math.max(lastFrame, t.points.at(-1)?.[0] ?? 0);
  }
  const start = new Int32Array(lastFrame + 2);
  for (const t of tracks) for (const [f] of t.points) start[f + 1] = (start[f + 1] ?? 0) + 1;
  let widest = 0;
  for (let f = 0; f <= lastFrame; f++) {
    widest = Math.max(widest, start[f + 1] ?? 0);
    start[f + 1] = (start[f + 1] ?? 0) + (start[f] ?? 0);
  }
  const next = start.slice(0, lastFrame + 1);
  const trackOf = new Int32Array(total);
  const xs = new Float64Array(total);
  const ys = new Float64Array(total);
  tracks.forEach((t, track) => {
    for (const [f, x, y] of t.points) {
      const k = next[f] ?? 0;
      next[f] = k + 1;
      trackOf[k] = track;
      xs[k] = x;
      ys[k] = y;
    }
  });
  const close = new Map<number, { a: number; b: number; frames: [number, number][] }>();
  const keys = new Float64Array(widest);
  for (let f = 0; f <= lastFrame; f++) {
    const first = start[f] ?? 0;
    const n = (start[f + 1] ?? 0) - first;
    if (n < 2) continue;
    // The frame's points in order of x (to 1/KEY_X_STEPS px): a pair closer than encounterPx is
    // less apart in x, so the sweep stops once x has gone that far and one key step more.
    let minX = Infinity;
    for (let i = 0; i < n; i++) minX = Math.min(minX, xs[first + i] ?? 0);
    const sorted = keys.subarray(0, n);
    for (let i = 0; i < n; i++) {
      sorted[i] = Math.floor(((xs[first + i] ?? 0) - minX) * KEY_X_STEPS) * KEY_INDEX_SPAN + i;
    }
    sorted.sort();
    const reach = encounterPx + 1 / KEY_X_STEPS;
    for (let i = 0; i < n; i++) {
      const p = first + ((sorted[i] ?? 0) % KEY_INDEX_SPAN);
      for (let j = i + 1; j < n; j++) {
        const q = first + ((sorted[j] ?? 0) % KEY_INDEX_SPAN);
        if ((xs[q] ?? 0) - (xs[p] ?? 0) >= reach) break;
        const d = Math.hypot((xs[p] ?? 0) - (xs[q] ?? 0), (ys[p] ?? 0) - (ys[q] ?? 0));
        if (d >= encounterPx) continue;
        const tp = trackOf[p] ?? 0;
        const tq = trackOf[q] ?? 0;
        const [a, b] = tp < tq ? [tp, tq] : [tq, tp];
        const pair = a * tracks.length + b;
        const entry = close.get(pair);
        if (entry === undefined) close.set(pair, { a, b, frames: [[f, d]] });
        else entry.frames.push([f, d]);
      }
    }
  }
  const encounters: Encounter[] = [];
  for (const { a, b, frames } of close.values()) {
    // Consecutive runs of close frames (in order: frames were visited in order) are one encounter
    // each.
    let run: [number, number][] = [];
    const flush = () => {
      const nearest = run.reduce((m, r) => (r[1] < m[1] ? r : m), run[0] ?? [0, Infinity]);
      const start = run[0]?.[0];
      const end = run[run.length - 1]?.[0];
      if (start !== undefined && end !== undefined)
        encounters.push({ a, b, frame: nearest[0], start, end });
      run = [];
    };
    for (const fr of frames) {
      const prev = run[run.length - 1];
      if (prev && fr[0] > prev[0] + 1) flush();
      run.push(fr);
    }
    flush();
  }
  return encounters.sort((u, v) => u.frame - v.frame || u.a - v.a || u.b - v.b);
}

/**
 * Repairs identity swaps after tracking: where two tracks came close, their courses before and
 * after the encounter are compared with the courses they would have if they had swapped cells at
 * the closest point. A head keeps its course through a crossing (a still head stays still, a fast
 * one keeps its direction), so when the swapped linking explains the courses much better, the
 * tracks' tails are exchanged. This uses frames on both sides of the encounter, which the
 * frame-by-frame assignment cannot see.
 */
export function repairSwaps(
  tracks: readonly FinishedTrack[],
  options: RepairOptions,
): FinishedTrack[] {
  const repaired: { id: number; points: TrackPoint[]; detections: FinishedTrack['detections'] }[] =
    tracks.map((t) => ({ id: t.id, points: [...t.points], detections: t.detections }));
  const k = options.courseFrames;
  // Encounters are found on the tracks as tracked, and taken in order of frame. Exchanging two
  // tracks' tails moves each cell's later points to the other track: `holder[i]` is the track that
  // now holds what track i held after the last exchange, so a later encounter of that cell is
  // judged on the track it is on.
  const holder = repaired.map((_, i) => i);
  for (const e of findEncounters(repaired, options.encounterPx)) {
    const ia = holder[e.a] ?? e.a;
    const ib = holder[e.b] ?? e.b;
    const ta = repaired[ia];
    const tb = repaired[ib];
    if (!ta || !tb || ia === ib) continue;
    // An exchange inside the encounter's span leaves it unclear: it must still be one.
    const pa = positionAt(ta.points, e.frame);
    const pb = positionAt(tb.points, e.frame);
    if (!pa || !pb || Math.hypot(pa[0] - pb[0], pa[1] - pb[1]) >= options.encounterPx) continue;
    const aIn = course(ta.points, e.start - 1 - k, e.start - 1);
    const bIn = course(tb.points, e.start - 1 - k, e.start - 1);
    const aOut = course(ta.points, e.end + 1, e.end + 1 + k);
    const bOut = course(tb.points, e.end + 1, e.end + 1 + k);
    if (!aIn || !bIn || !aOut || !bOut) continue;
    const keep = distance2(aIn, aOut) + distance2(bIn, bOut);
    const swap = distance2(aIn, bOut) + distance2(bIn, aOut);
    if (swap > SWAP_GAIN * keep || keep - swap < MIN_IMPROVEMENT) continue;
    const headA = ta.points.filter((p) => p[0] <= e.frame);
    const headB = tb.points.filter((p) => p[0] <= e.frame);
    const tailA = ta.points.filter((p) => p[0] > e.frame);
    const tailB = tb.points.filter((p) => p[0] > e.frame);
    ta.points = [...headA, ...tailB];
    tb.points = [...headB, ...tailA];
    holder[e.a] = ib;
    holder[e.b] = ia;
  }
  return repaired;
}
