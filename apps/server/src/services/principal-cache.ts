/** Tables whose rows make up a signed-in user's AuthContext. */
export const PRINCIPAL_TABLES = ['users', 'roles', 'role_permissions', 'user_roles'] as const;
/** Tables whose rows decide which projects a user sees (with the principal's permissions). */
export const VISIBLE_PROJECT_TABLES = [...PRINCIPAL_TABLES, 'projects', 'project_members'] as const;

/**
 * How long a user's roles and permissions are kept. A change to one of PRINCIPAL_TABLES empties
 * the cache at once: this process's when sent, another process's when PostgreSQL announces it
 * (`db/write-notices.ts`); the bound covers notices missed while a connection was down. Sessions
 * are not cached here but in `live-session-cache.ts`.
 */
export const PRINCIPAL_TTL_MS = 5_000;
/** Beyond this many users the cache starts over rather than grow. */
const MAX_ENTRIES = 10_000;

/**
 * What each signed-in user was found to be in the last few seconds (by default their AuthContext,
 * so a request does not read the user, its roles and their permissions again: they were three of
 * a request's four queries), forgotten for everyone on any write to `tables`.
 */
export function createPrincipalCache<Value>(options: {
  /** Subscribes to writes of the tables; without it nothing is cached. */
  readonly onWrite?: (tables: readonly string[], listener: () => void) => () => void;
  /** The tables the cached values are read from (default: PRINCIPAL_TABLES). */
  readonly tables?: readonly string[];
  readonly nowMs?: () => number;
}) {
  const nowMs = options.nowMs ?? (() => performance.now());
  const entries = new Map<string, { readonly value: Value; readonly until: number }>();
  const enabled = options.onWrite !== undefined;
  options.onWrite?.(options.tables ?? PRINCIPAL_TABLES, () => entries.clear());

  return {
    get(userId: string): Value | undefined {
      const entry = entries.get(userId);
      if (entry === undefined) return undefined;
      if (entry.until > nowMs()) return entry.value;
      entries.delete(userId);
      return undefined;
    },
    set(userId: string, value: Value): void {
      if (!enabled) return;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(userId, { value, until: nowMs() + PRINCIPAL_TTL_MS });
    },
  };
}
export type PrincipalCache<Value> = ReturnType<typeof createPrincipalCache<Value>>;
