import type { ReviewStatus } from '@sarm/contracts';
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database.js';
import {
  dataLabelItems,
  dataLabels,
  datasets,
  detections,
  frames,
  users,
  videos,
  type DataLabelItemRow,
  type DataLabelType,
} from '../db/schema/index.js';
import { totalOfPage } from './page-total.js';

export type DataLabelInsert = typeof dataLabels.$inferInsert;
export type DataLabelItemInsert = typeof dataLabelItems.$inferInsert;

const reviewer = alias(users, 'reviewer');
const annotator = alias(users, 'annotator');
const owner = alias(users, 'owner');

const countWhere = (condition: SQL) =>
  sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
/** A review unit is a frame of a detection label, or one item of a morphology label. */
const unitKey = sql`case when ${dataLabels.labelType} = 'detection' then ${dataLabelItems.frameId} else ${dataLabelItems.id} end`;
const unitsWithStatus = (status: ReviewStatus) =>
  sql<number>`count(distinct ${unitKey}) filter (where ${dataLabelItems.reviewStatus} = ${status})`.mapWith(
    Number,
  );

/** Which labels a listing covers. `projectIds` null: every project. */
export interface LabelFilter {
  readonly projectIds: readonly string[] | null;
  readonly datasetId?: string;
  readonly userId?: string;
  readonly labelType?: DataLabelType;
  readonly ids?: readonly string[];
  readonly name?: string;
  readonly query?: string;
}

export type ItemSort = 'date' | 'confidence' | 'frame_number';

/** Data labels, their items and the review of those items. */
export function createDataLabelsRepository(db: Database) {
  function labelConditions(filter: LabelFilter): SQL | undefined {
    const conditions: (SQL | undefined)[] = [
      filter.projectIds === null
        ? undefined
        : filter.projectIds.length === 0
          ? sql`false`
          : inArray(datasets.projectId, [...filter.projectIds]),
      filter.datasetId === undefined ? undefined : eq(dataLabels.datasetId, filter.datasetId),
      filter.userId === undefined ? undefined : eq(dataLabels.userId, filter.userId),
      filter.labelType === undefined ? undefined : eq(dataLabels.labelType, filter.labelType),
      filter.ids === undefined ? undefined : inArray(dataLabels.id, [...filter.ids]),
      filter.name === undefined ? undefined : eq(dataLabels.name, filter.name),
      filter.query === undefined || filter.query.trim() === ''
        ? undefined
        : or(
            ilike(dataLabels.name, `%${filter.query.trim()}%`),
            ilike(dataLabels.description, `%${filter.query.trim()}%`),
            ilike(datasets.name, `%${filter.query.trim()}%`),
          ),
    ];
    return and(...conditions.filter((c): c is SQL => c !== undefined));
  }

  /** Labels with their dataset, owner and counts, in one query. */
  async function listLabels(filter: LabelFilter, page?: { limit: number; offset: number }) {
    const where = labelConditions(filter);
    const query = db
      .select({
        label: dataLabels,
        datasetName: datasets.name,
        projectId: datasets.projectId,
        userName: owner.displayName,
        itemCount: sql<number>`count(${dataLabelItems.id})`.mapWith(Number),
        frameCount: sql<number>`count(distinct ${dataLabelItems.frameId})`.mapWith(Number),
        pending: unitsWithStatus('pending'),
        approved: unitsWithStatus('approved'),
        rejected: unitsWithStatus('rejected'),
        needsCorrection: unitsWithStatus('needsCorrection'),
      })
      .from(dataLabels)
      .innerJoin(datasets, eq(datasets.id, dataLabels.datasetId))
      .leftJoin(owner, eq(owner.id, dataLabels.userId))
      .leftJoin(dataLabelItems, eq(dataLabelItems.dataLabelId, dataLabels.id))
      .where(where)
      .groupBy(dataLabels.id, datasets.name, datasets.projectId, owner.displayName)
      .orderBy(desc(dataLabels.createdAt), asc(dataLabels.id));
    const rows =
      page === undefined ? await query : await query.limit(page.limit).offset(page.offset);
    if (page === undefined) return { rows, total: rows.length };
    const total = await totalOfPage(rows, page.limit, page.offset, async () => {
      const [row] = await db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(dataLabels)
        .innerJoin(datasets, eq(datasets.id, dataLabels.datasetId))
        .where(where);
      return row?.total ?? 0;
    });
    return { rows, total };
  }

  async function insertLabel(values: DataLabelInsert) {
    const [row] = await db.insert(dataLabels).values(values).onConflictDoNothing().returning();
    return row;
  }

  async function updateLabel(id: string, values: Partial<DataLabelInsert>) {
    const [row] = await db.update(dataLabels).set(values).where(eq(dataLabels.id, id)).returning();
    return row;
  }

  async function deleteLabel(id: string): Promise<boolean> {
    return (await db.delete(dataLabels).where(eq(dataLabels.id, id)).returning()).length > 0;
  }

  function itemConditions(labelId: string, query: string | undefined): SQL | undefined {
    const text = query?.trim() ?? '';
    if (text === '') return eq(dataLabelItems.dataLabelId, labelId);
    const number = /^#?(\d+)$/.exec(text)?.[1];
    return and(
      eq(dataLabelItems.dataLabelId, labelId),
      or(
        ilike(videos.name, `%${text}%`),
        ilike(dataLabelItems.className, `%${text}%`),
        ilike(dataLabelItems.morphologyClass, `%${text}%`),
        number === undefined ? undefined : eq(frames.frameNumber, Number(number)),
      ),
    );
  }

  /** Items of a label with their detection, frame, video and people, sorted and paged. */
  async function listItems(
    labelId: string,
    options: { sort: ItemSort; query?: string; limit: number; offset: number; ids?: string[] },
  ) {
    const where = and(
      itemConditions(labelId, options.query),
      options.ids === undefined ? undefined : inArray(dataLabelItems.id, options.ids),
    );
    const order =
      options.sort === 'confidence'
        ? [desc(detections.confidence), asc(frames.frameNumber)]
        : options.sort === 'frame_number'
          ? [asc(videos.name), asc(frames.frameNumber), asc(detections.y1)]
          : [desc(dataLabelItems.createdAt), asc(frames.frameNumber), asc(detections.y1)];
    const rows = await db
      .select({
        item: dataLabelItems,
        detection: detections,
        frameNumber: frames.frameNumber,
        videoName: videos.name,
        annotatorName: annotator.displayName,
        reviewerName: reviewer.displayName,
      })
      .from(dataLabelItems)
      .innerJoin(detections, eq(detections.id, dataLabelItems.detectionId))
      .innerJoin(frames, eq(frames.id, dataLabelItems.frameId))
      .innerJoin(videos, eq(videos.id, dataLabelItems.videoId))
      .leftJoin(annotator, eq(annotator.id, dataLabelItems.annotatedBy))
      .leftJoin(reviewer, eq(reviewer.id, dataLabelItems.reviewedBy))
      .where(where)
      .orderBy(...order, asc(dataLabelItems.id))
      .limit(options.limit)
      .offset(options.offset);
    const [total] = await db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(dataLabelItems)
      .innerJoin(frames, eq(frames.id, dataLabelItems.frameId))
      .innerJoin(videos, eq(videos.id, dataLabelItems.videoId))
      .where(where);
    return { rows, total: total?.total ?? 0 };
  }
  async function detectionIds(labelId: string): Promise<string[]> {
    const rows = await db
      .select({ id: dataLabelItems.detectionId })
      .from(dataLabelItems)
      .where(eq(dataLabelItems.dataLabelId, labelId));
    return rows.map((row) => row.id);
  }

  async function findItem(labelId: string, itemId: string): Promise<DataLabelItemRow | undefined> {
    const [row] = await db
      .select()
      .from(dataLabelItems)
      .where(and(eq(dataLabelItems.dataLabelId, labelId), eq(dataLabelItems.id, itemId)))
      .limit(1);
    return row;
  }

  /**
   * Puts the frame's detections into the label in one transaction: the frame's earlier items
   * are replaced (boxes may have changed) and its review starts again as pending.
   */
  async function replaceFrameItems(
    labelId: string,
    frameId: string,
    values: readonly DataLabelItemInsert[],
  ) {
    return db.transaction(async (tx) => {
      await tx
        .delete(dataLabelItems)
        .where(and(eq(dataLabelItems.dataLabelId, labelId), eq(dataLabelItems.frameId, frameId)));
      if (values.length === 0) return [];
      return tx
        .insert(dataLabelItems)
        .values([...values])
        .returning();
    });
  }

  /** Adds items, keeping an existing item of the same detection (its class is updated). */
  async function upsertItems(values: readonly DataLabelItemInsert[]) {
    if (values.length === 0) return [];
    return db
      .insert(dataLabelItems)
      .values([...values])
      .onConflictDoUpdate({
        target: [dataLabelItems.dataLabelId, dataLabelItems.detectionId],
        set: { className: sql`excluded.class_name`, updatedAt: sql`excluded.updated_at` },
      })
      .returning();
  }

  /** Inserts a morphology item or replaces its class, mask and points. */
  async function upsertMaskItem(value: DataLabelItemInsert) {
    const [row] = await db
      .insert(dataLabelItems)
      .values(value)
      .onConflictDoUpdate({
        target: [dataLabelItems.dataLabelId, dataLabelItems.detectionId],
        set: {
          className: sql`excluded.class_name`,
          morphologyClass: sql`excluded.morphology_class`,
          maskKey: sql`excluded.mask_key`,
          morphometry: sql`excluded.morphometry`,
          points: sql`excluded.points`,
          ...(value.annotatorConfidence === undefined
            ? {}
            : { annotatorConfidence: sql`excluded.annotator_confidence` }),
          ...(value.notes === undefined ? {} : { notes: sql`excluded.notes` }),
          annotatedBy: sql`excluded.annotated_by`,
          reviewStatus: sql`'pending'`,
          updatedAt: sql`excluded.updated_at`,
        },
      })
      .returning();
    if (row === undefined) throw new Error('Mask item upsert returned no row');
    return row;
  }

  async function findItemOfDetection(labelId: string, detectionId: string) {
    const [row] = await db
      .select()
      .from(dataLabelItems)
      .where(
        and(eq(dataLabelItems.dataLabelId, labelId), eq(dataLabelItems.detectionId, detectionId)),
      )
      .limit(1);
    return row;
  }

  async function deleteItems(labelId: string, condition: SQL): Promise<number> {
    const removed = await db
      .delete(dataLabelItems)
      .where(and(eq(dataLabelItems.dataLabelId, labelId), condition))
      .returning({ id: dataLabelItems.id });
    return removed.length;
  }

  async function setItemQuality(labelId: string, itemId: string, quality: string) {
    const [row] = await db
      .update(dataLabelItems)
      .set({ quality })
      .where(and(eq(dataLabelItems.dataLabelId, labelId), eq(dataLabelItems.id, itemId)))
      .returning();
    return row;
  }

  async function stats(labelId: string) {
    const [row] = await db
      .select({
        total: sql<number>`count(*)`.mapWith(Number),
        labeled: countWhere(sql`${dataLabelItems.className} <> ''`),
        averageConfidence: sql<number | null>`avg(${detections.confidence})`.mapWith((value) =>
          value === null ? null : Number(value),
        ),
        frames: sql<number>`count(distinct ${dataLabelItems.frameId})`.mapWith(Number),
      })
      .from(dataLabelItems)
      .innerJoin(detections, eq(detections.id, dataLabelItems.detectionId))
      .where(eq(dataLabelItems.dataLabelId, labelId));
    return row ?? { total: 0, labeled: 0, averageConfidence: null, frames: 0 };
  }

  /** Items of the label by morphology class (items without a class are left out). */
  async function morphologyCounts(labelId: string): Promise<Map<string, number>> {
    const rows = await db
      .select({
        morphologyClass: dataLabelItems.morphologyClass,
        total: sql<number>`count(*)`.mapWith(Number),
      })
      .from(dataLabelItems)
      .where(eq(dataLabelItems.dataLabelId, labelId))
      .groupBy(dataLabelItems.morphologyClass);
    return new Map(
      rows.flatMap((row) =>
        row.morphologyClass === null ? [] : [[row.morphologyClass, row.total]],
      ),
    );
  }

  /** The detections among `ids` on frames of the dataset's videos, with their frames. */
  async function detectionsInDataset(datasetId: string, ids: readonly string[]) {
    if (ids.length === 0) return [];
    return db
      .select({ detection: detections, frame: frames })
      .from(detections)
      .innerJoin(frames, eq(frames.id, detections.frameId))
      .innerJoin(videos, eq(videos.id, frames.videoId))
      .where(and(inArray(detections.id, [...ids]), eq(videos.datasetId, datasetId)));
  }

  /**
   * Morphology classifications in one transaction, in order: a new item per detection without
   * one; otherwise its class, confidence and notes change, its mask and points stay (an item
   * without a mask gains the detection's), and it goes back to review. Answers the rows in the order of `values`.
   */
  async function saveClassifications(values: readonly DataLabelItemInsert[]) {
    return db.transaction(async (tx) => {
      const rows = [];
      for (const value of values) {
        const [row] = await tx
          .insert(dataLabelItems)
          .values(value)
          .onConflictDoUpdate({
            target: [dataLabelItems.dataLabelId, dataLabelItems.detectionId],
            set: {
              className: sql`excluded.class_name`,
              morphologyClass: sql`excluded.morphology_class`,
              // An item keeps its own mask; one without gains the detection's, if it has one.
              maskKey: sql`coalesce(${dataLabelItems.maskKey}, excluded.mask_key)`,
              morphometry: sql`coalesce(${dataLabelItems.morphometry}, excluded.morphometry)`,
              annotatorConfidence: sql`excluded.annotator_confidence`,
              notes: sql`excluded.notes`,
              annotatedBy: sql`excluded.annotated_by`,
              reviewStatus: sql`'pending'`,
              updatedAt: sql`excluded.updated_at`,
            },
          })
          .returning();
        if (row === undefined) throw new Error('Classification upsert returned no row');
        rows.push(row);
      }
      return rows;
    });
  }

  return {
    detectionsInDataset,
    saveClassifications,
    morphologyCounts,
    listLabels,
    insertLabel,
    updateLabel,
    deleteLabel,
    listItems,
    detectionIds,
    findItem,
    replaceFrameItems,
    upsertItems,
    upsertMaskItem,
    findItemOfDetection,
    deleteItems,
    setItemQuality,
    stats,
  };
}
export type DataLabelsRepository = ReturnType<typeof createDataLabelsRepository>;
export type LabelSummary = Awaited<ReturnType<DataLabelsRepository['listLabels']>>['rows'][number];
export type LabelItemRow = Awaited<ReturnType<DataLabelsRepository['listItems']>>['rows'][number];
