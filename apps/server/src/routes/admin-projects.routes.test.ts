import {
  AdminProjectListSchema,
  AdminProjectSchema,
  DESCRIPTION_MAX,
  NAME_MAX,
  ProjectUserListSchema,
} from '@sarm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCaller, audited, caller } from '../test/admin-helpers.js';
import { createUser } from '../test/factories.js';
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

async function newProject(name: string) {
  const response = await admin.call('POST', '/api/admin/projects', { name, description: 'd' });
  expect(response.statusCode).toBe(201);
  return AdminProjectSchema.parse(response.json());
}

describe('project administration', () => {
  it('creates, edits, archives, unarchives and deletes a project, auditing each step', async () => {
    const project = await newProject('Fertility study');
    // The creator is the project's first member, with admin access.
    expect(project).toMatchObject({ status: 'active', userCount: 1 });
    expect(project.creator?.id).toBe(admin.user.id);
    const members = await admin.call('GET', `/api/admin/projects/${project.id}/users`);
    expect(
      ProjectUserListSchema.parse(members.json()).users.map((m) => [m.user.id, m.accessLevel]),
    ).toEqual([[admin.user.id, 'admin']]);
    const edited = await admin.call('PUT', `/api/admin/projects/${project.id}`, {
      name: 'Fertility study 2',
    });
    expect(edited.json()).toMatchObject({ name: 'Fertility study 2' });
    const archived = await admin.call('PUT', `/api/admin/projects/${project.id}/toggle-archive`, {
      isArchived: true,
    });
    expect(archived.json()).toMatchObject({ status: 'archived', isArchived: true });
    const flipped = await admin.call('PUT', `/api/project/toggle-archive?id=${project.id}`, {});
    expect(flipped.json()).toMatchObject({ status: 'active' });
    expect((await admin.call('DELETE', `/api/admin/projects/${project.id}`)).statusCode).toBe(200);
    expect((await admin.call('GET', `/api/admin/projects/${project.id}`)).statusCode).toBe(404);
    for (const message of [
      'Project created: Fertility study',
      'Project updated: Fertility study 2',
      'Project archived: Fertility study 2',
      'Project unarchived: Fertility study 2',
      'Project deleted: Fertility study 2',
    ])
      expect(await audited(server, message), message).toBe(true);
  });

  it('answers the /project/... aliases and requires a name', async () => {
    const created = await admin.call('POST', '/api/project/create-project', { name: 'Alias' });
    const project = AdminProjectSchema.parse(created.json());
    const updated = await admin.call('PUT', `/api/project/update-project?id=${project.id}`, {
      description: 'via alias',
    });
    expect(updated.json()).toMatchObject({ description: 'via alias' });
    const deleted = await admin.call('DELETE', `/api/project/delete-project?id=${project.id}`);
    expect(deleted.statusCode).toBe(200);
    const nameless = await admin.call('POST', '/api/admin/projects', { name: ' ' });
    expect(nameless.json()).toMatchObject({ message: 'Project Name is required' });
  });

  it('adds, edits and removes project users with access levels and roles', async () => {
    const project = await newProject('Members');
    const { user } = await createUser(server, { displayName: 'Member One' });
    const available = await admin.call('GET', `/api/admin/projects/${project.id}/available-users`);
    expect(available.json<{ users: { id: string }[] }>().users.map((u) => u.id)).toContain(user.id);
    const none = await admin.call('POST', `/api/admin/projects/${project.id}/users`, {
      userId: '',
    });
    expect(none.json()).toMatchObject({ message: 'Please select a user' });

    const added = await admin.call('POST', `/api/admin/projects/${project.id}/users`, {
      userId: user.id,
      roles: ['clinician'],
      customPermissions: [],
      accessLevel: 'editor',
    });
    expect(added.statusCode).toBe(201);
    const member = ProjectUserListSchema.parse(added.json()).users.find(
      (entry) => entry.user.id === user.id,
    );
    expect(member).toMatchObject({ accessLevel: 'editor', rolesData: [{ name: 'Clinician' }] });

    const changed = await admin.call('PUT', `/api/sarm/project/${project.id}/users/${user.id}`, {
      accessLevel: 'viewer',
      roles: [],
    });
    expect(
      ProjectUserListSchema.parse(changed.json()).users.find((entry) => entry.user.id === user.id),
    ).toMatchObject({ accessLevel: 'viewer', roles: [] });
    const detail = await admin.call('GET', `/api/admin/projects/${project.id}`);
    expect(detail.json()).toMatchObject({ userCount: 2 });
    const removed = await admin.call(
      'DELETE',
      `/api/admin/projects/${project.id}/users/${user.id}`,
    );
    expect(ProjectUserListSchema.parse(removed.json()).users.map((entry) => entry.user.id)).toEqual(
      [admin.user.id],
    );
    expect(await audited(server, `${user.email} added to project Members`)).toBe(true);
    expect(await audited(server, 'User removed from project Members')).toBe(true);
  });

  it('refuses project administration without manage_projects', async () => {
    const plain = await caller(server);
    expect((await plain.call('GET', '/api/admin/projects')).statusCode).toBe(403);
    expect(
      (await plain.call('POST', '/api/project/create-project', { name: 'x' })).statusCode,
    ).toBe(403);
  });
});

describe('project input limits', () => {
  const projectCount = async () =>
    AdminProjectListSchema.parse((await admin.call('GET', '/api/admin/projects')).json()).projects
      .length;

  it('refuses a 100,000-character name with 400 naming the field and the limit, storing nothing', async () => {
    const before = await projectCount();
    const response = await admin.call('POST', '/api/admin/projects', {
      name: 'x'.repeat(100_000),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: `Name must be at most ${NAME_MAX} characters`,
    });
    expect(await projectCount()).toBe(before);
  });

  it('accepts a name of exactly NAME_MAX characters', async () => {
    const name = 'n'.repeat(NAME_MAX);
    const project = await newProject(name);
    expect(project.name).toBe(name);
  });

  it('refuses a NUL in a name, also when editing, and keeps the stored name', async () => {
    const before = await projectCount();
    const created = await admin.call('POST', '/api/admin/projects', { name: 'Null\u0000byte' });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ message: 'Name must not contain control characters' });
    expect(await projectCount()).toBe(before);

    const project = await newProject('Clean name');
    const edited = await admin.call('PUT', `/api/admin/projects/${project.id}`, {
      name: 'Clean\u0007name',
    });
    expect(edited.statusCode).toBe(400);
    const stored = await admin.call('GET', `/api/admin/projects/${project.id}`);
    expect(stored.json()).toMatchObject({ name: 'Clean name' });
  });

  it('accepts a multi-line description and refuses one over DESCRIPTION_MAX', async () => {
    const response = await admin.call('POST', '/api/admin/projects', {
      name: 'Multi-line',
      description: 'First line\nSecond line\r\n\tIndented',
    });
    expect(response.statusCode).toBe(201);
    expect(AdminProjectSchema.parse(response.json()).description).toBe(
      'First line\nSecond line\r\n\tIndented',
    );
    const long = await admin.call('POST', '/api/admin/projects', {
      name: 'Long description',
      description: 'd'.repeat(DESCRIPTION_MAX + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      message: `Description must be at most ${DESCRIPTION_MAX} characters`,
    });
  });
});
