import type { ProjectAccessLevel, ProjectStatus } from '@sarm/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { auditTimestamps, idColumn, timestampColumn } from './columns.js';
import { users } from './users.js';

export const projects = pgTable('projects', {
  id: idColumn(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  status: text('status').$type<ProjectStatus>().notNull().default('active'),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  /** The demo project of simulated videos (issue 32): at most one, deleted with all it made. */
  isDemo: boolean('is_demo').notNull().default(false),
  ...auditTimestamps(),
});
export type ProjectRow = typeof projects.$inferSelect;

/** Membership of a user in a project, with a project-level access level, roles and extra permissions. */
export const projectMembers = pgTable(
  'project_members',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessLevel: text('access_level').$type<ProjectAccessLevel>().notNull().default('member'),
    roles: jsonb('roles')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    customPermissions: jsonb('custom_permissions')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.userId] }),
    index('project_members_user_idx').on(table.userId),
  ],
);
export type ProjectMemberRow = typeof projectMembers.$inferSelect;
