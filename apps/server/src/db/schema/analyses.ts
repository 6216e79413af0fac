import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, real, text } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumn } from './columns.js';
import { users } from './users.js';
import { frames, videos } from './videos.js';

export type VideoAnalysisKind = 'concentration' | 'motility' | 'full';

/** One CASA engine run on a whole video (the result without per-frame detections). */
export const videoAnalyses = pgTable(
  'video_analyses',
  {
    id: idColumn(),
    videoId: text('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<VideoAnalysisKind>().notNull().default('full'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
  },
  (table) => [index('video_analyses_video_idx').on(table.videoId, table.createdAt)],
);
export type VideoAnalysisRow = typeof videoAnalyses.$inferSelect;

/** A sperm head (or cluster, pinhead) found in a frame. */
export const detections = pgTable(
  'detections',
  {
    id: idColumn(),
    frameId: text('frame_id')
      .notNull()
      .references(() => frames.id, { onDelete: 'cascade' }),
    className: text('class_name').notNull().default('sperm'),
    confidence: real('confidence').notNull(),
    x1: real('x1').notNull(),
    y1: real('y1').notNull(),
    x2: real('x2').notNull(),
    y2: real('y2').notNull(),
    /** Who proposed the box: 'classical' (the engine), 'model', 'manual' (drawn) or 'import'. */
    source: text('source').notNull().default('classical'),
    verified: boolean('verified').notNull().default(false),
    /** Identity of the cell across the frames of one video (engine tracks or imported MOT ids). */
    trackId: integer('track_id'),
    modelId: text('model_id'),
    /** A segmentation mask PNG was stored with the detection (never for drawn or moved boxes). */
    hasMask: boolean('has_mask').notNull().default(false),
    /**
     * Variance of the Laplacian of the crop's grey pixels, taken when the crop is cut; null for
     * older rows and imports (computed on first use by the best-crops ranking).
     */
    cropSharpness: real('crop_sharpness'),
    morphometry: jsonb('morphometry')
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
    updatedAt: timestampColumn('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('detections_frame_idx').on(table.frameId),
    index('detections_track_idx').on(table.trackId),
  ],
);
export type DetectionRow = typeof detections.$inferSelect;
