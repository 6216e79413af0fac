import type { Dataset, Video, VideoProcessingStatus } from '@sarm/contracts';

/** The two business route families (spec 1 §2.2) share these screens. */
export type BusinessBase = '/sarm' | '/business';

/** The route family the current path belongs to, so links stay in it. */
export function businessBase(pathname: string): BusinessBase {
  return pathname === '/business' || pathname.startsWith('/business/') ? '/business' : '/sarm';
}

/** Where a dataset's actions lead from either route family. */
export function datasetLinks(base: BusinessBase, datasetId: string) {
  const id = encodeURIComponent(datasetId);
  return {
    videos: `${base}/datasets/${id}/videos`,
    frames:
      base === '/business' ? `/business/datasets/${id}/frames` : `/sarm/frames?datasetId=${id}`,
  };
}

/** Frame selection of one video in the same route family. */
export const frameSelectionPath = (base: BusinessBase, videoId: string) =>
  `${base}/frames/${encodeURIComponent(videoId)}`;

/** Seconds as m:ss; minutes keep counting past an hour, and unknown durations read 0:00. */
export function formatDuration(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The three states the frame selection grid shows (spec 1 §2.4). */
export type GridStatus = 'complete' | 'processing' | 'failed';

/** Videos not yet through preparation count as processing. */
export function gridStatus(status: VideoProcessingStatus): GridStatus {
  switch (status) {
    case 'completed':
      return 'complete';
    case 'failed':
      return 'failed';
    case 'pending':
    case 'uploaded':
    case 'processing':
      return 'processing';
  }
}

/** 'View Details' when complete, otherwise 'Select Frames', disabled while processing. */
export function gridAction(status: VideoProcessingStatus): {
  readonly label: 'viewDetails' | 'selectFrames';
  readonly disabled: boolean;
} {
  const shown = gridStatus(status);
  return {
    label: shown === 'complete' ? 'viewDetails' : 'selectFrames',
    disabled: shown === 'processing',
  };
}

/** Videos of one patient ('' = all patients) and, when given, one dataset. */
export function filterGridVideos<V extends Pick<Video, 'patientId' | 'datasetId'>>(
  videos: readonly V[],
  filter: { readonly patientId: string; readonly datasetId: string | null },
): V[] {
  return videos.filter(
    (video) =>
      (filter.patientId === '' || video.patientId === filter.patientId) &&
      (filter.datasetId === null || video.datasetId === filter.datasetId),
  );
}

/** A dataset's free-form metadata as label and text, sorted by label; objects become JSON. */
export function metadataEntries(metadata: Dataset['metadata']): [string, string][] {
  return Object.entries(metadata)
    .map(([key, value]): [string, string] => [key, describeValue(value)])
    .sort(([a], [b]) => a.localeCompare(b));
}

function describeValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
