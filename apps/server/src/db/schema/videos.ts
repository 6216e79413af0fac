import type { VideoProcessingStatus } from '@sarm/contracts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, real, text } from 'drizzle-orm/pg-core';
import { auditTimestamps, idColumn, timestampColumn } from './columns.js';
import { datasets } from './datasets.js';
import { patients } from './patients.js';
import { users } from './users.js';

/** An uploaded microscope video. Files live in storage under the three keys. */
export const videos = pgTable(
  'videos',
  {
    id: idColumn(),
    datasetId: text('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fileName: text('file_name').notNull(),
    originalFilename: text('original_filename').notNull(),
    description: text('description').notNull().default(''),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    fps: real('fps').notNull().default(0),
    frameCount: integer('frame_count').notNull().default(0),
    duration: real('duration').notNull().default(0),
    codec: text('codec').notNull().default(''),
    container: text('container').notNull().default(''),
    /** The patient's id (text like every id); cleared when the patient is deleted. */
    patientId: text('patient_id').references(() => patients.id, { onDelete: 'set null' }),
    captureDate: text('capture_date'),
    tags: jsonb('tags')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    source: text('source'),
    processingStatus: text('processing_status')
      .$type<VideoProcessingStatus>()
      .notNull()
      .default('pending'),
    error: text('error'),
    originalKey: text('original_key').notNull(),
    playableKey: text('playable_key'),
    thumbnailKey: text('thumbnail_key'),
    lastTaskId: text('last_task_id'),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** Set when a field was discarded (bad focus, a bubble): kept, but out of the totals and report. */
    discardedAt: timestampColumn('discarded_at'),
    discardedBy: text('discarded_by').references(() => users.id, { onDelete: 'set null' }),
    discardReason: text('discard_reason'),
    ...auditTimestamps(),
  },
  (table) => [
    index('videos_dataset_idx').on(table.datasetId, table.createdAt),
    index('videos_patient_idx').on(table.patientId),
  ],
);
export type VideoRow = typeof videos.$inferSelect;

/** A still image extracted from a video. */
export const frames = pgTable(
  'frames',
  {
    id: idColumn(),
    videoId: text('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    frameNumber: integer('frame_number').notNull(),
    timeOffset: real('time_offset').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    storageKey: text('storage_key').notNull(),
    size: integer('size').notNull().default(0),
    selected: boolean('selected').notNull().default(false),
    note: text('note').notNull().default(''),
    extractionSession: text('extraction_session').notNull(),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
  },
  (table) => [index('frames_video_idx').on(table.videoId, table.frameNumber)],
);
export type FrameRow = typeof frames.$inferSelect;
