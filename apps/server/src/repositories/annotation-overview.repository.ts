import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database.js';
import { dataLabelItems, datasets, detections, frames, users, videos } from '../db/schema/index.js';

const annotator = alias(users, 'annotator');

/** Frames with their boxes and data label figures, for the Annotation Management page. */
export function createAnnotationOverviewRepository(db: Database) {
  const boxStats = db
    .select({
      frameId: detections.frameId,
      boxes: sql<number>`count(*)`.as('boxes'),
      verified: sql<number>`count(*) filter (where ${detections.verified})`.as('verified'),
      confidence: sql<number | null>`avg(${detections.confidence})`.as('confidence'),
    })
    .from(detections)
    .groupBy(detections.frameId)
    .as('box_stats');
  const labelStats = db
    .select({
      frameId: dataLabelItems.frameId,
      items: sql<number>`count(*)`.as('items'),
      lastAt: sql<string | null>`max(${dataLabelItems.createdAt})`.as('last_at'),
      annotatedBy: sql<string | null>`max(${dataLabelItems.annotatedBy})`.as('annotated_by'),
      notes: sql<string | null>`max(${dataLabelItems.reviewNotes})`.as('notes'),
    })
    .from(dataLabelItems)
    .groupBy(dataLabelItems.frameId)
    .as('label_stats');
  const status = sql<string>`case when coalesce(${labelStats.items}, 0) > 0 then 'completed' when coalesce(${boxStats.verified}, 0) > 0 then 'in_progress' else 'pending' end`;

  async function list(filter: {
    projectIds: readonly string[] | null;
    datasetId?: string;
    sort: 'date' | 'status' | 'frame_number';
    order: 'asc' | 'desc';
    limit: number;
    offset: number;
  }) {
    const where = and(
      filter.projectIds === null
        ? undefined
        : filter.projectIds.length === 0
          ? sql`false`
          : inArray(datasets.projectId, [...filter.projectIds]),
      filter.datasetId === undefined ? undefined : eq(datasets.id, filter.datasetId),
    );
    const direction = filter.order === 'asc' ? asc : desc;
    const order: SQL[] =
      filter.sort === 'status'
        ? [direction(status), asc(frames.frameNumber)]
        : filter.sort === 'frame_number'
          ? [asc(videos.name), direction(frames.frameNumber)]
          : [
              direction(sql`coalesce(${labelStats.lastAt}, ${frames.createdAt})`),
              asc(frames.frameNumber),
            ];
    const base = db
      .select({
        frame: frames,
        videoName: videos.name,
        datasetId: datasets.id,
        datasetName: datasets.name,
        boxes: boxStats.boxes,
        verified: boxStats.verified,
        confidence: boxStats.confidence,
        items: labelStats.items,
        lastAt: labelStats.lastAt,
        annotatorName: annotator.displayName,
        notes: labelStats.notes,
        status,
      })
      .from(frames)
      .innerJoin(videos, eq(videos.id, frames.videoId))
      .innerJoin(datasets, eq(datasets.id, videos.datasetId))
      .leftJoin(boxStats, eq(boxStats.frameId, frames.id))
      .leftJoin(labelStats, eq(labelStats.frameId, frames.id))
      .leftJoin(annotator, eq(annotator.id, labelStats.annotatedBy))
      .where(where);
    const rows = await base
      .orderBy(...order, asc(frames.id))
      .limit(filter.limit)
      .offset(filter.offset);
    const counts = await db
      .select({ status, frames: sql<number>`count(*)`.mapWith(Number) })
      .from(frames)
      .innerJoin(videos, eq(videos.id, frames.videoId))
      .innerJoin(datasets, eq(datasets.id, videos.datasetId))
      .leftJoin(boxStats, eq(boxStats.frameId, frames.id))
      .leftJoin(labelStats, eq(labelStats.frameId, frames.id))
      .where(where)
      .groupBy(status);
    return { rows, counts };
  }

  return { list };
}
export type AnnotationOverviewRepository = ReturnType<typeof createAnnotationOverviewRepository>;
