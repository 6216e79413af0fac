import type { VideoListQuery } from '@sarm/contracts';
import { and, asc, count, desc, eq, inArray, isNotNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { datasets, frames, videos, type FrameRow, type VideoRow } from '../db/schema/index.js';
import { pageOfTable } from './page-total.js';

export interface VideoFrameCounts {
  readonly extracted: number;
  readonly selected: number;
}

const SORT_COLUMNS = {
  created_at: videos.createdAt,
  name: videos.name,
  size: videos.size,
  duration: videos.duration,
} as const;

/** A video with its dataset (the sample) and project, as notifications name and link it. */
export interface VideoSubject {
  readonly videoId: string;
  readonly videoName: string;
  readonly datasetId: string;
  readonly datasetName: string;
  readonly projectId: string;
}

/** Videos and their frames. */
export function createVideosRepository(db: Database) {
  async function insert(values: typeof videos.$inferInsert): Promise<VideoRow> {
    const [row] = await db.insert(videos).values(values).returning();
    if (row === undefined) throw new Error('Video insert returned no row');
    return row;
  }

  async function findById(id: string): Promise<VideoRow | undefined> {
    const [row] = await db.select().from(videos).where(eq(videos.id, id)).limit(1);
    return row;
  }

  async function update(id: string, values: Partial<typeof videos.$inferInsert>) {
    const [row] = await db.update(videos).set(values).where(eq(videos.id, id)).returning();
    return row;
  }

  /** Videos created before `cutoff` whose original is kept beside a separate browser-playable copy. */
  async function listExpiredOriginals(cutoff: Date): Promise<VideoRow[]> {
    return db
      .select()
      .from(videos)
      .where(
        and(
          lt(videos.createdAt, cutoff),
          isNotNull(videos.playableKey),
          ne(videos.playableKey, videos.originalKey),
        ),
      );
  }

  async function remove(id: string): Promise<boolean> {
    return (await db.delete(videos).where(eq(videos.id, id)).returning()).length > 0;
  }

  async function listByDataset(datasetId: string): Promise<VideoRow[]> {
    return db
      .select()
      .from(videos)
      .where(eq(videos.datasetId, datasetId))
      .orderBy(desc(videos.createdAt), desc(videos.id));
  }

  /**
   * One page of a dataset's videos in `listByDataset` order, with the dataset's total. The count
   * costs a query only when the page does not already show where the list ends.
   */
  async function pageByDataset(
    datasetId: string,
    limit: number,
    offset: number,
  ): Promise<{ rows: VideoRow[]; total: number }> {
    return pageOfTable(
      db,
      videos,
      eq(videos.datasetId, datasetId),
      [desc(videos.createdAt), desc(videos.id)],
      limit,
      offset,
    );
  }

  /** Videos of the given projects (`null`: all), filtered, sorted and paged. */
  async function list(projectIds: readonly string[] | null, query: VideoListQuery) {
    const parts: SQL[] = [];
    if (projectIds !== null)
      parts.push(
        projectIds.length === 0 ? sql`false` : inArray(datasets.projectId, [...projectIds]),
      );
    if (query.patient_id !== undefined) parts.push(eq(videos.patientId, query.patient_id));
    if (query.dataset_id !== undefined) parts.push(eq(videos.datasetId, query.dataset_id));
    if (query.status !== undefined) parts.push(eq(videos.processingStatus, query.status));
    const where = parts.length === 0 ? undefined : and(...parts);
    const column = SORT_COLUMNS[query.sort_by];
    const rows = await db
      .select({ video: videos })
      .from(videos)
      .innerJoin(datasets, eq(datasets.id, videos.datasetId))
      .where(where)
      .orderBy(query.sort_order === 'asc' ? asc(column) : desc(column), asc(videos.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    const [total] = await db
      .select({ total: count() })
      .from(videos)
      .innerJoin(datasets, eq(datasets.id, videos.datasetId))
      .where(where);
    return { rows: rows.map((row) => row.video), total: total?.total ?? 0 };
  }

  async function frameCounts(videoIds: readonly string[]): Promise<Map<string, VideoFrameCounts>> {
    if (videoIds.length === 0) return new Map();
    const rows = await db
      .select({
        videoId: frames.videoId,
        extracted: count(),
        selected: sql<number>`count(*) filter (where ${frames.selected})`,
      })
      .from(frames)
      .where(inArray(frames.videoId, [...videoIds]))
      .groupBy(frames.videoId);
    return new Map(
      rows.map((row) => [
        row.videoId,
        { extracted: row.extracted, selected: Number(row.selected) },
      ]),
    );
  }

  async function listFrames(videoId: string, limit: number, offset: number) {
    const rows = await db
      .select()
      .from(frames)
      .where(eq(frames.videoId, videoId))
      .orderBy(asc(frames.frameNumber), desc(frames.createdAt))
      .limit(limit)
      .offset(offset);
    const [total] = await db
      .select({ total: count() })
      .from(frames)
      .where(eq(frames.videoId, videoId));
    return { rows, total: total?.total ?? 0 };
  }

  async function allFrames(videoId: string): Promise<FrameRow[]> {
    return db.select().from(frames).where(eq(frames.videoId, videoId));
  }

  async function findFrame(id: string): Promise<FrameRow | undefined> {
    const [row] = await db.select().from(frames).where(eq(frames.id, id)).limit(1);
    return row;
  }

  async function insertFrames(values: (typeof frames.$inferInsert)[]): Promise<void> {
    if (values.length > 0) await db.insert(frames).values(values);
  }

  async function updateFrame(id: string, values: Partial<Pick<FrameRow, 'selected' | 'note'>>) {
    const [row] = await db.update(frames).set(values).where(eq(frames.id, id)).returning();
    return row;
  }

  /** The video with its dataset's name and project; undefined once the video is gone. */
  async function findSubject(id: string): Promise<VideoSubject | undefined> {
    const [row] = await db
      .select({
        videoId: videos.id,
        videoName: videos.name,
        datasetId: datasets.id,
        datasetName: datasets.name,
        projectId: datasets.projectId,
      })
      .from(videos)
      .innerJoin(datasets, eq(datasets.id, videos.datasetId))
      .where(eq(videos.id, id))
      .limit(1);
    return row;
  }

  async function deleteFrames(ids: readonly string[]): Promise<void> {
    if (ids.length > 0) await db.delete(frames).where(inArray(frames.id, [...ids]));
  }

  return {
    insert,
    findById,
    update,
    remove,
    listExpiredOriginals,
    listByDataset,
    pageByDataset,
    list,
    frameCounts,
    listFrames,
    allFrames,
    findFrame,
    insertFrames,
    updateFrame,
    findSubject,
    deleteFrames,
  };
}
export type VideosRepository = ReturnType<typeof createVideosRepository>;
