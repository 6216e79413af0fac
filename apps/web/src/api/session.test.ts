import { describe, expect, it } from 'vitest';
import { CurrentUserSchema } from '@sarm/contracts';
import { makeUser } from '../testing/makeUser';
import {
  USER_CACHE_TTL_MS,
  clearSession,
  createMemoryStore,
  readCachedUser,
  readRefreshToken,
  readToken,
  saveCachedUser,
  saveRefreshToken,
} from './session';

describe('session storage', () => {
  it('reads back a cached user while it is younger than one hour', () => {
    const store = createMemoryStore();
    const user = makeUser();
    saveCachedUser(store, user, 1_000);
    expect(readCachedUser(store, 1_000 + USER_CACHE_TTL_MS, CurrentUserSchema)?.user).toEqual(user);
    expect(readCachedUser(store, 1_001 + USER_CACHE_TTL_MS, CurrentUserSchema)).toBeNull();
  });

  it('trusts no cached user before the schema to check it with is loaded', () => {
    const store = createMemoryStore();
    saveCachedUser(store, makeUser(), 1_000);
    expect(readCachedUser(store, 1_000, CurrentUserSchema)).not.toBeNull();
    expect(readCachedUser(store, 1_000, null)).toBeNull();
  });

  it('ignores a corrupted or foreign cache entry', () => {
    expect(
      readCachedUser(
        createMemoryStore({ userData: '{not json', userDataTimestamp: '5' }),
        10,
        CurrentUserSchema,
      ),
    ).toBeNull();
    expect(
      readCachedUser(
        createMemoryStore({ userData: '{"id":1}', userDataTimestamp: '5' }),
        10,
        CurrentUserSchema,
      ),
    ).toBeNull();
  });

  it('treats an empty token as signed out and clears only session keys', () => {
    expect(readToken(createMemoryStore({ token: '' }))).toBeNull();
    const store = createMemoryStore({
      token: 't',
      userData: 'u',
      userDataTimestamp: '1',
      theme: 'dark',
      currentProjectId: 'p',
    });
    clearSession(store);
    expect([
      store.getItem('token'),
      store.getItem('userData'),
      store.getItem('userDataTimestamp'),
    ]).toEqual([null, null, null]);
    expect([store.getItem('theme'), store.getItem('currentProjectId')]).toEqual(['dark', 'p']);
  });

  it('keeps the refresh token of the session and forgets it at sign-out', () => {
    const store = createMemoryStore();
    expect(readRefreshToken(store)).toBeNull();
    saveRefreshToken(store, 'r-1');
    saveRefreshToken(store, 'r-2');
    expect(readRefreshToken(store)).toBe('r-2');
    clearSession(store);
    expect(readRefreshToken(store)).toBeNull();
  });
});
