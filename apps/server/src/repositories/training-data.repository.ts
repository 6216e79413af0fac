import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import {
  dataLabelItems,
  dataLabels,
  datasets,
  detections,
  frames,
  videos,
  type DataLabelType,
} from '../db/schema/index.js';

/** One labelled box with the frame it is on, as training reads it. */
export interface LabelledBoxRow {
  readonly itemId: string;
  readonly detectionId: string;
  readonly frameId: string;
  readonly videoId: string;
  readonly videoName: string;
  readonly frameNumber: number;
  readonly frameKey: string;
  readonly frameWidth: number;
  readonly frameHeight: number;
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
  readonly morphologyClass: string | null;
  readonly itemMaskKey: string | null;
  readonly detectionHasMask: boolean;
  /** The scale of the frame's dataset, µm per pixel; null where the dataset sets none. */
  readonly umPerPixel: number | null;
}

/** What the trainer reads: a dataset's labels of one kind and their boxes on frames. */
export function createTrainingDataRepository(db: Database) {
  /** Labels of the dataset whose type is one of `types`, oldest first. */
  async function labelIds(datasetId: string, types: readonly DataLabelType[]): Promise<string[]> {
    const rows = await db
      .select({ id: dataLabels.id })
      .from(dataLabels)
      .where(and(eq(dataLabels.datasetId, datasetId), inArray(dataLabels.labelType, [...types])))
      .orderBy(asc(dataLabels.createdAt), asc(dataLabels.id));
    return rows.map((row) => row.id);
  }

  /** Every item of the labels with its box and frame, in a stable order. */
  async function boxes(labelIdList: readonly string[]): Promise<LabelledBoxRow[]> {
    if (labelIdList.length === 0) return [];
    return db
      .select({
        itemId: dataLabelItems.id,
        detectionId: detections.id,
        frameId: frames.id,
        videoId: frames.videoId,
        videoName: videos.name,
        frameNumber: frames.frameNumber,
        frameKey: frames.storageKey,
        frameWidth: frames.width,
        frameHeight: frames.height,
        x1: detections.x1,
        y1: detections.y1,
        x2: detections.x2,
        y2: detections.y2,
        morphologyClass: dataLabelItems.morphologyClass,
        itemMaskKey: dataLabelItems.maskKey,
        detectionHasMask: detections.hasMask,
        umPerPixel: sql<number | null>`(${datasets.settings}->>'um_per_pixel')::double precision`,
      })
      .from(dataLabelItems)
      .innerJoin(detections, eq(detections.id, dataLabelItems.detectionId))
      .innerJoin(frames, eq(frames.id, dataLabelItems.frameId))
      .innerJoin(videos, eq(videos.id, frames.videoId))
      .innerJoin(datasets, eq(datasets.id, videos.datasetId))
      .where(inArray(dataLabelItems.dataLabelId, [...labelIdList]))
      .orderBy(asc(frames.id), asc(detections.id));
  }

  /** Whether the labels hold any item (without reading them). */
  async function hasItems(labelIdList: readonly string[]): Promise<boolean> {
    if (labelIdList.length === 0) return false;
    const [row] = await db
      .select({ id: dataLabelItems.id })
      .from(dataLabelItems)
      .where(inArray(dataLabelItems.dataLabelId, [...labelIdList]))
      .limit(1);
    return row !== undefined;
  }

  return { labelIds, boxes, hasItems };
}
export type TrainingDataRepository = ReturnType<typeof createTrainingDataRepository>;
