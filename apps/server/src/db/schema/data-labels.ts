import {
  index,
  pgTable,
  text,
  uniqueIndex,
  boolean,
  integer,
  jsonb,
  real,
} from 'drizzle-orm/pg-core';
import type { MaskMorphometryFigures } from '@sarm/contracts';
import { auditTimestamps, idColumn, timestampColumn } from './columns.js';
import { datasets } from './datasets.js';
import { detections } from './analyses.js';
import { users } from './users.js';
import { frames, videos } from './videos.js';

export type DataLabelType = 'detection' | 'morphology' | 'morphology_segmentation';
export type LabelReviewStatus = 'pending' | 'approved' | 'rejected' | 'needsCorrection';

/**
 * A training set inside a dataset: detections (boxes on frames) or morphology crops, gathered by
 * one user. The default label of a user and dataset is named `{userId}_{datasetId}_{type}`.
 */
export const dataLabels = pgTable(
  'data_labels',
  {
    id: idColumn(),
    datasetId: text('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    labelType: text('label_type').$type<DataLabelType>().notNull().default('detection'),
    isDefault: boolean('is_default').notNull().default(false),
    ...auditTimestamps(),
  },
  (table) => [
    uniqueIndex('data_labels_dataset_name_idx').on(table.datasetId, table.name),
    index('data_labels_user_idx').on(table.userId),
  ],
);
export type DataLabelRow = typeof dataLabels.$inferSelect;

/**
 * One detection in a data label. Detection labels are reviewed frame by frame: the review columns
 * of a frame's items move together. Morphology items carry a class, a mask and its prompt points.
 */
export const dataLabelItems = pgTable(
  'data_label_items',
  {
    id: idColumn(),
    dataLabelId: text('data_label_id')
      .notNull()
      .references(() => dataLabels.id, { onDelete: 'cascade' }),
    detectionId: text('detection_id')
      .notNull()
      .references(() => detections.id, { onDelete: 'cascade' }),
    frameId: text('frame_id')
      .notNull()
      .references(() => frames.id, { onDelete: 'cascade' }),
    videoId: text('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    className: text('class_name').notNull().default('sperm'),
    morphologyClass: text('morphology_class'),
    quality: text('quality'),
    confidence: real('confidence'),
    /** The annotator's own confidence in a morphology class, 1 (low) to 5 (high). */
    annotatorConfidence: integer('annotator_confidence'),
    /** The annotator's notes on the classification. */
    notes: text('notes').notNull().default(''),
    /** Head morphometry of the item's mask in µm at the dataset's scale; null without a mask. */
    morphometry: jsonb('morphometry').$type<MaskMorphometryFigures>(),
    maskKey: text('mask_key'),
    points: jsonb('points').$type<{ x: number; y: number; label: 0 | 1 }[]>(),
    annotatedBy: text('annotated_by').references(() => users.id, { onDelete: 'set null' }),
    reviewStatus: text('review_status').$type<LabelReviewStatus>().notNull().default('pending'),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestampColumn('reviewed_at'),
    reviewNotes: text('review_notes').notNull().default(''),
    ...auditTimestamps(),
  },
  (table) => [
    uniqueIndex('data_label_items_label_detection_idx').on(table.dataLabelId, table.detectionId),
    index('data_label_items_label_frame_idx').on(table.dataLabelId, table.frameId),
    index('data_label_items_detection_idx').on(table.detectionId),
  ],
);
export type DataLabelItemRow = typeof dataLabelItems.$inferSelect;
