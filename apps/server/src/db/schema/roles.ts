import { boolean, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { auditTimestamps, idColumn, timestampColumn } from './columns.js';
import { users } from './users.js';

/** Roles group permission codes; system roles are seeded at start and cannot be deleted. */
export const roles = pgTable('roles', {
  id: idColumn(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  isSystem: boolean('is_system').notNull().default(false),
  ...auditTimestamps(),
});
export type RoleRow = typeof roles.$inferSelect;

/** Permission codes of a role; a code may be a wildcard such as `sarm.*`. */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: text('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
  },
  (table) => [primaryKey({ columns: [table.roleId, table.permission] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: text('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.roleId] }),
    index('user_roles_role_idx').on(table.roleId),
  ],
);
