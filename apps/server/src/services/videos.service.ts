import type { Video, VideoListQuery } from '@sarm/contracts';
import type { Clock } from '../clock.js';
import type { FrameRow, VideoRow } from '../db/schema/index.js';
import { notFound } from '../http/errors.js';
import type { DatasetsRepository } from '../repositories/datasets.repository.js';
import type { DetectionsRepository } from '../repositories/detections.repository.js';
import type { VideosRepository } from '../repositories/videos.repository.js';
import type { FileStorage } from '../storage/storage.js';
import type { AuthContext } from './access.js';
import type { AuditService } from './audit.service.js';
import { toFrame, toVideo } from './clinical-mappers.js';
import { detectionFileKeys } from './detection-runner.js';
import type { ProjectScope } from './project-scope.js';

export const VIDEO_MESSAGES = {
  notFound: 'Video not found',
  frameNotFound: 'Frame not found',
} as const;

/** Every storage key a video owns, frames included. */
function videoKeys(video: VideoRow, frames: readonly FrameRow[]): string[] {
  const keys = [video.originalKey, video.playableKey, video.thumbnailKey];
  return [
    ...new Set([...keys, ...frames.map((frame) => frame.storageKey)].filter((k) => k !== null)),
  ];
}

/** Videos and frames inside the projects a user may see. */
export function createVideosService(deps: {
  videos: VideosRepository;
  datasets: DatasetsRepository;
  detections: DetectionsRepository;
  scope: ProjectScope;
  storage: FileStorage;
  audit: AuditService;
  clock: Clock;
}) {
  async function withCounts(rows: readonly VideoRow[]): Promise<Video[]> {
    const counts = await deps.videos.frameCounts(rows.map((row) => row.id));
    return rows.map((row) => toVideo(row, counts.get(row.id)));
  }

  async function withDetections(rows: readonly FrameRow[]) {
    const counts = await deps.detections.countsByFrame(rows.map((row) => row.id));
    return rows.map((row) => toFrame(row, counts.get(row.id) ?? 0));
  }

  /** The video when the user may see its project; 404 otherwise. */
  async function findVisible(auth: AuthContext, id: string): Promise<VideoRow> {
    const video = await deps.videos.findById(id);
    const dataset = video === undefined ? undefined : await deps.datasets.findById(video.datasetId);
    if (
      video === undefined ||
      dataset === undefined ||
      !(await deps.scope.canSee(auth, dataset.dataset.projectId))
    )
      throw notFound(VIDEO_MESSAGES.notFound);
    return video;
  }

  async function get(auth: AuthContext, id: string, includeFrames = false): Promise<Video> {
    const row = await findVisible(auth, id);
    const [video] = await withCounts([row]);
    if (video === undefined) throw notFound(VIDEO_MESSAGES.notFound);
    if (!includeFrames) return video;
    return { ...video, frames: await withDetections(await deps.videos.allFrames(id)) };
  }

  async function listByDataset(datasetId: string): Promise<Video[]> {
    return withCounts(await deps.videos.listByDataset(datasetId));
  }

  /** One page of a dataset's videos, newest first; `total` counts them all. */
  async function pageByDataset(datasetId: string, page: { limit: number; offset: number }) {
    const { rows, total } = await deps.videos.pageByDataset(datasetId, page.limit, page.offset);
    return { videos: await withCounts(rows), total };
  }

  async function list(auth: AuthContext, query: VideoListQuery) {
    const projectIds = await deps.scope.visibleProjectIds(auth);
    const { rows, total } = await deps.videos.list(projectIds, query);
    return { videos: await withCounts(rows), total };
  }

  async function deleteFiles(keys: readonly string[]): Promise<void> {
    for (const key of keys) await deps.storage.delete(key);
  }

  /** The frames' detection files (crops, masks, visualisations), read before the rows cascade away. */
  async function detectionFiles(frames: readonly FrameRow[]): Promise<string[]> {
    const keys: string[] = [];
    for (const frame of frames)
      keys.push(...detectionFileKeys(frame.id, await deps.detections.listByFrame(frame.id)));
    return keys;
  }

  async function remove(auth: AuthContext, id: string) {
    const video = await findVisible(auth, id);
    const frames = await deps.videos.allFrames(id);
    const detectionKeys = await detectionFiles(frames);
    await deps.videos.remove(id);
    await deleteFiles([...videoKeys(video, frames), ...detectionKeys]);
    await deps.audit.record({
      type: 'data',
      severity: 'warning',
      message: `Video "${video.name}" deleted`,
      actor: auth.user,
      resource: { id, type: 'video' },
    });
    return { success: true as const, message: 'Video deleted' };
  }

  /** Deletes the files of every video in a dataset (before the rows cascade away). */
  async function deleteDatasetFiles(datasetId: string): Promise<void> {
    for (const video of await deps.videos.listByDataset(datasetId)) {
      const frames = await deps.videos.allFrames(video.id);
      await deleteFiles([...videoKeys(video, frames), ...(await detectionFiles(frames))]);
    }
  }

  /**
   * Marks a video discarded (or, with `discard` false, takes it back): it stays stored and listed,
   * but the sample's totals and report leave it out. Audited with who did it and why.
   */
  async function setDiscarded(
    auth: AuthContext,
    id: string,
    change: { discard: boolean; reason?: string },
  ): Promise<Video> {
    const video = await findVisible(auth, id);
    const reason = change.reason?.trim() ?? '';
    const row = await deps.videos.update(
      id,
      change.discard
        ? { discardedAt: deps.clock.now(), discardedBy: auth.user.id, discardReason: reason }
        : { discardedAt: null, discardedBy: null, discardReason: null },
    );
    if (row === undefined) throw notFound(VIDEO_MESSAGES.notFound);
    await deps.audit.record({
      type: 'data',
      severity: 'info',
      message: change.discard
        ? `Video "${video.name}" discarded${reason === '' ? '' : `: ${reason}`}`
        : `Video "${video.name}" restored after being discarded`,
      actor: auth.user,
      resource: { id, type: 'video' },
    });
    const [mapped] = await withCounts([row]);
    if (mapped === undefined) throw notFound(VIDEO_MESSAGES.notFound);
    return mapped;
  }

  async function listFrames(auth: AuthContext, videoId: string, limit: number, offset: number) {
    await findVisible(auth, videoId);
    const { rows, total } = await deps.videos.listFrames(videoId, limit, offset);
    return { frames: await withDetections(rows), total };
  }

  async function findFrame(auth: AuthContext, id: string): Promise<FrameRow> {
    const frame = await deps.videos.findFrame(id);
    if (frame === undefined) throw notFound(VIDEO_MESSAGES.frameNotFound);
    try {
      await findVisible(auth, frame.videoId);
    } catch {
      throw notFound(VIDEO_MESSAGES.frameNotFound);
    }
    return frame;
  }

  async function selectFrame(
    auth: AuthContext,
    id: string,
    body: { selected?: boolean; note?: string } | undefined,
  ) {
    const frame = await findFrame(auth, id);
    // A body with only a note saves the note; an empty body toggles the selection.
    const keep = body?.note !== undefined ? frame.selected : !frame.selected;
    const row = await deps.videos.updateFrame(id, {
      selected: body?.selected ?? keep,
      ...(body?.note === undefined ? {} : { note: body.note }),
    });
    if (row === undefined) throw notFound(VIDEO_MESSAGES.frameNotFound);
    const [mapped] = await withDetections([row]);
    return mapped ?? toFrame(row);
  }

  async function deleteFrame(auth: AuthContext, id: string) {
    const frame = await findFrame(auth, id);
    const detectionKeys = await detectionFiles([frame]);
    await deps.videos.deleteFrames([id]);
    await deleteFiles([frame.storageKey, ...detectionKeys]);
    return { success: true as const, message: 'Frame deleted' };
  }

  return {
    findVisible,
    get,
    listByDataset,
    pageByDataset,
    list,
    remove,
    setDiscarded,
    deleteDatasetFiles,
    listFrames,
    findFrame,
    withDetections,
    selectFrame,
    deleteFrame,
  };
}
export type VideosService = ReturnType<typeof createVideosService>;
