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
 * one's. Each track continues at most one and is continued by at most one, the nearest first.
 */
export function joinBrokenTracks(
  tracks: readonly FinishedTrack[],
  options: JoinOptions,
): FinishedTrack[] {
  const { maxSpeedPx, courseTolerancePx, radiusPx, maxGapFrames, maxOverlapFrames } = options;
  const { endFrames, courseFrames } = options;
  const chains: Chain[] = tracks.map((t) => ({ ...t, points: [...t.points] }));
  const byStart = [...chains].sort((a, b) => startOf(a) - startOf(b) || a.id - b.id);
  const open: Chain[] = [];
  const joined = new Set<Chain>();
  for (const later of byStart) {
    const start = startOf(later);
    const laterCourse = courseOf(later.points.slice(0, courseFrames));
    if (!laterCourse || Math.hypot(...laterCourse) > maxSpeedPx) {
      open.push(later);
      continue;
    }
    let best: Chain | null = null;
    let bestDistance = radiusPx;
    for (const earlier of open) {
      const end = endOf(earlier);
      if (end < start - maxGapFrames || end > start + maxOverlapFrames || end >= endOf(later))
        continue;
      const cut = indexFrom(earlier.points, start);
      if (cut < endFrames) continue;
      const earlierCourse = courseOf(earlier.points.slice(Math.max(0, cut - courseFrames), cut));
      if (!earlierCourse) continue;
      if (
        Math.hypot(...earlierCourse) > maxSpeedPx ||
        Math.hypot(earlierCourse[0] - laterCourse[0], earlierCourse[1] - laterCourse[1]) >
          courseTolerancePx
      )
        continue;
      // While both tracks hold points, the head may have been inside a cluster with the later
      // track coasting at its edge (or the later track began on the head's midpiece): the later
      // track is placed both by its first points, against where the earlier one was then, and
      // by its first points after the earlier one's end, against where the earlier one ended;
      // the nearer counts.
      const tail = centreOf(earlier.points.slice(cut - endFrames, cut));
      const afterEnd = indexFrom(later.points, end + 1);
      const after = later.points.slice(afterEnd, afterEnd + endFrames);
      const d = Math.min(
        offset(tail, earlierCourse, later.points.slice(0, endFrames)),
        after.length > 0
          ? offset(centreOf(earlier.points.slice(-endFrames)), earlierCourse, after)
          : Infinity,
      );
      if (d < bestDistance) {
        best = earlier;
        bestDistance = d;
      }
    }
    if (best) {
      best.points = [...best.points.slice(0, indexFrom(best.points, start)), ...later.points];
      joined.add(later);
    } else open.push(later);
    // A track whose last point is too old to be continued leaves the candidates.
    for (let i = open.length - 1; i >= 0; i--) {
      if (endOf(open[i]!) < start - maxGapFrames) open.splice(i, 1);
    }
  }
  return chains.filter((c) => !joined.has(c));
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
