import type { FinishedTrack, TrackPoint } from './tracker.js';

/** What {@link mergeDuplicateTracks} takes for one head followed twice, pixels and frames. */
export interface DuplicateOptions {
  /** Largest median distance between the two tracks over the frames both hold, px. */
  readonly radiusPx: number;
  /** Fewest frames both tracks must hold a point in. */
  readonly minOverlapFrames: number;
  /** Fastest straight-line speed (first point to last, px per frame) either track may have. */
  readonly maxSpeedPx: number;
}

/** A track with its span, bounding box and points by frame, for comparing tracks. */
export interface Piece {
  track: FinishedTrack;
  start: number;
  end: number;
  box: [number, number, number, number];
  byFrame: Map<number, TrackPoint>;
}

export function pieceOf(track: FinishedTrack): Piece {
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  const byFrame = new Map<number, TrackPoint>();
  for (const p of track.points) {
    box[0] = Math.min(box[0], p[1]);
    box[1] = Math.min(box[1], p[2]);
    box[2] = Math.max(box[2], p[1]);
    box[3] = Math.max(box[3], p[2]);
    byFrame.set(p[0], p);
  }
  return {
    track,
    start: track.points[0]?.[0] ?? 0,
    end: track.points.at(-1)?.[0] ?? 0,
    box,
    byFrame,
  };
}

/** Whether the pieces' boxes lie more than `radiusPx` apart (then no point is nearer). */
export function apart(a: Piece, b: Piece, radiusPx: number): boolean {
  return (
    b.box[0] > a.box[2] + radiusPx ||
    a.box[0] > b.box[2] + radiusPx ||
    b.box[1] > a.box[3] + radiusPx ||
    a.box[1] > b.box[3] + radiusPx
  );
}

function straightSpeed(points: readonly TrackPoint[]): number {
  const a = points[0];
  const b = points[points.length - 1];
  if (!a || !b || b[0] <= a[0]) return 0;
  return Math.hypot(b[1] - a[1], b[2] - a[2]) / (b[0] - a[0]);
}

/** The distances between two pieces at the frames both hold a point in, increasing. */
export function sharedDistances(a: Piece, b: Piece): number[] {
  const [small, large] = a.byFrame.size <= b.byFrame.size ? [a, b] : [b, a];
  const distances: number[] = [];
  for (const [frame, p] of small.byFrame) {
    const q = large.byFrame.get(frame);
    if (q) distances.push(Math.hypot(p[1] - q[1], p[2] - q[2]));
  }
  return distances.sort((x, y) => x - y);
}

/** Median distance over the frames both pieces hold a point in; null when they share too few. */
function sharedDistance(a: Piece, b: Piece, minFrames: number): number | null {
  const distances = sharedDistances(a, b);
  if (distances.length < minFrames) return null;
  return distances[distances.length >> 1] ?? null;
}

/**
 * Merges tracks that follow one slow or still head at the same time. Two heads cannot lie closer
 * than a head's width for long, but one head can be followed twice: in bright field a still head's
 * dark midpiece is now and then taken for a head of its own, and the track started on it moves onto
 * the head when the two blobs merge; both then follow the head, one coasting, for seconds, and
 * each would count as a cell. Pairs whose median distance over the frames they share is within
 * the radius merge, nearest first: the earlier track's points, then the later one's after the
 * earlier ends.
 */
export function mergeDuplicateTracks(
  tracks: readonly FinishedTrack[],
  options: DuplicateOptions,
): FinishedTrack[] {
  const { radiusPx, minOverlapFrames, maxSpeedPx } = options;
  const pieces = tracks
    .filter((t) => straightSpeed(t.points) <= maxSpeedPx)
    .map(pieceOf)
    .sort((a, b) => a.start - b.start);
  const pairs: { a: Piece; b: Piece; distance: number }[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const a = pieces[i]!;
    for (let j = i + 1; j < pieces.length; j++) {
      const b = pieces[j]!;
      if (b.start > a.end - minOverlapFrames + 1) break;
      if (apart(a, b, radiusPx)) continue;
      const distance = sharedDistance(a, b, minOverlapFrames);
      if (distance !== null && distance <= radiusPx) pairs.push({ a, b, distance });
    }
  }
  pairs.sort((x, y) => x.distance - y.distance);
  // Each piece merges into at most one other: a chain of duplicates is merged pair by pair.
  const mergedInto = new Map<FinishedTrack, FinishedTrack>();
  const root = (t: FinishedTrack): FinishedTrack => {
    let r = t;
    while (mergedInto.has(r)) r = mergedInto.get(r)!;
    return r;
  };
  const points = new Map<FinishedTrack, TrackPoint[]>();
  const pointsOf = (t: FinishedTrack) => points.get(t) ?? t.points;
  for (const { a, b } of pairs) {
    const ra = root(a.track);
    const rb = root(b.track);
    if (ra === rb) continue;
    const [first, second] =
      (pointsOf(ra)[0]?.[0] ?? 0) <= (pointsOf(rb)[0]?.[0] ?? 0) ? [ra, rb] : [rb, ra];
    const kept = pointsOf(first);
    const lastFrame = kept.at(-1)?.[0] ?? 0;
    points.set(first, [...kept, ...pointsOf(second).filter((p) => p[0] > lastFrame)]);
    mergedInto.set(second, first);
  }
  return tracks
    .filter((t) => !mergedInto.has(t))
    .map((t) => (points.has(t) ? { ...t, points: points.get(t)! } : t));
}
