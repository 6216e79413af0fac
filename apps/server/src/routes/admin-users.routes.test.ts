import { AdminUserListSchema, AdminUserSchema } from '@sarm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCaller, audited, caller } from '../test/admin-helpers.js';
import { createUser, grantCustomRole, login } from '../test/factories.js';
import { latestResetToken, readOutbox } from '../test/outbox.js';
import { createTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
let admin: Awaited<ReturnType<typeof adminCaller>>;
beforeAll(async () => {
  server = await createTestServer({ workers: false });
  admin = await adminCaller(server);
});
afterAll(async () => {
  await server.close();
});

describe('user administration', () => {
  it('creates a user with roles, mails a link to choose a password and audits it', async () => {
    const response = await admin.call('POST', '/api/admin/users', {
      email: 'New.Person@Sarm.test',
      displayName: 'New Person',
      roles: ['clinician'],
    });
    expect(response.statusCode).toBe(201);
    const user = AdminUserSchema.parse(response.json());
    expect(user).toMatchObject({ email: 'new.person@sarm.test', isActive: true });
    expect(user.systemRoles.map((r) => r.code)).toEqual(['clinician']);
    expect(typeof user.createdAt).toBe('number');
    const token = await latestResetToken(server.outboxDir, 'new.person@sarm.test');
    const reset = await server.app.inject({
      method: 'POST',
      url: '/api/sarm/auth/reset-password',
      payload: { token, password: 'chosen-by-user-1' },
    });
    expect(reset.statusCode).toBe(200);
    await expect(login(server, 'new.person@sarm.test', 'chosen-by-user-1')).resolves.toBeTruthy();
    expect(await audited(server, 'User created: new.person@sarm.test')).toBe(true);
  });

  it('answers the spec texts for missing fields and 409 for a taken e-mail', async () => {
    const missing = await admin.call('POST', '/api/admin/users', { email: '', displayName: 'X' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: 'Email and Display Name are required' });
    const noName = await admin.call('POST', '/api/admin/users', { email: 'a@b.test' });
    expect(noName.json()).toMatchObject({ message: 'Email and Display Name are required' });
    const taken = await admin.call('POST', '/api/admin/users', {
      email: admin.user.email,
      displayName: 'Dup',
    });
    expect(taken.statusCode).toBe(409);
    const blankEdit = await admin.call('PUT', `/api/admin/users/${admin.user.id}`, {
      displayName: ' ',
    });
    expect(blankEdit.json()).toMatchObject({ message: 'Display Name is required' });
  });

  it('lists with search and paging', async () => {
    for (const name of ['Zed One', 'Zed Two', 'Zed Three'])
      await createUser(server, { displayName: name });
    const page = await admin.call('GET', '/api/admin/users?search=zed&page=2&limit=2');
    const list = AdminUserListSchema.parse(page.json());
    expect(list.total).toBe(3);
    expect(list.users.map((u) => u.displayName)).toEqual(['Zed Two']);
  });

  it('edits name and roles but never the e-mail, and deactivation answers ACCOUNT_INACTIVE', async () => {
    const target = await caller(server, { displayName: 'Target' });
    const edited = await admin.call('PUT', `/api/admin/users/${target.user.id}`, {
      displayName: 'Renamed',
      email: 'changed@sarm.test',
      roles: ['annotator'],
      isActive: false,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      displayName: 'Renamed',
      email: target.user.email,
      isActive: false,
    });
    const next = await target.call('GET', '/api/sarm/auth/get-me');
    expect(next.statusCode).toBe(403);
    expect(next.json()).toMatchObject({ detail: { code: 'ACCOUNT_INACTIVE' } });
    const again = await server.app.inject({
      method: 'POST',
      url: '/api/sarm/auth/login-user',
      payload: { email: target.user.email, password: target.password },
    });
    expect(again.statusCode).toBe(403);
    expect(await audited(server, `User deactivated: ${target.user.email}`)).toBe(true);
  });

  it('ends every session of a deactivated user: reactivation does not revive the old tokens', async () => {
    const target = await caller(server);
    const elsewhere = await login(server, target.user.email, target.password);
    expect(
      (await admin.call('PUT', `/api/admin/users/${target.user.id}`, { isActive: false }))
        .statusCode,
    ).toBe(200);
    expect(
      (await admin.call('PUT', `/api/admin/users/${target.user.id}`, { isActive: true }))
        .statusCode,
    ).toBe(200);
    expect((await target.call('GET', '/api/sarm/auth/get-me')).statusCode).toBe(401);
    const refreshed = await server.app.inject({
      method: 'POST',
      url: '/api/sarm/auth/refresh-token',
      payload: { refresh_token: elsewhere.refresh_token },
    });
    expect(refreshed.statusCode).toBe(401);
    expect((await login(server, target.user.email, target.password)).user.id).toBe(target.user.id);
  });

  it('deletes a user, refuses deleting oneself, and audits', async () => {
    const { user } = await createUser(server);
    expect((await admin.call('DELETE', `/api/admin/users/${user.id}`)).statusCode).toBe(200);
    expect((await admin.call('GET', `/api/admin/users/${user.id}`)).statusCode).toBe(404);
    expect((await admin.call('DELETE', `/api/admin/users/${admin.user.id}`)).statusCode).toBe(400);
    expect(await audited(server, `User deleted: ${user.email}`)).toBe(true);
  });

  it('never leaves the platform without an active administrator', async () => {
    const fresh = await createTestServer({ workers: false });
    try {
      const only = await adminCaller(fresh);
      const manager = await caller(fresh);
      await grantCustomRole(fresh, manager.user.id, ['system.manage_users']);
      const admins = await fresh.context.repositories.users.findByIds(
        await fresh.context.repositories.roles.userIdsWithRoles([
          (await fresh.context.repositories.roles.findByCode('system_admin'))?.id ?? '',
        ]),
      );
      for (const other of admins.filter((user) => user.id !== only.user.id && user.isActive))
        await only.call('PUT', `/api/admin/users/${other.id}`, { isActive: false });

      const refusals = [
        await manager.call('PUT', `/api/admin/users/${only.user.id}/roles`, {
          roles: ['reviewer'],
        }),
        await manager.call('PUT', `/api/admin/users/${only.user.id}`, { isActive: false }),
        await manager.call('PUT', `/api/admin/users/${only.user.id}`, { roles: ['clinician'] }),
        await manager.call('DELETE', `/api/admin/users/${only.user.id}`),
      ];
      for (const refusal of refusals) {
        expect(refusal.statusCode).toBe(409);
        expect(refusal.json()).toMatchObject({
          message:
            'The last active administrator cannot lose the System Administrator role, be deactivated or be deleted',
        });
      }
      expect((await only.call('GET', '/api/admin/users')).statusCode).toBe(200);

      // With a second administrator, the first may step down.
      const second = await adminCaller(fresh);
      const stepDown = await second.call('PUT', `/api/admin/users/${only.user.id}/roles`, {
        roles: ['reviewer'],
      });
      expect(stepDown.statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it('sends a password reset mail on request of an administrator', async () => {
    const { user } = await createUser(server);
    const response = await admin.call('POST', '/api/admin/users/password-reset', {
      email: user.email,
    });
    expect(response.json()).toEqual({
      success: true,
      message: `Password reset email sent to ${user.email}`,
    });
    expect((await readOutbox(server.outboxDir)).some((m) => m.to === user.email)).toBe(true);
    expect(await audited(server, `Password reset sent to ${user.email}`)).toBe(true);
  });

  it('reads and replaces roles through both paths, sets direct permissions, lists projects', async () => {
    const target = await caller(server);
    const put = await admin.call('PUT', `/api/sarm/admin/users/${target.user.id}/roles`, {
      roles: ['reviewer'],
    });
    expect(put.json()).toMatchObject({ roles: [{ code: 'reviewer' }] });
    const get = await admin.call('GET', `/api/admin/users/${target.user.id}/roles`);
    expect(get.json()).toMatchObject({ roles: [{ code: 'reviewer' }] });
    const unknown = await admin.call('PUT', `/api/admin/users/${target.user.id}/roles`, {
      roles: ['nope'],
    });
    expect(unknown.statusCode).toBe(400);

    const perms = await admin.call('PUT', `/api/sarm/admin/users/${target.user.id}/permissions`, {
      permissions: ['system.view_logs'],
    });
    expect(perms.json()).toEqual({ userId: target.user.id, permissions: ['system.view_logs'] });
    expect((await target.call('GET', '/api/admin/system-logs')).statusCode).toBe(200);
    const bad = await admin.call('PUT', `/api/sarm/admin/users/${target.user.id}/permissions`, {
      permissions: ['made.up'],
    });
    expect(bad.statusCode).toBe(400);
    expect(await audited(server, `Permissions of ${target.user.email} changed`)).toBe(true);

    const projects = await admin.call('GET', `/api/admin/users/${target.user.id}/projects`);
    expect(projects.json()).toEqual({ userId: target.user.id, projects: [] });
  });

  it('refuses every user route to a caller without manage_users', async () => {
    const plain = await caller(server);
    for (const [method, url] of [
      ['GET', '/api/admin/users'],
      ['POST', '/api/admin/users'],
      ['PUT', `/api/admin/users/${plain.user.id}`],
      ['PUT', `/api/sarm/admin/users/${plain.user.id}/roles`],
    ] as const) {
      expect((await plain.call(method, url, {})).statusCode).toBe(403);
    }
  });
});
