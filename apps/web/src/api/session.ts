import type { CurrentUser } from '@sarm/contracts';
import type { ResponseSchema } from './responseSchema';

/** Local storage keys shared with the earlier client; do not rename (spec 1 §3). */
export const STORAGE_KEYS = {
  token: 'token',
  /** The one-time refresh token of the session (added with server-side sessions, issue 16). */
  refreshToken: 'refreshToken',
  userData: 'userData',
  userDataTimestamp: 'userDataTimestamp',
  currentProjectId: 'currentProjectId',
  theme: 'theme',
} as const;

/** User data is trusted from the local cache for one hour (spec 1 §7, spec 3 §9). */
export const USER_CACHE_TTL_MS = 3_600_000;

/** The part of `Storage` the session needs, so tests can pass a plain map. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function readToken(store: KeyValueStore): string | null {
  const token = store.getItem(STORAGE_KEYS.token);
  return token !== null && token.length > 0 ? token : null;
}

export function saveToken(store: KeyValueStore, token: string): void {
  store.setItem(STORAGE_KEYS.token, token);
}

export function readRefreshToken(store: KeyValueStore): string | null {
  const token = store.getItem(STORAGE_KEYS.refreshToken);
  return token !== null && token.length > 0 ? token : null;
}

/** Each refresh answers a new refresh token; the one used is dead from then on. */
export function saveRefreshToken(store: KeyValueStore, token: string): void {
  store.setItem(STORAGE_KEYS.refreshToken, token);
}

export function saveCachedUser(store: KeyValueStore, user: CurrentUser, nowMs: number): void {
  store.setItem(STORAGE_KEYS.userData, JSON.stringify(user));
  store.setItem(STORAGE_KEYS.userDataTimestamp, String(nowMs));
}

export interface CachedUser {
  readonly user: CurrentUser;
  readonly savedAtMs: number;
}

/**
 * The cached user when present, well-formed by `schema` (the contracts' CurrentUserSchema) and
 * younger than the cache lifetime. Without a schema (not loaded yet: it carries zod, which the
 * sign-in page does not download) nothing is trusted and null is answered.
 */
export function readCachedUser(
  store: KeyValueStore,
  nowMs: number,
  schema: ResponseSchema<CurrentUser> | null,
): CachedUser | null {
  if (schema === null) return null;
  const raw = store.getItem(STORAGE_KEYS.userData);
  const savedAtMs = Number(store.getItem(STORAGE_KEYS.userDataTimestamp));
  if (raw === null || !Number.isFinite(savedAtMs) || nowMs - savedAtMs > USER_CACHE_TTL_MS)
    return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? { user: parsed.data, savedAtMs } : null;
  } catch {
    // A corrupted cache entry is not an error worth surfacing: the server copy replaces it.
    return null;
  }
}

/** Forgets the signed-in session. The theme and current project are preferences, not session data. */
export function clearSession(store: KeyValueStore): void {
  store.removeItem(STORAGE_KEYS.token);
  store.removeItem(STORAGE_KEYS.refreshToken);
  store.removeItem(STORAGE_KEYS.userData);
  store.removeItem(STORAGE_KEYS.userDataTimestamp);
}

/** In-memory store for tests and for browsers that refuse local storage. */
export function createMemoryStore(initial: Record<string, string> = {}): KeyValueStore {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, value);
    },
    removeItem: (key) => {
      values.delete(key);
    },
  };
}
