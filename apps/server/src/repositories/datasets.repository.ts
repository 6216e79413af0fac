import type { DatasetStatus, DatasetType } from '@sarm/contracts';
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import {
  datasets,
  detections,
  frames,
  projects,
  videos,
  type DatasetRow,
} from '../db/schema/index.js';

export interface DatasetFilter {
  /** `null`: every project; otherwise only these projects. */
  readonly projectIds: readonly string[] | null;
  readonly projectId?: string;
  readonly type?: DatasetType;
  readonly status?: DatasetStatus;
  readonly limit: number;
  readonly offset: number;
}

export interface DatasetCounts {
  readonly videos: number;
  readonly usableVideos: number;
  readonly frames: number;
  /** Detections on the dataset's frames (each has a crop image). */
  readonly detections: number;
  /** Frames with at least one detection a person verified or drew. */
  readonly annotatedFrames: number;
}

export interface DatasetWithProject {
  readonly dataset: DatasetRow;
  readonly projectName: string;
}

/** Datasets and their counts. */
export function createDatasetsRepository(db: Database) {
  function conditions(filter: Omit<DatasetFilter, 'limit' | 'offset'>): SQL | undefined {
    const parts: SQL[] = [];
    if (filter.projectIds !== null) {
      if (filter.projectIds.length === 0) parts.push(sql`false`);
      else parts.push(inArray(datasets.projectId, [...filter.projectIds]));
    }
    if (filter.projectId !== undefined) parts.push(eq(datasets.projectId, filter.projectId));
    if (filter.type !== undefined) parts.push(eq(datasets.type, filter.type));
    if (filter.status !== undefined) parts.push(eq(datasets.status, filter.status));
    return parts.length === 0 ? undefined : and(...parts);
  }

  async function list(filter: DatasetFilter) {
    const where = conditions(filter);
    const rows = await db
      .select({ dataset: datasets, projectName: projects.name })
      .from(datasets)
      .innerJoin(projects, eq(projects.id, datasets.projectId))
      .where(where)
      .orderBy(desc(datasets.createdAt), desc(datasets.id))
      .limit(filter.limit)
      .offset(filter.offset);
    const [total] = await db.select({ total: count() }).from(datasets).where(where);
    return { rows, total: total?.total ?? 0 };
  }

  async function findById(id: string): Promise<DatasetWithProject | undefined> {
    const [row] = await db
      .select({ dataset: datasets, projectName: projects.name })
      .from(datasets)
      .innerJoin(projects, eq(projects.id, datasets.projectId))
      .where(eq(datasets.id, id))
      .limit(1);
    return row;
  }

  async function insert(values: typeof datasets.$inferInsert): Promise<DatasetRow> {
    const [row] = await db.insert(datasets).values(values).returning();
    if (row === undefined) throw new Error('Dataset insert returned no row');
    return row;
  }

  async function update(id: string, values: Partial<typeof datasets.$inferInsert>) {
    const [row] = await db.update(datasets).set(values).where(eq(datasets.id, id)).returning();
    return row;
  }

  async function remove(id: string): Promise<boolean> {
    return (await db.delete(datasets).where(eq(datasets.id, id)).returning()).length > 0;
  }

  /** Video, usable-video (uploaded or completed) and frame counts per dataset. */
  async function counts(datasetIds: readonly string[]): Promise<Map<string, DatasetCounts>> {
    const result = new Map<string, DatasetCounts>();
    if (datasetIds.length === 0) return result;
    const videoRows = await db
      .select({
        datasetId: videos.datasetId,
        total: count(),
        usable: sql<number>`count(*) filter (where ${videos.processingStatus} in ('uploaded','completed'))`,
      })
      .from(videos)
      .where(inArray(videos.datasetId, [...datasetIds]))
      .groupBy(videos.datasetId);
    const frameRows = await db
      .select({ datasetId: videos.datasetId, total: count() })
      .from(frames)
      .innerJoin(videos, eq(videos.id, frames.videoId))
      .where(inArray(videos.datasetId, [...datasetIds]))
      .groupBy(videos.datasetId);
    const framesBy = new Map(frameRows.map((row) => [row.datasetId, row.total]));
    const detectionRows = await db
      .select({
        datasetId: videos.datasetId,
        total: count(),
        annotated: sql<number>`count(distinct ${detections.frameId}) filter (where ${detections.verified} or ${detections.source} = 'manual')`,
      })
      .from(detections)
      .innerJoin(frames, eq(frames.id, detections.frameId))
      .innerJoin(videos, eq(videos.id, frames.videoId))
      .where(inArray(videos.datasetId, [...datasetIds]))
      .groupBy(videos.datasetId);
    const detectionsBy = new Map(detectionRows.map((row) => [row.datasetId, row]));
    for (const id of datasetIds) {
      const row = videoRows.find((candidate) => candidate.datasetId === id);
      result.set(id, {
        videos: row?.total ?? 0,
        usableVideos: Number(row?.usable ?? 0),
        frames: framesBy.get(id) ?? 0,
        detections: detectionsBy.get(id)?.total ?? 0,
        annotatedFrames: Number(detectionsBy.get(id)?.annotated ?? 0),
      });
    }
    return result;
  }

  /** Dataset and video counts of each of `projectIds`. */
  async function projectCounts(
    projectIds: readonly string[],
  ): Promise<Map<string, { datasets: number; videos: number }>> {
    if (projectIds.length === 0) return new Map();
    const rows = await db
      .select({
        projectId: datasets.projectId,
        datasets: sql<number>`count(distinct ${datasets.id})`,
        videos: sql<number>`count(${videos.id})`,
      })
      .from(datasets)
      .leftJoin(videos, eq(videos.datasetId, datasets.id))
      .where(inArray(datasets.projectId, [...projectIds]))
      .groupBy(datasets.projectId);
    return new Map(
      rows.map((row) => [
        row.projectId,
        { datasets: Number(row.datasets), videos: Number(row.videos) },
      ]),
    );
  }

  return { list, findById, insert, update, remove, counts, projectCounts };
}
export type DatasetsRepository = ReturnType<typeof createDatasetsRepository>;
