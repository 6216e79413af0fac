import type { TaskStatus } from '@sarm/contracts';
import { index, jsonb, pgTable, real, text } from 'drizzle-orm/pg-core';
import { auditTimestamps, timestampColumn } from './columns.js';
import { users } from './users.js';

/**
 * Background tasks as users see them. The id is also the pg-boss job id of the first attempt;
 * pg-boss keeps its own queue tables in the `pgboss` schema.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: text('id').primaryKey(),
    taskType: text('task_type').notNull(),
    status: text('status').$type<TaskStatus>().notNull().default('queued'),
    stage: text('stage'),
    progress: real('progress').notNull().default(0),
    message: text('message'),
    result: jsonb('result').$type<unknown>(),
    error: text('error'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...auditTimestamps(),
    completedAt: timestampColumn('completed_at'),
    bossJobId: text('boss_job_id'),
    /** Set when someone closed the failure from the technical dashboard's Open Issues. */
    dismissedAt: timestampColumn('dismissed_at'),
  },
  (table) => [
    index('tasks_created_by_idx').on(table.createdBy, table.createdAt),
    index('tasks_type_status_idx').on(table.taskType, table.status),
  ],
);
export type TaskRow = typeof tasks.$inferSelect;
