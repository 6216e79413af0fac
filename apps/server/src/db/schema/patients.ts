import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { auditTimestamps, idColumn } from './columns.js';
import { projects } from './projects.js';
import { users } from './users.js';

/** A patient whose samples are analysed; optionally tied to one project. */
export const patients = pgTable(
  'patients',
  {
    id: idColumn(),
    projectId: text('project_id').references(() => projects.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    age: integer('age'),
    contactNumber: text('contact_number').notNull().default(''),
    notes: text('notes').notNull().default(''),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...auditTimestamps(),
  },
  (table) => [
    index('patients_project_idx').on(table.projectId),
    index('patients_created_idx').on(table.createdAt),
  ],
);
export type PatientRow = typeof patients.$inferSelect;
