/**
 * Tables whose writes can end a session: its own row (sign-out, revocation, a password change)
 * and its user's (deleting a user deletes the sessions by cascade, which no statement names).
 */
export const SESSION_TABLES = ['auth_sessions', 'users'] as const;

/** Beyond this many sessions the cache starts over rather than grow. */
const MAX_ENTRIES = 10_000;

/**
 * Live sessions and when they end, so a request need not look its session up again. Exact, not
 * a time-to-live: any write to SESSION_TABLES empties it at once, this process's when sent and,
 * on PostgreSQL, every process's when the database announces it (`db/write-notices.ts`: a
 * sign-out on one API process ends the session on the others within milliseconds); the end is
 * still compared with the clock on every request.
 */
export function createLiveSessionCache(options: {
  readonly onWrite: (tables: readonly string[], listener: () => void) => () => void;
}) {
  const ends = new Map<string, number>();
  // Bumped by every write, so a lookup that raced a write does not store what it read before it.
  let generation = 0;
  options.onWrite(SESSION_TABLES, () => {
    generation += 1;
    ends.clear();
  });
  const keyOf = (sessionId: string, userId: string) => `${sessionId} ${userId}`;

  return {
    /** True when the session is known live and its end is still ahead of `now`. */
    knowsLive(sessionId: string, userId: string, now: Date): boolean {
      const end = ends.get(keyOf(sessionId, userId));
      return end !== undefined && end > now.getTime();
    },
    /** Where the writes stand; pass it to `remember` with what a lookup started then found. */
    generation: () => generation,
    /** Stores a live session's end unless a write happened since `seenAt`. */
    remember(sessionId: string, userId: string, endsAt: Date, seenAt: number): void {
      if (seenAt !== generation) return;
      if (ends.size >= MAX_ENTRIES) ends.clear();
      ends.set(keyOf(sessionId, userId), endsAt.getTime());
    },
  };
}
export type LiveSessionCache = ReturnType<typeof createLiveSessionCache>;
