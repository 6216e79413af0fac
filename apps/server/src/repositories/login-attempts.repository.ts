import { and, count, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { loginAttempts, type ThrottledAction } from '../db/schema/index.js';

export interface AttemptRecord {
  readonly action: ThrottledAction;
  readonly email: string | null;
  readonly ipAddress: string | null;
  readonly succeeded: boolean;
  readonly at: Date;
}

/** Which attempts to count: one action, by account or by address, since a moment. */
export interface AttemptQuery {
  readonly action: ThrottledAction;
  readonly since: Date;
  readonly by: { readonly email: string } | { readonly ipAddress: string };
  readonly failuresOnly: boolean;
}

/** Sign-in and reset-request attempts, counted for throttling and deleted by the cleanup job. */
export function createLoginAttemptsRepository(db: Database) {
  async function record(attempt: AttemptRecord): Promise<void> {
    await db.insert(loginAttempts).values({
      action: attempt.action,
      email: attempt.email,
      ipAddress: attempt.ipAddress,
      succeeded: attempt.succeeded,
      createdAt: attempt.at,
    });
  }

  async function countAttempts(query: AttemptQuery): Promise<number> {
    const conditions: SQL[] = [
      eq(loginAttempts.action, query.action),
      gte(loginAttempts.createdAt, query.since),
    ];
    conditions.push(
      'email' in query.by
        ? eq(loginAttempts.email, query.by.email)
        : eq(loginAttempts.ipAddress, query.by.ipAddress),
    );
    if (query.failuresOnly) conditions.push(eq(loginAttempts.succeeded, false));
    const [row] = await db
      .select({ value: count() })
      .from(loginAttempts)
      .where(and(...conditions));
    return row?.value ?? 0;
  }

  /** Forgets the failed attempts of an account (after it signs in successfully). */
  async function clearFailures(action: ThrottledAction, email: string): Promise<void> {
    await db
      .delete(loginAttempts)
      .where(
        and(
          eq(loginAttempts.action, action),
          eq(loginAttempts.email, email),
          eq(loginAttempts.succeeded, false),
        ),
      );
  }

  async function deleteOlderThan(before: Date): Promise<number> {
    const rows = await db
      .delete(loginAttempts)
      .where(lt(loginAttempts.createdAt, before))
      .returning({ id: loginAttempts.id });
    return rows.length;
  }

  return { record, countAttempts, clearFailures, deleteOlderThan };
}
export type LoginAttemptsRepository = ReturnType<typeof createLoginAttemptsRepository>;
