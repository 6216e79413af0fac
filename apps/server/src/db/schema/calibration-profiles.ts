import { doublePrecision, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditTimestamps, idColumn } from './columns.js';
import { users } from './users.js';

/** Microscope calibration profiles of the laboratory (issue 15); samples refer to them by id. */
export const calibrationProfiles = pgTable(
  'calibration_profiles',
  {
    id: idColumn(),
    name: text('name').notNull(),
    objective: text('objective').notNull().default(''),
    umPerPixel: doublePrecision('um_per_pixel').notNull(),
    frameRateFps: doublePrecision('frame_rate_fps'),
    chamberName: text('chamber_name').notNull().default(''),
    chamberDepthUm: doublePrecision('chamber_depth_um').notNull().default(20),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...auditTimestamps(),
  },
  (table) => [uniqueIndex('calibration_profiles_name_idx').on(table.name)],
);
export type CalibrationProfileRow = typeof calibrationProfiles.$inferSelect;
export type NewCalibrationProfile = typeof calibrationProfiles.$inferInsert;
