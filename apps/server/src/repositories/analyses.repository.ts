import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { videoAnalyses, type VideoAnalysisRow } from '../db/schema/index.js';

/** Saved CASA analyses of videos (the reports made of them are in report-versions). */
export function createAnalysesRepository(db: Database) {
  async function insert(values: typeof videoAnalyses.$inferInsert): Promise<VideoAnalysisRow> {
    const [row] = await db.insert(videoAnalyses).values(values).returning();
    if (row === undefined) throw new Error('Insert returned no row');
    return row;
  }

  /** The newest analysis of the video made with exactly these settings (jsonb equality). */
  async function findLatest(
    videoId: string,
    settings: Record<string, unknown>,
  ): Promise<VideoAnalysisRow | undefined> {
    const [row] = await db
      .select()
      .from(videoAnalyses)
      .where(
        and(
          eq(videoAnalyses.videoId, videoId),
          sql`${videoAnalyses.settings} = ${JSON.stringify(settings)}::jsonb`,
        ),
      )
      .orderBy(desc(videoAnalyses.createdAt))
      .limit(1);
    return row;
  }

  /** The newest analysis of each video, whatever its settings. */
  async function latestByVideo(videoIds: readonly string[]): Promise<VideoAnalysisRow[]> {
    if (videoIds.length === 0) return [];
    const rows = await db
      .select()
      .from(videoAnalyses)
      .where(inArray(videoAnalyses.videoId, [...videoIds]))
      .orderBy(desc(videoAnalyses.createdAt));
    const seen = new Set<string>();
    return rows.filter((row) => !seen.has(row.videoId) && seen.add(row.videoId) !== undefined);
  }

  return { insert, findLatest, latestByVideo };
}
export type AnalysesRepository = ReturnType<typeof createAnalysesRepository>;
