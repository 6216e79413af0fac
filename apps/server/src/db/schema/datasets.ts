import type { DatasetSettings, DatasetStatus, DatasetType } from '@sarm/contracts';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { auditTimestamps, idColumn } from './columns.js';
import { projects } from './projects.js';
import { users } from './users.js';

/** A set of videos inside a project, prepared for clinical analysis or model training. */
export const datasets = pgTable(
  'datasets',
  {
    id: idColumn(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type').$type<DatasetType>().notNull().default('detection'),
    status: text('status').$type<DatasetStatus>().notNull().default('draft'),
    metadata: jsonb('metadata')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Analysis settings: chamber depth, dilution factor and scale. */
    settings: jsonb('settings')
      .$type<DatasetSettings>()
      .notNull()
      .default(sql`'{"chamber_depth_um":20,"dilution_factor":1,"um_per_pixel":0.5}'::jsonb`),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...auditTimestamps(),
  },
  (table) => [index('datasets_project_idx').on(table.projectId, table.createdAt)],
);
export type DatasetRow = typeof datasets.$inferSelect;
