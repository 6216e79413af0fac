import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumn } from './columns.js';
import { users } from './users.js';

/** One-time password reset tokens; only the SHA-256 of the token is stored. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: idColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestampColumn('expires_at').notNull(),
    usedAt: timestampColumn('used_at'),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
  },
  (table) => [index('password_reset_tokens_user_idx').on(table.userId, table.createdAt)],
);

export const THROTTLED_ACTIONS = ['login', 'password_reset'] as const;
export type ThrottledAction = (typeof THROTTLED_ACTIONS)[number];

/** Sign-in and reset-request attempts, kept for throttling per account and per IP address. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: idColumn(),
    action: text('action').$type<ThrottledAction>().notNull().default('login'),
    email: text('email'),
    ipAddress: text('ip_address'),
    succeeded: boolean('succeeded').notNull(),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('login_attempts_email_idx').on(table.action, table.email, table.createdAt),
    index('login_attempts_ip_idx').on(table.action, table.ipAddress, table.createdAt),
  ],
);
