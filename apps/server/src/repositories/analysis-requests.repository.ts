import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { analysisRequests, frames, type AnalysisRequestRow } from '../db/schema/index.js';
import { pageOfTable } from './page-total.js';

type RequestChanges = Partial<
  Pick<AnalysisRequestRow, 'status' | 'taskId' | 'analysisId' | 'error' | 'updatedAt'>
>;

/** "Submit for Analysis" requests of frame selection and the state of their runs. */
export function createAnalysisRequestsRepository(db: Database) {
  /** Stores the request and marks its frames selected, in one transaction. */
  async function insertSelecting(
    values: typeof analysisRequests.$inferInsert,
  ): Promise<AnalysisRequestRow> {
    return db.transaction(async (tx) => {
      const [row] = await tx.insert(analysisRequests).values(values).returning();
      if (row === undefined) throw new Error('Analysis request insert returned no row');
      if (row.frameIds.length > 0)
        await tx
          .update(frames)
          .set({ selected: true })
          .where(and(eq(frames.videoId, row.videoId), inArray(frames.id, row.frameIds)));
      return row;
    });
  }

  async function findById(id: string): Promise<AnalysisRequestRow | undefined> {
    const [row] = await db
      .select()
      .from(analysisRequests)
      .where(eq(analysisRequests.id, id))
      .limit(1);
    return row;
  }

  async function update(id: string, changes: RequestChanges) {
    const [row] = await db
      .update(analysisRequests)
      .set(changes)
      .where(eq(analysisRequests.id, id))
      .returning();
    return row;
  }

  /**
   * One page of a video's requests, newest first, with how many it has. The count costs a query
   * only when the page does not already show where the list ends.
   */
  async function pageByVideo(
    videoId: string,
    limit: number,
    offset: number,
  ): Promise<{ rows: AnalysisRequestRow[]; total: number }> {
    return pageOfTable(
      db,
      analysisRequests,
      eq(analysisRequests.videoId, videoId),
      [desc(analysisRequests.createdAt), desc(analysisRequests.id)],
      limit,
      offset,
    );
  }

  /** The newest request of each video that has one. */
  async function latestByVideo(videoIds: readonly string[]): Promise<AnalysisRequestRow[]> {
    if (videoIds.length === 0) return [];
    const rows = await db
      .select()
      .from(analysisRequests)
      .where(inArray(analysisRequests.videoId, [...videoIds]))
      .orderBy(desc(analysisRequests.createdAt), desc(analysisRequests.id));
    const seen = new Set<string>();
    return rows.filter((row) => !seen.has(row.videoId) && seen.add(row.videoId) !== undefined);
  }

  return { insertSelecting, findById, update, pageByVideo, latestByVideo };
}
export type AnalysisRequestsRepository = ReturnType<typeof createAnalysisRequestsRepository>;
