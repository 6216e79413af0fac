import { count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { detections, type DetectionRow } from '../db/schema/index.js';

export type DetectionInsert = typeof detections.$inferInsert;

/** Detections of frames. */
export function createDetectionsRepository(db: Database) {
  async function listByFrame(frameId: string): Promise<DetectionRow[]> {
    return db
      .select()
      .from(detections)
      .where(eq(detections.frameId, frameId))
      .orderBy(detections.y1, detections.x1, detections.id);
  }

  /** Replaces every detection of the frame in one transaction; answers the old and new rows. */
  async function replaceForFrame(frameId: string, values: readonly DetectionInsert[]) {
    return db.transaction(async (tx) => {
      const removed = await tx
        .delete(detections)
        .where(eq(detections.frameId, frameId))
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

  return { listByFrame, replaceForFrame, findById, update, remove, removeByFrame, countsByFrame };
}
export type DetectionsRepository = ReturnType<typeof createDetectionsRepository>;
