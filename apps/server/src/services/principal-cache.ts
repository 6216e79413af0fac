import type { AuthContext } from './access.js';

/** Tables whose rows make up a signed-in user's AuthContext. */
export const PRINCIPAL_TABLES = ['users', 'roles', 'role_permissions', 'user_roles'] as const;

/**
 * How long another process may use a user's roles and permissions after they changed. In this
 * process a change to one of PRINCIPAL_TABLES empties the cache at once. Sessions are not cached
 * here (sign-out and deactivation end access everywhere on the next request); only the embedded
 * database caches them, exactly, in `live-session-cache.ts`.
 */
export const PRINCIPAL_TTL_MS = 5_000;
/** Beyond this many users the cache starts over rather than grow. */
const MAX_ENTRIES = 10_000;

/**
 * The signed-in users' AuthContexts of the last few seconds, so a request does not read the user,
 * its roles and their permissions again (they were three of a request's four queries).
 */
export function createPrincipalCache(options: {
  /** Subscribes to writes of the principal tables; without it nothing is cached. */
  readonly onWrite?: (tables: readonly string[], listener: () => void) => () => void;
  readonly nowMs?: () => number;
}) {
  const nowMs = options.nowMs ?? (() => performance.now());
  const entries = new Map<string, { readonly auth: AuthContext; readonly until: number }>();
  const enabled = options.onWrite !== undefined;
  options.onWrite?.(PRINCIPAL_TABLES, () => entries.clear());

  return {
    get(userId: string): AuthContext | undefined {
      const entry = entries.get(userId);
      if (entry === undefined) return undefined;
      if (entry.until > nowMs()) return entry.auth;
      entries.delete(userId);
      return undefined;
    },
    set(userId: string, auth: AuthContext): void {
      if (!enabled) return;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(userId, { auth, until: nowMs() + PRINCIPAL_TTL_MS });
    },
  };
}
export type PrincipalCache = ReturnType<typeof createPrincipalCache>;
