import { and, count, eq, gte, isNull, lt, or, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { passwordResetTokens } from '../db/schema/index.js';

/** Hashed one-time password reset tokens. */
export function createPasswordResetRepository(db: Database) {
  async function insert(values: {
    userId: string;
    tokenHash: string;
    expiresAt: Date;
    createdAt: Date;
  }): Promise<void> {
    await db.insert(passwordResetTokens).values(values);
  }

  /** Marks the token used if it is unused and unexpired; answers the user id when it was. */
  async function consume(tokenHash: string, now: Date): Promise<string | undefined> {
    const [row] = await db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gte(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    return row?.userId;
  }

  async function findUsable(tokenHash: string, now: Date) {
    const [row] = await db
      .select()
      .from(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gte(passwordResetTokens.expiresAt, now),
        ),
      )
      .limit(1);
    return row;
  }

  /** Invalidates every outstanding token of the user (after a successful reset). */
  async function invalidateForUser(userId: string, now: Date): Promise<void> {
    await db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  }

  async function countCreatedSince(userId: string, since: Date): Promise<number> {
    const [row] = await db
      .select({ value: count() })
      .from(passwordResetTokens)
      .where(
        and(eq(passwordResetTokens.userId, userId), gte(passwordResetTokens.createdAt, since)),
      );
    return row?.value ?? 0;
  }

  /** Deletes tokens that expired or were used before `before`; answers how many. */
  async function deleteStale(before: Date): Promise<number> {
    const rows = await db
      .delete(passwordResetTokens)
      .where(
        or(
          lt(passwordResetTokens.expiresAt, before),
          and(isNotNull(passwordResetTokens.usedAt), lt(passwordResetTokens.usedAt, before)),
        ),
      )
      .returning({ id: passwordResetTokens.id });
    return rows.length;
  }

  return { insert, consume, findUsable, invalidateForUser, countCreatedSince, deleteStale };
}
export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;
