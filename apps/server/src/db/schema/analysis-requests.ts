import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { videoAnalyses } from './analyses.js';
import { auditTimestamps, idColumn } from './columns.js';
import { users } from './users.js';
import { videos } from './videos.js';

export type AnalysisRequestStatus = 'pending' | 'in-progress' | 'completed' | 'failed';

/** A "Submit for Analysis" from frame selection: the chosen frames, notes and the run's state. */
export const analysisRequests = pgTable(
  'analysis_requests',
  {
    id: idColumn(),
    videoId: text('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    frameIds: jsonb('frame_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    notes: text('notes').notNull().default(''),
    status: text('status').$type<AnalysisRequestStatus>().notNull().default('pending'),
    taskId: text('task_id'),
    analysisId: text('analysis_id').references(() => videoAnalyses.id, { onDelete: 'set null' }),
    error: text('error'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...auditTimestamps(),
  },
  (table) => [index('analysis_requests_video_idx').on(table.videoId, table.createdAt)],
);
export type AnalysisRequestRow = typeof analysisRequests.$inferSelect;
