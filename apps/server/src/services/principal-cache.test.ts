import { describe, expect, it } from 'vitest';
import type { AuthContext } from './access.js';
import { createPrincipalCache, PRINCIPAL_TABLES, PRINCIPAL_TTL_MS } from './principal-cache.js';

const auth = (id: string) => ({ user: { id } }) as unknown as AuthContext;

function harness() {
  let now = 0;
  const listeners: Array<{ tables: readonly string[]; listener: () => void }> = [];
  const cache = createPrincipalCache<AuthContext>({
    onWrite: (tables, listener) => {
      listeners.push({ tables, listener });
      return () => undefined;
    },
    nowMs: () => now,
  });
  const write = (table: string) => {
    for (const entry of listeners) if (entry.tables.includes(table)) entry.listener();
  };
  return { cache, write, advance: (ms: number) => (now += ms) };
}

describe('principal cache', () => {
  it('answers a user for a few seconds, then reads again', () => {
    const { cache, advance } = harness();
    cache.set('u1', auth('u1'));
    expect(cache.get('u1')?.user.id).toBe('u1');
    advance(PRINCIPAL_TTL_MS - 1);
    expect(cache.get('u1')).toBeDefined();
    advance(1);
    expect(cache.get('u1')).toBeUndefined();
  });

  it('forgets everyone when a user, role or permission row is written, and only then', () => {
    const { cache, write } = harness();
    for (const table of PRINCIPAL_TABLES) {
      cache.set('u1', auth('u1'));
      write('videos');
      expect(cache.get('u1')).toBeDefined();
      write(table);
      expect(cache.get('u1')).toBeUndefined();
    }
  });

  it('caches nothing when it cannot hear about writes', () => {
    const cache = createPrincipalCache<AuthContext>({});
    cache.set('u1', auth('u1'));
    expect(cache.get('u1')).toBeUndefined();
  });
});
