import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { signInThrottle } from '../db/schema/index.js';

/** How failures on one key slow further attempts. */
export interface DelayRule {
  /** Failures allowed without any wait. */
  readonly freeFailures: number;
  /** The wait after the first failure beyond the free ones; each further failure doubles it. */
  readonly baseDelaySeconds: number;
  readonly maxDelaySeconds: number;
  /** A key quiet for this long starts again from zero. */
  readonly forgetAfterSeconds: number;
}

/** The wait, in seconds, imposed after `failures` failures on a key under `rule`. */
export function delayAfter(failures: number, rule: DelayRule): number {
  if (failures < rule.freeFailures) return 0;
  const doublings = Math.min(failures - rule.freeFailures, 30);
  return Math.min(rule.maxDelaySeconds, rule.baseDelaySeconds * 2 ** doublings);
}

/** The outcome of taking an attempt on a key. */
export type ThrottleTake =
  { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number };

/** Failed sign-in counters with growing delays, one row per key. */
export function createSignInThrottleRepository(db: Database) {
  /**
   * Counts an attempt on `key` unless the key is waiting out its delay, in one conditional upsert:
   * the row lock serialises parallel attempts, so no more than the rule allows get through.
   */
  async function take(key: string, rule: DelayRule, now: Date): Promise<ThrottleTake> {
    const nowIso = now.toISOString();
    const forgetBefore = new Date(now.getTime() - rule.forgetAfterSeconds * 1000).toISOString();
    const stale = sql`${signInThrottle.lastFailureAt} <= ${forgetBefore}::timestamptz`;
    const delayOver = sql`${signInThrottle.lastFailureAt} + make_interval(secs => least(
      ${rule.maxDelaySeconds}::double precision,
      ${rule.baseDelaySeconds}::double precision
        * power(2, least(${signInThrottle.failures} - ${rule.freeFailures}::int, 30))
    )) <= ${nowIso}::timestamptz`;
    const taken = await db
      .insert(signInThrottle)
      .values({ key, failures: 1, lastFailureAt: now })
      .onConflictDoUpdate({
        target: signInThrottle.key,
        set: {
          failures: sql`case when ${stale} then 1 else ${signInThrottle.failures} + 1 end`,
          lastFailureAt: now,
        },
        setWhere: sql`${stale} or ${signInThrottle.failures} < ${rule.freeFailures}::int or ${delayOver}`,
      })
      .returning({ failures: signInThrottle.failures });
    if (taken.length > 0) return { allowed: true };
    const [row] = await db
      .select()
      .from(signInThrottle)
      .where(eq(signInThrottle.key, key))
      .limit(1);
    const waitUntil =
      row === undefined
        ? now.getTime()
        : row.lastFailureAt.getTime() + delayAfter(row.failures, rule) * 1000;
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((waitUntil - now.getTime()) / 1000)),
    };
  }

  /** Gives back an attempt taken on `key` that turned out not to be a failure. */
  async function giveBack(key: string): Promise<void> {
    await db
      .update(signInThrottle)
      .set({ failures: sql`greatest(${signInThrottle.failures} - 1, 0)` })
      .where(eq(signInThrottle.key, key));
  }

  async function clear(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await db.delete(signInThrottle).where(inArray(signInThrottle.key, [...keys]));
  }

  /** Deletes counters untouched since `before`; answers how many. */
  async function deleteQuietSince(before: Date): Promise<number> {
    const rows = await db
      .delete(signInThrottle)
      .where(lt(signInThrottle.lastFailureAt, before))
      .returning({ key: signInThrottle.key });
    return rows.length;
  }

  return { take, giveBack, clear, deleteQuietSince };
}
export type SignInThrottleRepository = ReturnType<typeof createSignInThrottleRepository>;
