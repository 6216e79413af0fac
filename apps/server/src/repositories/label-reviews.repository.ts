import type { ReviewStatus } from '@sarm/contracts';
import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
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
  type DataLabelType,
} from '../db/schema/index.js';

const reviewer = alias(users, 'reviewer');
const annotator = alias(users, 'annotator');

export type ReviewKind = 'detection' | 'morphology';

export interface ReviewFilter {
  readonly projectIds: readonly string[] | null;
  readonly kind: ReviewKind;
  readonly datasetId?: string;
  readonly status?: ReviewStatus;
  readonly creatorId?: string;
  readonly from?: Date;
  readonly to?: Date;
  /** One unit: a label and, for detection labels, a frame; for morphology labels, an item. */
  readonly unit?: { labelId: string; frameId?: string; itemId?: string };
}

const labelTypes = (kind: ReviewKind): DataLabelType[] =>
  kind === 'detection' ? ['detection'] : ['morphology', 'morphology_segmentation'];

function conditions(filter: ReviewFilter): SQL | undefined {
  const list: (SQL | undefined)[] = [
    inArray(dataLabels.labelType, labelTypes(filter.kind)),
    filter.projectIds === null
      ? undefined
      : filter.projectIds.length === 0
        ? sql`false`
        : inArray(datasets.projectId, [...filter.projectIds]),
    filter.datasetId === undefined ? undefined : eq(dataLabels.datasetId, filter.datasetId),
    filter.status === undefined ? undefined : eq(dataLabelItems.reviewStatus, filter.status),
    filter.creatorId === undefined ? undefined : eq(dataLabelItems.annotatedBy, filter.creatorId),
    filter.from === undefined ? undefined : gte(dataLabelItems.createdAt, filter.from),
    filter.to === undefined ? undefined : lte(dataLabelItems.createdAt, filter.to),
    filter.unit === undefined ? undefined : eq(dataLabelItems.dataLabelId, filter.unit.labelId),
    filter.unit?.frameId === undefined
      ? undefined
      : eq(dataLabelItems.frameId, filter.unit.frameId),
    filter.unit?.itemId === undefined ? undefined : eq(dataLabelItems.id, filter.unit.itemId),
  ];
  return and(...list.filter((c): c is SQL => c !== undefined));
}

/**
 * Review units of data labels: the items of one frame of a detection label move together (they
 * were added together and are judged together); a morphology item is a unit of its own.
 */
export function createLabelReviewsRepository(db: Database) {
  async function listUnits(filter: ReviewFilter) {
    const perItem = filter.kind === 'morphology' ? [dataLabelItems.id] : [];
    return db
      .select({
        labelId: dataLabelItems.dataLabelId,
        frameId: dataLabelItems.frameId,
        itemId: sql<string>`min(${dataLabelItems.id})`,
        labelName: dataLabels.name,
        datasetId: datasets.id,
        datasetName: datasets.name,
        projectId: datasets.projectId,
        frameNumber: frames.frameNumber,
        videoId: videos.id,
        videoName: videos.name,
        status: sql<ReviewStatus>`max(${dataLabelItems.reviewStatus})`,
        reviewedBy: sql<string | null>`max(${dataLabelItems.reviewedBy})`,
        reviewerName: sql<string | null>`max(${reviewer.displayName})`,
        reviewedAt: sql<string | null>`max(${dataLabelItems.reviewedAt})`.mapWith((v) =>
          v === null ? null : new Date(String(v)),
        ),
        notes: sql<string>`max(${dataLabelItems.reviewNotes})`,
        createdBy: sql<string | null>`max(${dataLabelItems.annotatedBy})`,
        creatorName: sql<string | null>`max(${annotator.displayName})`,
        createdAt: sql<string>`min(${dataLabelItems.createdAt})`.mapWith(
          (v) => new Date(String(v)),
        ),
        confidence: sql<number | null>`avg(${detections.confidence})`.mapWith((v) =>
          v === null ? null : Number(v),
        ),
        classification: sql<string>`max(coalesce(${dataLabelItems.morphologyClass}, ${dataLabelItems.className}))`,
        boxes: sql<
          { x1: number; y1: number; x2: number; y2: number; confidence: number }[]
        >`json_agg(json_build_object('x1', ${detections.x1}, 'y1', ${detections.y1}, 'x2', ${detections.x2}, 'y2', ${detections.y2}, 'confidence', ${detections.confidence}) order by ${detections.y1}, ${detections.x1})`,
      })
      .from(dataLabelItems)
      .innerJoin(dataLabels, eq(dataLabels.id, dataLabelItems.dataLabelId))
      .innerJoin(datasets, eq(datasets.id, dataLabels.datasetId))
      .innerJoin(frames, eq(frames.id, dataLabelItems.frameId))
      .innerJoin(videos, eq(videos.id, dataLabelItems.videoId))
      .innerJoin(detections, eq(detections.id, dataLabelItems.detectionId))
      .leftJoin(annotator, eq(annotator.id, dataLabelItems.annotatedBy))
      .leftJoin(reviewer, eq(reviewer.id, dataLabelItems.reviewedBy))
      .where(conditions(filter))
      .groupBy(
        dataLabelItems.dataLabelId,
        dataLabelItems.frameId,
        dataLabels.name,
        datasets.id,
        datasets.name,
        datasets.projectId,
        frames.frameNumber,
        videos.id,
        videos.name,
        ...perItem,
      );
  }

  /** Number of units per kind and status within the visible projects. */
  async function counts(projectIds: readonly string[] | null) {
    const unit = sql`case when ${dataLabels.labelType} = 'detection' then ${dataLabelItems.dataLabelId} || ':' || ${dataLabelItems.frameId} else ${dataLabelItems.id} end`;
    return db
      .select({
        labelType: dataLabels.labelType,
        status: dataLabelItems.reviewStatus,
        units: sql<number>`count(distinct ${unit})`.mapWith(Number),
      })
      .from(dataLabelItems)
      .innerJoin(dataLabels, eq(dataLabels.id, dataLabelItems.dataLabelId))
      .innerJoin(datasets, eq(datasets.id, dataLabels.datasetId))
      .where(
        projectIds === null
          ? undefined
          : projectIds.length === 0
            ? sql`false`
            : inArray(datasets.projectId, [...projectIds]),
      )
      .groupBy(dataLabels.labelType, dataLabelItems.reviewStatus);
  }

  /** Records a decision on a pending unit; answers how many items changed (0: not pending). */
  async function decide(
    unit: { labelId: string; frameId?: string; itemId?: string },
    decision: { status: ReviewStatus; notes: string; reviewerId: string; at: Date },
  ): Promise<number> {
    const rows = await db
      .update(dataLabelItems)
      .set({
        reviewStatus: decision.status,
        reviewNotes: decision.notes,
        reviewedBy: decision.reviewerId,
        reviewedAt: decision.at,
        updatedAt: decision.at,
      })
      .where(
        and(
          eq(dataLabelItems.dataLabelId, unit.labelId),
          eq(dataLabelItems.reviewStatus, 'pending'),
          unit.frameId === undefined ? undefined : eq(dataLabelItems.frameId, unit.frameId),
          unit.itemId === undefined ? undefined : eq(dataLabelItems.id, unit.itemId),
        ),
      )
      .returning({ id: dataLabelItems.id });
    return rows.length;
  }

  /** The morphology unit of one item (any morphology label type). */
  async function listUnitsByItem(projectIds: readonly string[] | null, itemId: string) {
    const [item] = await db
      .select({ labelId: dataLabelItems.dataLabelId })
      .from(dataLabelItems)
      .where(eq(dataLabelItems.id, itemId))
      .limit(1);
    if (item === undefined) return [];
    return listUnits({ projectIds, kind: 'morphology', unit: { labelId: item.labelId, itemId } });
  }

  /** The annotators who added units of a kind, by name. */
  async function creators(projectIds: readonly string[] | null, kind: ReviewKind) {
    const rows = await db
      .selectDistinct({ id: annotator.id, name: annotator.displayName })
      .from(dataLabelItems)
      .innerJoin(dataLabels, eq(dataLabels.id, dataLabelItems.dataLabelId))
      .innerJoin(datasets, eq(datasets.id, dataLabels.datasetId))
      .innerJoin(annotator, eq(annotator.id, dataLabelItems.annotatedBy))
      .where(conditions({ projectIds, kind }));
    return rows.sort((a, b) => a.name.localeCompare(b.name));
  }

  return { listUnits, listUnitsByItem, counts, creators, decide };
}
export type LabelReviewsRepository = ReturnType<typeof createLabelReviewsRepository>;
export type ReviewUnitRow = Awaited<ReturnType<LabelReviewsRepository['listUnits']>>[number];
