import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestampColumn } from './columns.js';

/**
 * System settings, one row per section (`general`, `security`, `storage`, `notifications`,
 * `setup`).
 * Stored values are merged over the defaults in code, so new fields need no migration.
 */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestampColumn('updated_at').notNull().defaultNow(),
  updatedBy: text('updated_by'),
});
