import { AdminRoleListSchema, AdminRoleSchema, PERMISSIONS } from '@sarm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCaller, audited, caller } from '../test/admin-helpers.js';
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

describe('role administration', () => {
  it('creates a custom role, edits it, replaces its permissions and deletes it, auditing each step', async () => {
    const created = await admin.call('POST', '/api/admin/roles', {
      name: 'Night Shift',
      code: 'night_shift',
      description: 'Evenings',
      isSystem: true,
      permissions: [],
    });
    expect(created.statusCode).toBe(201);
    const role = AdminRoleSchema.parse(created.json());
    expect(role).toMatchObject({ isSystem: false, permissionsCount: 0, userCount: 0 });

    const edited = await admin.call('PUT', `/api/admin/roles/${role.id}`, {
      name: 'Night Team',
      code: 'night_team',
    });
    expect(edited.json()).toMatchObject({ name: 'Night Team', code: 'night_team' });

    const perms = await admin.call('PUT', `/api/admin/roles/${role.id}/permissions`, {
      permissions: ['sarm.view_reports', 'system.view_logs'],
    });
    expect(perms.json()).toEqual({
      roleId: role.id,
      permissions: ['sarm.view_reports', 'system.view_logs'],
    });
    const read = await admin.call('GET', `/api/admin/roles/${role.id}`);
    expect(read.json()).toMatchObject({ permissionsCount: 2 });
    const bad = await admin.call('PUT', `/api/admin/roles/${role.id}/permissions`, {
      permissions: ['nope.x'],
    });
    expect(bad.statusCode).toBe(400);

    expect((await admin.call('DELETE', `/api/admin/roles/${role.id}`)).statusCode).toBe(200);
    expect(await audited(server, 'Role created: night_shift')).toBe(true);
    expect(await audited(server, 'Role updated: night_team')).toBe(true);
    expect(await audited(server, 'Permissions of role night_team changed')).toBe(true);
    expect(await audited(server, 'Role deleted: night_team')).toBe(true);
  });

  it('answers 409 with the spec text for a taken code and 400 for missing name or code', async () => {
    const taken = await admin.call('POST', '/api/admin/roles', { name: 'X', code: 'clinician' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: 'Role code "clinician" already exists' });
    const missing = await admin.call('POST', '/api/admin/roles', { name: 'X', code: '' });
    expect(missing.json()).toMatchObject({ message: 'Role Name and Code are required' });
  });

  it('refuses to delete a system role or change its code', async () => {
    const list = AdminRoleListSchema.parse((await admin.call('GET', '/api/admin/roles')).json());
    const system = list.roles.find((r) => r.code === 'clinician');
    if (system === undefined) throw new Error('clinician role missing');
    const removed = await admin.call('DELETE', `/api/admin/roles/${system.id}`);
    expect(removed.statusCode).toBe(400);
    expect(removed.json()).toMatchObject({ message: 'System roles cannot be deleted' });
    const recoded = await admin.call('PUT', `/api/admin/roles/${system.id}`, { code: 'x' });
    expect(recoded.statusCode).toBe(400);
  });

  it('serves the catalogue flat, by module and through the /sarm alias', async () => {
    const flat = await admin.call('GET', '/api/admin/permissions');
    expect(flat.json<{ permissions: unknown[] }>().permissions).toHaveLength(PERMISSIONS.length);
    const byModule = await admin.call('GET', '/api/admin/permissions/by-module');
    expect(Object.keys(byModule.json<object>())).toEqual(['system', 'sarm', 'finetune']);
    expect((await admin.call('GET', '/api/sarm/admin/permissions')).statusCode).toBe(200);
    expect((await admin.call('GET', '/api/sarm/admin/roles')).statusCode).toBe(200);
  });

  it('refuses role changes to a caller without manage_roles', async () => {
    const plain = await caller(server);
    expect(
      (await plain.call('POST', '/api/admin/roles', { name: 'a', code: 'a' })).statusCode,
    ).toBe(403);
    expect((await plain.call('GET', '/api/admin/permissions')).statusCode).toBe(403);
  });
});
