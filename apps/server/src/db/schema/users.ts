import type { UserSettings } from '@sarm/contracts';
import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { auditTimestamps, idColumn, timestampColumn } from './columns.js';

export const DEFAULT_USER_SETTINGS: UserSettings = {
  darkMode: false,
  emailNotifications: true,
  language: 'en',
  defaultProject: null,
};

/** Accounts. `email` is stored lower-cased, which makes the unique constraint case-insensitive. */
export const users = pgTable('users', {
  id: idColumn(),
  email: text('email').notNull().unique(),
  displayName: text('display_name').notNull(),
  passwordHash: text('password_hash').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  phoneNumber: text('phone_number'),
  jobTitle: text('job_title'),
  department: text('department'),
  organization: text('organization'),
  profileCompleted: boolean('profile_completed').notNull().default(false),
  /** Permission codes granted to the user directly, on top of the roles' codes. */
  permissions: jsonb('permissions')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  settings: jsonb('settings')
    .$type<UserSettings>()
    .notNull()
    .default(
      sql`'{"darkMode":false,"emailNotifications":true,"language":"en","defaultProject":null}'::jsonb`,
    ),
  ...auditTimestamps(),
  lastLoginAt: timestampColumn('last_login_at'),
});
export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
