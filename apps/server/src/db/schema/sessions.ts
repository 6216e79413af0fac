import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumn } from './columns.js';
import { users } from './users.js';

/**
 * One row per sign-in. Access tokens carry its id (`sid`) and are honoured only while the row is
 * neither revoked nor past `expires_at`, the absolute end of the sign-in however often it is
 * refreshed. Revoking the row ends every access and refresh token descended from the sign-in.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: idColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestampColumn('created_at').notNull(),
    expiresAt: timestampColumn('expires_at').notNull(),
    revokedAt: timestampColumn('revoked_at'),
    /** Why the session ended early: sign-out, refresh token reuse, password change, ... */
    revokedReason: text('revoked_reason'),
  },
  (table) => [index('auth_sessions_user_idx').on(table.userId)],
);
export type AuthSessionRow = typeof authSessions.$inferSelect;

/**
 * The refresh tokens of a session, by SHA-256. Each works once: using it sets `used_at` and issues
 * the next one; presenting a used one again means it was copied, and revokes the session.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    createdAt: timestampColumn('created_at').notNull(),
    usedAt: timestampColumn('used_at'),
  },
  (table) => [index('refresh_tokens_session_idx').on(table.sessionId)],
);

/**
 * Failed sign-in counters for the growing delays (keys per account, per IP address and per pair).
 * A counter is taken by one conditional upsert, so parallel attempts cannot exceed the limit.
 */
export const signInThrottle = pgTable('sign_in_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  lastFailureAt: timestampColumn('last_failure_at').notNull(),
});
