/**
 * On the embedded database live sessions are cached exactly: a repeated request skips the session
 * lookup, and everything that ends a session still ends access on the very next request.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLiveSessionCache } from '../services/live-session-cache.js';
import { adminCaller } from '../test/admin-helpers.js';
import { login, signedInUser } from '../test/factories.js';
import { createTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ workers: false });
});
afterAll(async () => {
  await server.close();
});

const getMe = (headers: Record<string, string>) =>
  server.app.inject({ method: 'GET', url: '/api/sarm/auth/get-me', headers });

/** Signs in and makes two requests, so the principal and the session are both cached. */
async function warmUser() {
  const signed = await signedInUser(server);
  expect((await getMe(signed.headers)).statusCode).toBe(200);
  expect((await getMe(signed.headers)).statusCode).toBe(200);
  return signed;
}

describe('live-session cache on PGlite', () => {
  it('answers a repeated request with one query less, and looks the session up again after a session write', async () => {
    const { headers } = await warmUser();
    const lookups = vi.spyOn(server.context.repositories.sessions, 'liveUntil');
    const queriesOf = async () => {
      const before = server.database.queryCount();
      expect((await getMe(headers)).statusCode).toBe(200);
      return server.database.queryCount() - before;
    };
    const cached = await queriesOf();
    expect(lookups).not.toHaveBeenCalled();
    // A write to auth_sessions (here: revoking no session at all) empties the session cache only.
    await server.context.repositories.sessions.revoke('no-such-session', server.clock.now(), 'x');
    const looked = await queriesOf();
    expect(lookups).toHaveBeenCalledTimes(1);
    expect(looked).toBe(cached + 1);
    lookups.mockRestore();
  });

  it('ends access at sign-out on the very next request', async () => {
    const { headers } = await warmUser();
    const out = await server.app.inject({ method: 'POST', url: '/api/sarm/auth/logout', headers });
    expect(out.statusCode).toBe(200);
    const after = await getMe(headers);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ statusCode: 401, message: 'Session expired' });
  });

  it("ends the account's other sessions at a password change on the very next request", async () => {
    const { user, password, headers } = await warmUser();
    const other = await login(server, user.email, password);
    const otherHeaders = { authorization: `Bearer ${other.access_token}` };
    expect((await getMe(otherHeaders)).statusCode).toBe(200);
    expect((await getMe(otherHeaders)).statusCode).toBe(200);
    const changed = await server.app.inject({
      method: 'PUT',
      url: '/api/sarm/auth/change-password',
      headers,
      payload: { oldPassword: password, newPassword: 'An0ther-passphrase!' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await getMe(otherHeaders)).statusCode).toBe(401);
    expect((await getMe(headers)).statusCode).toBe(200);
  });

  it('ends access at deactivation and at deletion on the very next request', async () => {
    const admin = await adminCaller(server);
    const deactivated = await warmUser();
    const update = await admin.call('PUT', `/api/admin/users/${deactivated.user.id}`, {
      isActive: false,
    });
    expect(update.statusCode, update.body).toBe(200);
    expect((await getMe(deactivated.headers)).statusCode).toBe(403);

    const deleted = await warmUser();
    // Deleting the user removes its sessions by cascade, which no statement on auth_sessions names.
    const removal = await admin.call('DELETE', `/api/admin/users/${deleted.user.id}`);
    expect(removal.statusCode, removal.body).toBe(200);
    expect((await getMe(deleted.headers)).statusCode).toBe(401);
  });

  it('ends access when the session timeout passes, without any write', async () => {
    const { headers } = await warmUser();
    server.clock.advance(31 * 60 * 1000);
    const after = await getMe(headers);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ statusCode: 401, message: 'Session expired' });
  });
});

describe('createLiveSessionCache', () => {
  const writable = () => {
    const listeners: (() => void)[] = [];
    return {
      write: () => listeners.forEach((listener) => listener()),
      onWrite: (_tables: readonly string[], listener: () => void) => {
        listeners.push(listener);
        return () => undefined;
      },
    };
  };

  it("compares a cached session's end with the clock on every lookup", () => {
    const cache = createLiveSessionCache(writable());
    cache.remember('s', 'u', new Date(1_000), cache.generation());
    expect(cache.knowsLive('s', 'u', new Date(999))).toBe(true);
    expect(cache.knowsLive('s', 'u', new Date(1_000))).toBe(false);
    expect(cache.knowsLive('s', 'other user', new Date(0))).toBe(false);
  });

  it('forgets every session at a write and refuses what a lookup read before that write', () => {
    const database = writable();
    const cache = createLiveSessionCache(database);
    cache.remember('s', 'u', new Date(1_000), cache.generation());
    const raced = cache.generation();
    database.write();
    expect(cache.knowsLive('s', 'u', new Date(0))).toBe(false);
    cache.remember('t', 'u', new Date(1_000), raced);
    expect(cache.knowsLive('t', 'u', new Date(0))).toBe(false);
  });
});

describe('the signed-in user summary (get-me) on PGlite', () => {
  it('answers from the caches with no query, and shows membership changes and renames at once', async () => {
    const { user, headers } = await warmUser();
    const projectsOfMe = async () => {
      const before = server.database.queryCount();
      const me = await getMe(headers);
      expect(me.statusCode).toBe(200);
      const queries = server.database.queryCount() - before;
      return { queries, projects: me.json<{ projects: unknown[] }>().projects };
    };
    expect(await projectsOfMe()).toEqual({ queries: 0, projects: [] });

    const { projects } = server.context.repositories;
    const project = await projects.insertProject({ name: 'Cached', description: '' });
    await projects.addMember({ projectId: project.id, userId: user.id, accessLevel: 'member' });
    const joined = await projectsOfMe();
    expect(joined.projects).toEqual([{ id: project.id, name: 'Cached', accessLevel: 'member' }]);
    expect(joined.queries).toBeGreaterThan(0);
    expect((await projectsOfMe()).queries).toBe(0);

    await projects.update(project.id, { name: 'Renamed' }, server.clock.now());
    expect((await projectsOfMe()).projects).toEqual([
      { id: project.id, name: 'Renamed', accessLevel: 'member' },
    ]);
    await projects.removeMember(project.id, user.id);
    expect((await projectsOfMe()).projects).toEqual([]);
  });
});
