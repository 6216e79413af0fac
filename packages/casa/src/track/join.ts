import { median } from '../stats/median.js';
import type { FinishedTrack, TrackPoint } from './tracker.js';

/** What {@link joinBrokenTracks} may join, in pixels and frames of the recording. */
export interface JoinOptions {
  /** Fastest course (px per frame) a track may have and still be joined: still and slow heads. */
  readonly maxSpeedPx: number;
  /** Largest difference between the two tracks' courses, px per frame. */
  readonly courseTolerancePx: number;
  /** How far the later track may start from where the earlier one's course puts the head, px. */
  readonly radiusPx: number;
  /** Longest time from the earlier track's last point to the later one's first, frames. */
  readonly maxGapFrames: number;
  /** Longest time the later track may start before the earlier one ends, frames. */
  readonly maxOverlapFrames: number;
  /** Points averaged at each end for a position. */
  readonly endFrames: number;
  /** Points over which each end's course is measured. */
  readonly courseFrames: number;
}

interface Chain {
  id: number;
  points: TrackPoint[];
  detections: FinishedTrack['detections'];
}

/** Mean frame and position of points. */
function centreOf(points: readonly TrackPoint[]): [number, number, number] {
  let f = 0;
  let x = 0;
  let y = 0;
  for (const p of points) {
    f += p[0];
    x += p[1];
    y += p[2];
  }
  const n = Math.max(1, points.length);
  return [f / n, x / n, y / n];
}

/** Course of points (px per frame): from the mean of their first half to that of their second. */
function courseOf(points: readonly TrackPoint[]): [number, number] | null {
  const half = points.length >> 1;
  if (half < 1) return null;
  const [fa, xa, ya] = centreOf(points.slice(0, half));
  const [fb, xb, yb] = centreOf(points.slice(points.length - half));
  if (fb <= fa) return null;
  return [(xb - xa) / (fb - fa), (yb - ya) / (fb - fa)];
}

/**
 * Joins the pieces of one slow or still head's path. Where heads are dark, a passing cell merges
 * with a still head, a tail's midpiece or a crossing flagellum shifts the blob's centre by a few
 * pixels, or the head is taken for debris for a while; the tracker, which must not pull a still
 * head onto a passing cell, then starts a new track on the head while the old one coasts and
 * ends. An immotile head of a 30 s bright-field video came out as three or four tracks, each
 * counted apart in the motility shares. A later track that starts, shortly before or after an
 * earlier one ends, where the earlier one's course puts the head, on a course of its own that
 * agrees, continues it: the earlier track's points up to the later one's start, then the later
 * one's. A later track that arrived on a passing cell and took the head over before the earlier
 * one ended gives the head its path back (see {@link takeover}). Each track continues at most one
 * and is continued by at most one, the nearest first.
 */
export function joinBrokenTracks(
  tracks: readonly FinishedTrack[],
  options: JoinOptions,
): FinishedTrack[] {
  const { maxGapFrames } = options;
  const chains: Chain[] = tracks.map((t) => ({ ...t, points: [...t.points] }));
  const byStart = [...chains].sort((a, b) => startOf(a) - startOf(b) || a.id - b.id);
  const open: Chain[] = [];
  const joined = new Set<Chain>();
  for (const later of byStart) {
    const start = startOf(later);
    let best: Join | null = null;
    for (const earlier of open) {
      // Where the later track's start allows a continuation, that is what is judged.
      const join = continuation(earlier, later, options) ?? takeover(earlier, later, options);
      if (join !== null && join.distance < (best?.distance ?? options.radiusPx)) best = join;
    }
    if (best?.kind === 'continues') {
      const earlier = best.earlier;
      earlier.points = [
        ...earlier.points.slice(0, indexFrom(earlier.points, start)),
        ...later.points,
      ];
      joined.add(later);
    } else if (best?.kind === 'takes-over') {
      // The later track's points up to the earlier one's end followed the passing cell, or the
      // head itself beside the earlier track (then they are not a cell of their own).
      const cut = indexFrom(later.points, endOf(best.earlier) + 1);
      const before = later.points.slice(0, cut);
      const twin = medianDistance(before, best.earlier.points) < options.radiusPx;
      best.earlier.points = [...best.earlier.points, ...later.points.slice(cut)];
      later.points = twin ? [] : before;
      if (twin) joined.add(later);
      else open.push(later);
    } else open.push(later);
    // A track whose last point is too old to be continued leaves the candidates.
    for (let i = open.length - 1; i >= 0; i--) {
      if (endOf(open[i]!) < start - maxGapFrames) open.splice(i, 1);
    }
  }
  return chains.filter((c) => !joined.has(c) && c.points.length > 0);
}

/** One way `later` may continue `earlier`, and how far it lies from where the head should be, px. */
interface Join {
  readonly kind: 'continues' | 'takes-over';
  readonly earlier: Chain;
  readonly distance: number;
}

/**
 * `later` continues `earlier`: it starts shortly before or after the earlier one ends, on a slow
 * course that agrees with the earlier one's, where that course puts the head.
 */
function continuation(earlier: Chain, later: Chain, options: JoinOptions): Join | null {
  const { maxSpeedPx, maxGapFrames, maxOverlapFrames } = options;
  const { endFrames, courseFrames } = options;
  const start = startOf(later);
  const end = endOf(earlier);
  if (end < start - maxGapFrames || end > start + maxOverlapFrames || end >= endOf(later)) {
    return null;
  }
  const laterCourse = courseOf(later.points.slice(0, courseFrames));
  if (!laterCourse || Math.hypot(...laterCourse) > maxSpeedPx) return null;
  const cut = indexFrom(earlier.points, start);
  if (cut < endFrames) return null;
  const earlierCourse = courseOf(earlier.points.slice(Math.max(0, cut - courseFrames), cut));
  if (!agrees(earlierCourse, laterCourse, options)) return null;
  // While both tracks hold points, the head may have been inside a cluster with the later
  // track coasting at its edge (or the later track began on the head's midpiece): the later
  // track is placed both by its first points, against where the earlier one was then, and
  // by its first points after the earlier one's end, against where the earlier one ended;
  // the nearer counts.
  const tail = centreOf(earlier.points.slice(cut - endFrames, cut));
  const afterEnd = indexFrom(later.points, end + 1);
  const after = later.points.slice(afterEnd, afterEnd + endFrames);
  const distance = Math.min(
    offset(tail, earlierCourse, later.points.slice(0, endFrames)),
    after.length > 0
      ? offset(centreOf(earlier.points.slice(-endFrames)), earlierCourse, after)
      : Infinity,
  );
  return { kind: 'continues', earlier, distance };
}

/**
 * `later` took the head over from `earlier`: it arrived on a passing cell (its first course may be
 * fast) and, from the earlier track's end on, stays where the earlier one's course puts the head,
 * on a slow course that agrees with it. The tracker followed the passing cell onto the still head
 * and left the head's own track to end; the head's path is the earlier track, then the later one
 * after that end.
 */
function takeover(earlier: Chain, later: Chain, options: JoinOptions): Join | null {
  const { endFrames, courseFrames } = options;
  // However long the passing cell had been followed, only where the later track is after the
  // earlier one's end counts.
  const end = endOf(earlier);
  if (end < startOf(later) || end >= endOf(later)) return null;
  if (earlier.points.length < endFrames) return null;
  const after = later.points.slice(indexFrom(later.points, end + 1));
  if (after.length < courseFrames) return null;
  const laterCourse = courseOf(after.slice(0, courseFrames));
  const earlierCourse = courseOf(earlier.points.slice(-courseFrames));
  if (!agrees(earlierCourse, laterCourse, options)) return null;
  const distance = offset(
    centreOf(earlier.points.slice(-endFrames)),
    earlierCourse,
    after.slice(0, endFrames),
  );
  return { kind: 'takes-over', earlier, distance };
}

/** Both courses slow and agreeing within the tolerance. */
function agrees(
  a: [number, number] | null,
  b: [number, number] | null,
  { maxSpeedPx, courseTolerancePx }: JoinOptions,
): a is [number, number] {
  if (a === null || b === null) return false;
  if (Math.hypot(...a) > maxSpeedPx || Math.hypot(...b) > maxSpeedPx) return false;
  return Math.hypot(a[0] - b[0], a[1] - b[1]) <= courseTolerancePx;
}

/** Median distance from `points` to `other` at the frames both hold, px (Infinity if none). */
function medianDistance(points: readonly TrackPoint[], other: readonly TrackPoint[]): number {
  const distances: number[] = [];
  for (const p of points) {
    const q = other[indexFrom(other, p[0])];
    if (q?.[0] === p[0]) distances.push(Math.hypot(p[1] - q[1], p[2] - q[2]));
  }
  return distances.length === 0 ? Infinity : median(distances);
}

/** Index of the first point at or after `frame` (points in increasing frames). */
function indexFrom(points: readonly TrackPoint[], frame: number): number {
  let lo = 0;
  let hi = points.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((points[mid]?.[0] ?? 0) < frame) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Distance from where a course from `tail` puts the head to the centre of `points`, px. */
function offset(
  [fa, xa, ya]: [number, number, number],
  [vx, vy]: [number, number],
  points: readonly TrackPoint[],
): number {
  const [fb, xb, yb] = centreOf(points);
  return Math.hypot(xa + vx * (fb - fa) - xb, ya + vy * (fb - fa) - yb);
}

const startOf = (t: Chain): number => t.points[0]?.[0] ?? 0;
const endOf = (t: Chain): number => t.points[t.points.length - 1]?.[0] ?? 0;
