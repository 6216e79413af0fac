import type { DetectionFilterRequest } from '@sarm/contracts';
import {
  and,
  asc,
  count,
  eq,
  exists,
  gt,
  gte,
  inArray,
  lte,
  max,
  not,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../db/database.js';
import {
  dataLabelItems,
  datasets,
  detections,
  frames,
  videos,
  type DetectionRow,
} from '../db/schema/index.js';
import { pageOfTable } from './page-total.js';

export type DetectionInsert = typeof detections.$inferInsert;

/** The filter's conditions; `projectIds` null means every project. */
function filterConditions(
  projectIds: readonly string[] | null,
  filter: DetectionFilterRequest,
): SQL[] {
  const parts: SQL[] = [];
  if (projectIds !== null)
    parts.push(projectIds.length === 0 ? sql`false` : inArray(datasets.projectId, [...projectIds]));
  if (filter.frame_id !== undefined) parts.push(eq(detections.frameId, filter.frame_id));
  if (filter.video_id !== undefined) parts.push(eq(frames.videoId, filter.video_id));
  if (filter.dataset_id !== undefined) parts.push(eq(videos.datasetId, filter.dataset_id));
  if (filter.min_confidence !== undefined)
    parts.push(gte(detections.confidence, filter.min_confidence));
  if (filter.max_confidence !== undefined)
    parts.push(lte(detections.confidence, filter.max_confidence));
  if (filter.source !== undefined) parts.push(eq(detections.source, filter.source));
  if (filter.verified !== undefined) parts.push(eq(detections.verified, filter.verified));
  if (filter.labelled !== undefined) {
    const inLabel = exists(
      sql`(select 1 from ${dataLabelItems} where ${dataLabelItems.detectionId} = ${detections.id})`,
    );
    parts.push(filter.labelled ? inLabel : not(inLabel));
  }
  return parts;
}

/** Detections of frames. */
export function createDetectionsRepository(db: Database) {
  async function listByFrame(frameId: string): Promise<DetectionRow[]> {
    return db
      .select()
      .from(detections)
      .where(eq(detections.frameId, frameId))
      .orderBy(detections.y1, detections.x1, detections.id);
  }

  /**
   * One page of a frame's detections in `listByFrame` order, with the frame's total. The count
   * costs a query only when the page does not already show where the list ends.
   */
  async function pageByFrame(
    frameId: string,
    limit: number,
    offset: number,
  ): Promise<{ rows: DetectionRow[]; total: number }> {
    return pageOfTable(
      db,
      detections,
      eq(detections.frameId, frameId),
      [detections.y1, detections.x1, detections.id],
      limit,
      offset,
    );
  }

  /** Deletes the frame's detections that meet `condition` and inserts `values`, in one transaction. */
  async function replaceWhere(
    frameId: string,
    condition: SQL | undefined,
    values: readonly DetectionInsert[],
  ) {
    return db.transaction(async (tx) => {
      const removed = await tx
        .delete(detections)
        .where(and(eq(detections.frameId, frameId), condition))
        .returning();
      const inserted =
        values.length === 0
          ? []
          : await tx
              .insert(detections)
              .values([...values])
              .returning();
      return { removed, inserted };
    });
  }

  /** Replaces every detection of the frame in one transaction; answers the old and new rows. */
  const replaceForFrame = (frameId: string, values: readonly DetectionInsert[]) =>
    replaceWhere(frameId, undefined, values);

  /** Replaces the frame's unverified detections (a person's checked boxes stay); answers both. */
  const replaceUnverified = (frameId: string, values: readonly DetectionInsert[]) =>
    replaceWhere(frameId, eq(detections.verified, false), values);

  async function findById(id: string): Promise<DetectionRow | undefined> {
    const [row] = await db.select().from(detections).where(eq(detections.id, id)).limit(1);
    return row;
  }

  async function update(id: string, values: Partial<DetectionInsert>) {
    const [row] = await db.update(detections).set(values).where(eq(detections.id, id)).returning();
    return row;
  }

  async function remove(id: string): Promise<boolean> {
    return (await db.delete(detections).where(eq(detections.id, id)).returning()).length > 0;
  }

  async function removeByFrame(frameId: string): Promise<DetectionRow[]> {
    return db.delete(detections).where(eq(detections.frameId, frameId)).returning();
  }

  /** Number of detections per frame (frames without any are absent). */
  async function countsByFrame(frameIds: readonly string[]): Promise<Map<string, number>> {
    if (frameIds.length === 0) return new Map();
    const rows = await db
      .select({ frameId: detections.frameId, total: count() })
      .from(detections)
      .where(inArray(detections.frameId, [...frameIds]))
      .groupBy(detections.frameId);
    return new Map(rows.map((row) => [row.frameId, row.total]));
  }

  async function insert(values: DetectionInsert): Promise<DetectionRow> {
    const [row] = await db.insert(detections).values(values).returning();
    if (row === undefined) throw new Error('Detection insert returned no row');
    return row;
  }

  /** Every detection of a video's frames with its frame number, in frame order. */
  async function listByVideo(videoId: string, page?: { limit: number; offset: number }) {
    const query = db
      .select({ detection: detections, frameNumber: frames.frameNumber })
      .from(detections)
      .innerJoin(frames, eq(frames.id, detections.frameId))
      .where(eq(frames.videoId, videoId))
      .orderBy(asc(frames.frameNumber), asc(detections.y1), asc(detections.x1), asc(detections.id));
    return page === undefined ? query : query.limit(page.limit).offset(page.offset);
  }

  async function countByVideo(videoId: string): Promise<number> {
    const [row] = await db
      .select({ total: count() })
      .from(detections)
      .innerJoin(frames, eq(frames.id, detections.frameId))
      .where(eq(frames.videoId, videoId));
    return row?.total ?? 0;
  }

  /** Detections matching the filter with their frames, in video and frame order; and the total. */
  async function filter(projectIds: readonly string[] | null, request: DetectionFilterRequest) {
    const where = and(...filterConditions(projectIds, request));
    const rows = await db
      .select({ detection: detections, frame: frames })
      .from(detections)
      .innerJoin(frames, eq(frames.id, detections.frameId))
      .innerJoin(videos, eq(videos.id, frames.videoId))
      .innerJoin(datasets, eq(datasets.id, videos.datasetId))
      .where(where)
      .orderBy(asc(frames.videoId), asc(frames.frameNumber), asc(detections.y1), asc(detections.id))
      .limit(request.limit)
      .offset(request.offset);
    const [total] = await db
      .select({ total: count() })
      .from(detections)
      .innerJoin(frames, eq(frames.id, detections.frameId))
      .innerJoin(videos, eq(videos.id, frames.videoId))
      .innerJoin(datasets, eq(datasets.id, videos.datasetId))
      .where(where);
    return { rows, total: total?.total ?? 0 };
  }

  /** Boxes of a track on frames of the video after `frameNumber`, with their frames. */
  async function laterInTrack(videoId: string, trackId: number, frameNumber: number) {
    return db
      .select({ detection: detections, frame: frames })
      .from(detections)
      .innerJoin(frames, eq(frames.id, detections.frameId))
      .where(
        and(
          eq(frames.videoId, videoId),
          eq(detections.trackId, trackId),
          gt(frames.frameNumber, frameNumber),
        ),
      )
      .orderBy(asc(frames.frameNumber));
  }

  async function maxTrackId(videoId: string): Promise<number> {
    const [row] = await db
      .select({ top: max(detections.trackId) })
      .from(detections)
      .innerJoin(frames, eq(frames.id, detections.frameId))
      .where(eq(frames.videoId, videoId));
    return row?.top ?? 0;
  }

  /** Sets the track of each listed detection, in one transaction. */
  async function setTracks(tracks: ReadonlyMap<string, number | null>): Promise<void> {
    if (tracks.size === 0) return;
    await db.transaction(async (tx) => {
      for (const [id, trackId] of tracks)
        await tx.update(detections).set({ trackId }).where(eq(detections.id, id));
    });
  }

  return {
    listByFrame,
    pageByFrame,
    replaceForFrame,
    replaceUnverified,
    findById,
    update,
    remove,
    removeByFrame,
    countsByFrame,
    insert,
    listByVideo,
    countByVideo,
    filter,
    laterInTrack,
    maxTrackId,
    setTracks,
  };
}
export type DetectionsRepository = ReturnType<typeof createDetectionsRepository>;
