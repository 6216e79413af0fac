import type { AnalysisTrack, WhoMotilityCategory } from '@sarm/contracts';

/** Index of a decoded frame (the engine numbers track points by it), not seconds. */
export type FrameIndex = number & { readonly __brand: 'FrameIndex' };
/** Coordinates in pixels of the video frame (not of the element on screen). */
export interface VideoPoint {
  readonly x: number;
  readonly y: number;
}

/** The frame shown at a playback time: round(t x fps), never negative. */
export function frameIndexAt(currentTimeS: number, fps: number): FrameIndex {
  if (!Number.isFinite(currentTimeS) || !Number.isFinite(fps) || fps <= 0) return 0 as FrameIndex;
  return Math.max(0, Math.round(currentTimeS * fps)) as FrameIndex;
}

/** Frames of trail drawn behind a head: about one second, at least one frame. */
export const trailFramesFor = (fps: number): number => Math.max(1, Math.round(fps));

/** Index of the last point at or before the frame (-1 when the track has not started). */
function lastPointIndexAt(points: AnalysisTrack['points'], frame: FrameIndex): number {
  let low = 0;
  let high = points.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const point = points[middle];
    if (point !== undefined && point[0] <= frame) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** The head's position at the frame, or null when the track is not alive then. */
export function headAt(track: AnalysisTrack, frame: FrameIndex): VideoPoint | null {
  const first = track.points[0];
  const last = track.points[track.points.length - 1];
  if (first === undefined || last === undefined || frame < first[0] || frame > last[0]) return null;
  const point = track.points[lastPointIndexAt(track.points, frame)];
  return point === undefined ? null : { x: point[1], y: point[2] };
}

export type TrailMode =
  { readonly kind: 'recent'; readonly frames: number } | { readonly kind: 'full' };

/**
 * The polyline to draw for a track at a frame: the whole path in `full` mode, else the points of the
 * last `frames` frames up to the current one (empty once the track ended longer ago than that).
 */
export function visibleTrail(
  track: AnalysisTrack,
  frame: FrameIndex,
  mode: TrailMode,
): VideoPoint[] {
  const toPoint = (p: AnalysisTrack['points'][number]): VideoPoint => ({ x: p[1], y: p[2] });
  switch (mode.kind) {
    case 'full':
      return track.points.map(toPoint);
    case 'recent': {
      const end = lastPointIndexAt(track.points, frame);
      if (end < 0) return [];
      const from = frame - mode.frames;
      const trail: VideoPoint[] = [];
      for (let i = end; i >= 0; i--) {
        const point = track.points[i];
        if (point === undefined || point[0] < from) break;
        trail.push(toPoint(point));
      }
      return trail.reverse();
    }
  }
}

/**
 * The track whose head at the frame is nearest to the point, among the shown categories, if within
 * `maxDistancePx`; null otherwise.
 */
export function nearestTrack(
  tracks: readonly AnalysisTrack[],
  frame: FrameIndex,
  at: VideoPoint,
  maxDistancePx: number,
  shown: ReadonlySet<WhoMotilityCategory>,
): AnalysisTrack | null {
  let best: AnalysisTrack | null = null;
  let bestDistance = maxDistancePx;
  for (const track of tracks) {
    if (!shown.has(track.category)) continue;
    const head = headAt(track, frame);
    if (head === null) continue;
    const distance = Math.hypot(head.x - at.x, head.y - at.y);
    if (distance <= bestDistance) {
      best = track;
      bestDistance = distance;
    }
  }
  return best;
}

/** Maps a click on the displayed element to video pixels (the canvas is scaled to the element). */
export function toVideoPoint(
  clientX: number,
  clientY: number,
  rect: { left: number; top: number; width: number; height: number },
  video: { width: number; height: number },
): VideoPoint {
  const scaleX = rect.width > 0 ? video.width / rect.width : 1;
  const scaleY = rect.height > 0 ? video.height / rect.height : 1;
  return { x: (clientX - rect.left) * scaleX, y: (clientY - rect.top) * scaleY };
}

export const TRACK_COLUMNS = [
  'id',
  'category',
  'vcl',
  'vsl',
  'vap',
  'lin',
  'str',
  'wob',
  'alh_mean',
  'alh_max',
  'bcf',
  'duration_s',
  'points',
] as const;
export type TrackColumn = (typeof TRACK_COLUMNS)[number];
export type SortDirection = 'asc' | 'desc';

const CATEGORY_ORDER: Readonly<Record<WhoMotilityCategory, number>> = {
  'Rapid Progressive': 0,
  'Slow Progressive': 1,
  'Non Progressive': 2,
  Immotile: 3,
};

function sortValue(track: AnalysisTrack, column: TrackColumn): number {
  switch (column) {
    case 'category':
      return CATEGORY_ORDER[track.category];
    case 'points':
      return track.points.length;
    case 'id':
    case 'vcl':
    case 'vsl':
    case 'vap':
    case 'lin':
    case 'str':
    case 'wob':
    case 'alh_mean':
    case 'alh_max':
    case 'bcf':
    case 'duration_s':
      return track[column];
  }
}

/** A sorted copy; ties keep the id order so paging is stable. Categories sort rapid → immotile. */
export function sortTracks(
  tracks: readonly AnalysisTrack[],
  column: TrackColumn,
  direction: SortDirection,
): AnalysisTrack[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...tracks].sort(
    (a, b) => sign * (sortValue(a, column) - sortValue(b, column)) || a.id - b.id,
  );
}

/** The page of the sorted list that holds the track (to show a track selected on the video). */
export function pageOfTrack(
  sorted: readonly AnalysisTrack[],
  trackId: number,
  rowsPerPage: number,
): number | null {
  const index = sorted.findIndex((track) => track.id === trackId);
  return index < 0 || rowsPerPage <= 0 ? null : Math.floor(index / rowsPerPage);
}
