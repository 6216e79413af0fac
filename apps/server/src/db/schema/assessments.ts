import type {
  AssessmentFigures,
  AssessmentInput,
  AssessmentModule,
  AssessmentSource,
  MorphologyCellProposal,
} from '@sarm/contracts';
import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumn } from './columns.js';
import { datasets } from './datasets.js';
import { models } from './models.js';
import { users } from './users.js';

/**
 * One saved bench assessment of a sample (the dataset): its counts as entered, the figures
 * computed from them, and whether its replicates agreed. Rows are never changed: the sample's
 * current result of a module is its newest accepted row, and disagreeing rows stay for QC.
 */
export const sampleAssessments = pgTable(
  'sample_assessments',
  {
    id: idColumn(),
    datasetId: text('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    module: text('module').$type<AssessmentModule>().notNull(),
    method: text('method').notNull(),
    input: jsonb('input').$type<AssessmentInput>().notNull(),
    figures: jsonb('figures').$type<AssessmentFigures>().notNull(),
    source: text('source').$type<AssessmentSource>().notNull(),
    accepted: boolean('accepted').notNull(),
    countedBy: text('counted_by').references(() => users.id, { onDelete: 'set null' }),
    /** Copied so the record names its technician after the account is deleted. */
    countedByName: text('counted_by_name').notNull(),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('sample_assessments_dataset_idx').on(table.datasetId, table.module, table.createdAt),
    index('sample_assessments_counter_idx').on(table.countedBy, table.createdAt),
  ],
);
export type SampleAssessmentRow = typeof sampleAssessments.$inferSelect;

/**
 * A stained-smear image attached to a sample's morphology assessment, with the cells a deployed
 * morphology model proposed (empty without a model).
 */
export const assessmentImages = pgTable(
  'assessment_images',
  {
    id: idColumn(),
    datasetId: text('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    proposals: jsonb('proposals').$type<MorphologyCellProposal[]>().notNull().default([]),
    modelId: text('model_id').references(() => models.id, { onDelete: 'set null' }),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
  },
  (table) => [index('assessment_images_dataset_idx').on(table.datasetId, table.createdAt)],
);
export type AssessmentImageRow = typeof assessmentImages.$inferSelect;
