import { and, eq, gt, isNull, lt, ne, or } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { authSessions, refreshTokens, type AuthSessionRow } from '../db/schema/index.js';

/** What presenting a refresh token found. */
export type RefreshTokenUse =
  | { readonly kind: 'unknown' }
  /** Already exchanged once: someone holds a copy. */
  | { readonly kind: 'reused'; readonly sessionId: string }
  | { readonly kind: 'fresh'; readonly session: AuthSessionRow };

/** Sign-in sessions and their rotating refresh tokens (stored by hash only). */
export function createSessionsRepository(db: Database) {
  async function insertSession(values: {
    userId: string;
    createdAt: Date;
    expiresAt: Date;
  }): Promise<AuthSessionRow> {
    const [row] = await db.insert(authSessions).values(values).returning();
    if (row === undefined) throw new Error('Inserting a session returned no row');
    return row;
  }

  /** Whether the session of an access token still counts: one primary-key lookup. */
  async function isLive(sessionId: string, userId: string, now: Date): Promise<boolean> {
    return (await liveUntil(sessionId, userId, now)) !== undefined;
  }

  /** When a live session ends; undefined when it is revoked, past its end or not the user's. */
  async function liveUntil(
    sessionId: string,
    userId: string,
    now: Date,
  ): Promise<Date | undefined> {
    const [row] = await db
      .select({ expiresAt: authSessions.expiresAt })
      .from(authSessions)
      .where(
        and(
          eq(authSessions.id, sessionId),
          eq(authSessions.userId, userId),
          isNull(authSessions.revokedAt),
          gt(authSessions.expiresAt, now),
        ),
      )
      .limit(1);
    return row?.expiresAt;
  }

  async function insertRefreshToken(values: {
    tokenHash: string;
    sessionId: string;
    createdAt: Date;
  }): Promise<void> {
    await db.insert(refreshTokens).values(values);
  }

  /**
   * Marks the refresh token used in one conditional update, so of two concurrent uses only one
   * finds it fresh; the other is reported as a reuse.
   */
  async function useRefreshToken(tokenHash: string, now: Date): Promise<RefreshTokenUse> {
    const [used] = await db
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
      .returning({ sessionId: refreshTokens.sessionId });
    if (used === undefined) {
      const [known] = await db
        .select({ sessionId: refreshTokens.sessionId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      return known === undefined ? { kind: 'unknown' } : { kind: 'reused', ...known };
    }
    const [session] = await db
      .select()
      .from(authSessions)
      .where(eq(authSessions.id, used.sessionId))
      .limit(1);
    return session === undefined ? { kind: 'unknown' } : { kind: 'fresh', session };
  }

  async function revoke(sessionId: string, now: Date, reason: string): Promise<void> {
    await db
      .update(authSessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
  }

  /** Ends every session of the user but `keep` (when given); answers how many were still open. */
  async function revokeAllOfUser(
    userId: string,
    now: Date,
    reason: string,
    keep?: string,
  ): Promise<number> {
    const rows = await db
      .update(authSessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(
        and(
          eq(authSessions.userId, userId),
          isNull(authSessions.revokedAt),
          keep === undefined ? undefined : ne(authSessions.id, keep),
        ),
      )
      .returning({ id: authSessions.id });
    return rows.length;
  }

  /** Deletes sessions (and their refresh tokens) that ended before `before`; answers how many. */
  async function deleteEnded(before: Date): Promise<number> {
    const rows = await db
      .delete(authSessions)
      .where(or(lt(authSessions.expiresAt, before), lt(authSessions.revokedAt, before)))
      .returning({ id: authSessions.id });
    return rows.length;
  }

  return {
    insertSession,
    isLive,
    liveUntil,
    insertRefreshToken,
    useRefreshToken,
    revoke,
    revokeAllOfUser,
    deleteEnded,
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
