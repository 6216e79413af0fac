import { and, asc, count, desc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import {
  dataLabelItems,
  dataLabels,
  detections,
  frames,
  predictions,
  type PredictionRow,
  type PredictionStatus,
} from '../db/schema/index.js';

/** A head box in frame pixels. */
export interface AnnotatedBox {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

export interface PredictionFilter {
  /** `null`: every project. */
  readonly projectIds: readonly string[] | null;
  readonly modelId?: string;
  readonly videoId?: string;
  readonly status?: PredictionStatus;
  readonly limit: number;
  readonly offset: number;
}

/** Saved predictions. */
export function createPredictionsRepository(db: Database) {
  function where(filter: Omit<PredictionFilter, 'limit' | 'offset'>): SQL | undefined {
    const parts: (SQL | undefined)[] = [];
    if (filter.projectIds !== null)
      parts.push(
        filter.projectIds.length === 0
          ? isNull(predictions.projectId)
          : or(
              isNull(predictions.projectId),
              inArray(predictions.projectId, [...filter.projectIds]),
            ),
      );
    if (filter.modelId !== undefined) parts.push(eq(predictions.modelId, filter.modelId));
    if (filter.videoId !== undefined) parts.push(eq(predictions.videoId, filter.videoId));
    if (filter.status !== undefined) parts.push(eq(predictions.status, filter.status));
    const defined = parts.filter((part) => part !== undefined);
    return defined.length === 0 ? undefined : and(...defined);
  }

  async function list(filter: PredictionFilter) {
    const condition = where(filter);
    const rows = await db
      .select()
      .from(predictions)
      .where(condition)
      .orderBy(desc(predictions.createdAt), desc(predictions.id))
      .limit(filter.limit)
      .offset(filter.offset);
    const [total] = await db.select({ total: count() }).from(predictions).where(condition);
    return { rows, total: total?.total ?? 0 };
  }

  async function findById(id: string): Promise<PredictionRow | undefined> {
    const [row] = await db.select().from(predictions).where(eq(predictions.id, id)).limit(1);
    return row;
  }

  async function insert(values: typeof predictions.$inferInsert): Promise<PredictionRow> {
    const [row] = await db.insert(predictions).values(values).returning();
    if (row === undefined) throw new Error('Prediction insert returned no row');
    return row;
  }

  async function update(id: string, values: Partial<typeof predictions.$inferInsert>) {
    const [row] = await db
      .update(predictions)
      .set(values)
      .where(eq(predictions.id, id))
      .returning();
    return row;
  }

  async function remove(id: string): Promise<boolean> {
    const rows = await db
      .delete(predictions)
      .where(eq(predictions.id, id))
      .returning({ id: predictions.id });
    return rows.length > 0;
  }

  /**
   * The hand annotations of a video: for each of its frames in a detection data label, every box
   * those labels hold on it (a box in two labels once), by frame number. As training does, a
   * labelled frame counts as fully annotated.
   */
  async function annotatedFrames(videoId: string): Promise<Map<number, AnnotatedBox[]>> {
    const rows = await db
      .selectDistinct({
        detectionId: detections.id,
        frameNumber: frames.frameNumber,
        x1: detections.x1,
        y1: detections.y1,
        x2: detections.x2,
        y2: detections.y2,
      })
      .from(dataLabelItems)
      .innerJoin(dataLabels, eq(dataLabels.id, dataLabelItems.dataLabelId))
      .innerJoin(detections, eq(detections.id, dataLabelItems.detectionId))
      .innerJoin(frames, eq(frames.id, dataLabelItems.frameId))
      .where(and(eq(frames.videoId, videoId), eq(dataLabels.labelType, 'detection')))
      .orderBy(asc(frames.frameNumber), asc(detections.id));
    const byFrame = new Map<number, AnnotatedBox[]>();
    for (const { frameNumber, x1, y1, x2, y2 } of rows) {
      const list = byFrame.get(frameNumber) ?? [];
      list.push({ x1, y1, x2, y2 });
      byFrame.set(frameNumber, list);
    }
    return byFrame;
  }

  return { list, findById, insert, update, remove, annotatedFrames };
}
export type PredictionsRepository = ReturnType<typeof createPredictionsRepository>;
