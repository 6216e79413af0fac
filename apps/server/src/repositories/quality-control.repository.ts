import { and, asc, desc, eq, inArray, type Column, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import {
  datasets,
  manualCounts,
  qcSeries,
  videoAnalyses,
  videos,
  type ManualCountRow,
  type QcSeriesRow,
  type VideoAnalysisRow,
} from '../db/schema/index.js';

/** A row with the dataset (sample) it belongs to. */
export interface WithDataset<T> {
  readonly row: T;
  readonly datasetName: string;
  readonly projectId: string;
}

/** The newest analysis of one video of a dataset. */
export interface VideoWithAnalysis {
  readonly videoId: string;
  readonly videoName: string;
  readonly analysis: VideoAnalysisRow | null;
}

export interface QcFilter {
  /** `null`: every project. */
  readonly projectIds: readonly string[] | null;
  readonly projectId?: string;
  readonly datasetId?: string;
}

/** One page of a list: at most `limit` rows after the first `offset`. */
export interface QcPage {
  readonly limit: number;
  readonly offset: number;
}

/** Manual counts, QC series and the analyses quality control reads. */
export function createQualityControlRepository(db: Database) {
  const withDataset = { datasetName: datasets.name, projectId: datasets.projectId };

  function conditions(filter: QcFilter, datasetColumn: Column) {
    const where: SQL[] = [];
    if (filter.projectIds !== null) where.push(inArray(datasets.projectId, [...filter.projectIds]));
    if (filter.projectId !== undefined) where.push(eq(datasets.projectId, filter.projectId));
    if (filter.datasetId !== undefined) where.push(eq(datasetColumn, filter.datasetId));
    return and(...where);
  }

  async function insertManualCount(
    values: typeof manualCounts.$inferInsert,
  ): Promise<ManualCountRow> {
    const [row] = await db.insert(manualCounts).values(values).returning();
    if (row === undefined) throw new Error('Insert returned no row');
    return row;
  }

  /** Manual counts matching the filter, oldest first (the order they were recorded): all, or a page. */
  async function listManualCounts(
    filter: QcFilter,
    page?: QcPage,
  ): Promise<WithDataset<ManualCountRow>[]> {
    if (filter.projectIds !== null && filter.projectIds.length === 0) return [];
    const query = db
      .select({ row: manualCounts, ...withDataset })
      .from(manualCounts)
      .innerJoin(datasets, eq(datasets.id, manualCounts.datasetId))
      .where(conditions(filter, manualCounts.datasetId))
      .orderBy(asc(manualCounts.createdAt), asc(manualCounts.id));
    return page === undefined ? query : query.limit(page.limit).offset(page.offset);
  }

  async function findManualCount(id: string): Promise<WithDataset<ManualCountRow> | undefined> {
    const [found] = await db
      .select({ row: manualCounts, ...withDataset })
      .from(manualCounts)
      .innerJoin(datasets, eq(datasets.id, manualCounts.datasetId))
      .where(eq(manualCounts.id, id))
      .limit(1);
    return found;
  }

  async function deleteManualCount(id: string): Promise<boolean> {
    return (await db.delete(manualCounts).where(eq(manualCounts.id, id)).returning()).length > 0;
  }

  async function insertSeries(values: typeof qcSeries.$inferInsert): Promise<QcSeriesRow> {
    const [row] = await db.insert(qcSeries).values(values).returning();
    if (row === undefined) throw new Error('Insert returned no row');
    return row;
  }

  /** QC series by name: all of them, or one page. */
  async function listSeries(filter: QcFilter, page?: QcPage): Promise<WithDataset<QcSeriesRow>[]> {
    if (filter.projectIds !== null && filter.projectIds.length === 0) return [];
    const query = db
      .select({ row: qcSeries, ...withDataset })
      .from(qcSeries)
      .innerJoin(datasets, eq(datasets.id, qcSeries.datasetId))
      .where(conditions(filter, qcSeries.datasetId))
      .orderBy(asc(qcSeries.name), asc(qcSeries.id));
    return page === undefined ? query : query.limit(page.limit).offset(page.offset);
  }

  async function findSeries(id: string): Promise<WithDataset<QcSeriesRow> | undefined> {
    const [found] = await db
      .select({ row: qcSeries, ...withDataset })
      .from(qcSeries)
      .innerJoin(datasets, eq(datasets.id, qcSeries.datasetId))
      .where(eq(qcSeries.id, id))
      .limit(1);
    return found;
  }

  async function deleteSeries(id: string): Promise<boolean> {
    return (await db.delete(qcSeries).where(eq(qcSeries.id, id)).returning()).length > 0;
  }

  /** Each video of the dataset with its newest analysis (or null), oldest video first. */
  async function videosWithLatestAnalysis(datasetId: string): Promise<VideoWithAnalysis[]> {
    const rows = await db
      .select({ id: videos.id, name: videos.name })
      .from(videos)
      .where(eq(videos.datasetId, datasetId))
      .orderBy(asc(videos.createdAt), asc(videos.id));
    if (rows.length === 0) return [];
    const analyses = await db
      .select()
      .from(videoAnalyses)
      .where(
        inArray(
          videoAnalyses.videoId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(desc(videoAnalyses.createdAt), desc(videoAnalyses.id));
    const newest = new Map<string, VideoAnalysisRow>();
    for (const analysis of analyses)
      if (!newest.has(analysis.videoId)) newest.set(analysis.videoId, analysis);
    return rows.map((row) => ({
      videoId: row.id,
      videoName: row.name,
      analysis: newest.get(row.id) ?? null,
    }));
  }

  return {
    insertManualCount,
    listManualCounts,
    findManualCount,
    deleteManualCount,
    insertSeries,
    listSeries,
    findSeries,
    deleteSeries,
    videosWithLatestAnalysis,
  };
}
export type QualityControlRepository = ReturnType<typeof createQualityControlRepository>;
