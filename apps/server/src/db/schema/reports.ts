import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { auditTimestamps, idColumn } from './columns.js';
import { patients } from './patients.js';
import { users } from './users.js';

/** A report generator template: which sections are on and the default comment texts. */
export const reportTemplates = pgTable('report_templates', {
  id: idColumn(),
  name: text('name').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  defaults: jsonb('defaults')
    .$type<Record<string, unknown>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  ...auditTimestamps(),
});
export type ReportTemplateRow = typeof reportTemplates.$inferSelect;

/** A report saved from the report generator (title, patient, analysis, template and sections). */
export const savedReports = pgTable(
  'saved_reports',
  {
    id: idColumn(),
    title: text('title').notNull(),
    patientId: text('patient_id').references(() => patients.id, { onDelete: 'set null' }),
    /** A row of `video_analyses`; kept as text so a removed analysis leaves the report readable. */
    analysisId: text('analysis_id'),
    templateId: text('template_id').references(() => reportTemplates.id, {
      onDelete: 'set null',
    }),
    settings: jsonb('settings')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...auditTimestamps(),
  },
  (table) => [index('saved_reports_created_idx').on(table.createdBy, table.createdAt)],
);
export type SavedReportRow = typeof savedReports.$inferSelect;
