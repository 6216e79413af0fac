import {
  CurrentUserSchema,
  NotificationListSchema,
  UserProjectListResponseSchema,
} from '@sarm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../test/factories.js';
import { createTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ workers: false });
});
afterAll(async () => {
  await server.close();
});

describe('profile and personal settings', () => {
  it('saves the Complete Your Profile wizard and shows it in get-me', async () => {
    const { headers } = await signedInUser(server, { displayName: 'Before' });
    const response = await server.app.inject({
      method: 'PUT',
      url: '/api/sarm/auth/profile',
      headers,
      payload: {
        displayName: 'Dr. After',
        jobTitle: 'Andrologist',
        organization: 'Clinic',
        phoneNumber: '',
        profileCompleted: true,
      },
    });
    expect(response.statusCode).toBe(200);
    const me = CurrentUserSchema.parse(
      (await server.app.inject({ method: 'GET', url: '/api/sarm/auth/get-me', headers })).json(),
    );
    expect(me).toMatchObject({
      displayName: 'Dr. After',
      profileCompleted: true,
      profile: {
        jobTitle: 'Andrologist',
        organization: 'Clinic',
        phoneNumber: null,
        department: null,
      },
    });
  });

  it('answers default settings and saves any subset of them', async () => {
    const { headers } = await signedInUser(server);
    const defaults = await server.app.inject({
      method: 'GET',
      url: '/api/sarm/auth/settings',
      headers,
    });
    expect(defaults.json()).toEqual({
      darkMode: false,
      emailNotifications: true,
      language: 'en',
      defaultProject: null,
    });
    const saved = await server.app.inject({
      method: 'PUT',
      url: '/api/sarm/auth/settings',
      headers,
      payload: { darkMode: true, language: 'vi' },
    });
    expect(saved.json()).toEqual({
      darkMode: true,
      emailNotifications: true,
      language: 'vi',
      defaultProject: null,
    });
    const again = await server.app.inject({
      method: 'GET',
      url: '/api/sarm/auth/settings',
      headers,
    });
    expect(again.json()).toMatchObject({ darkMode: true, language: 'vi' });
  });

  it('refuses an unsupported language with 400', async () => {
    const { headers } = await signedInUser(server);
    const response = await server.app.inject({
      method: 'PUT',
      url: '/api/sarm/auth/settings',
      headers,
      payload: { language: 'de' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('notifications', () => {
  it('lists own notifications newest first with the unread count, and marks them read', async () => {
    const { user, headers } = await signedInUser(server);
    const { user: other } = await signedInUser(server);
    const { notifications } = server.context.services;
    await notifications.notify(user.id, { title: 'First', message: 'one' });
    server.clock.advance(1000);
    await notifications.notify(user.id, {
      title: 'Second',
      message: 'two',
      type: 'success',
      link: '/tasks',
    });
    await notifications.notify(other.id, { title: 'Not yours', message: 'three' });

    const list = NotificationListSchema.parse(
      (await server.app.inject({ method: 'GET', url: '/api/notifications', headers })).json(),
    );
    expect(list.notifications.map((n) => n.title)).toEqual(['Second', 'First']);
    expect(list.unread).toBe(2);

    const [newest] = list.notifications;
    const marked = await server.app.inject({
      method: 'PUT',
      url: `/api/notifications/${newest?.id ?? ''}/read`,
      headers,
    });
    expect(marked.statusCode).toBe(200);
    const afterOne = NotificationListSchema.parse(
      (await server.app.inject({ method: 'GET', url: '/api/notifications', headers })).json(),
    );
    expect(afterOne.unread).toBe(1);

    await server.app.inject({ method: 'PUT', url: '/api/notifications/read-all', headers });
    const afterAll = NotificationListSchema.parse(
      (await server.app.inject({ method: 'GET', url: '/api/notifications', headers })).json(),
    );
    expect(afterAll.unread).toBe(0);
  });

  it("answers 404 when marking someone else's notification", async () => {
    const { user: owner } = await signedInUser(server);
    const { headers } = await signedInUser(server);
    await server.context.services.notifications.notify(owner.id, {
      title: 'Private',
      message: 'x',
    });
    const [row] = (await server.context.services.notifications.list(owner.id)).notifications;
    const response = await server.app.inject({
      method: 'PUT',
      url: `/api/notifications/${row?.id ?? ''}/read`,
      headers,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/sarm/project', () => {
  it("lists a member's projects with access level and zero counts", async () => {
    const { user, headers } = await signedInUser(server, { roles: ['clinician'] });
    const { projects } = server.context.repositories;
    const mine = await projects.insertProject({
      name: 'Mine',
      description: 'Cohort',
      createdBy: user.id,
    });
    await projects.insertProject({ name: 'Not mine', createdBy: null });
    await projects.addMember({ projectId: mine.id, userId: user.id, accessLevel: 'viewer' });
    const body = UserProjectListResponseSchema.parse(
      (await server.app.inject({ method: 'GET', url: '/api/sarm/project', headers })).json(),
    );
    expect(body.projects).toEqual([
      expect.objectContaining({
        id: mine.id,
        name: 'Mine',
        description: 'Cohort',
        status: 'active',
        accessLevel: 'viewer',
        stats: { datasets_count: 0, videos_count: 0 },
      }),
    ]);
  });

  it('lists every project for a project manager', async () => {
    const { headers } = await signedInUser(server, { roles: ['system_admin'] });
    const body = UserProjectListResponseSchema.parse(
      (await server.app.inject({ method: 'GET', url: '/api/sarm/project', headers })).json(),
    );
    expect(body.projects.map((p) => p.name)).toEqual(expect.arrayContaining(['Mine', 'Not mine']));
    expect(body.projects.find((p) => p.name === 'Not mine')?.accessLevel).toBe('admin');
  });
});

describe('system settings', () => {
  it('lets a settings manager read and save a section, and refuses values out of range', async () => {
    const { headers } = await signedInUser(server, { roles: ['system_admin'] });
    const saved = await server.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers,
      payload: { general: { siteName: 'Clinic SARM' } },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      general: { siteName: 'Clinic SARM', maxUploadSize: 100 },
      security: { passwordMinLength: 8 },
    });
    const publicSettings = await server.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(publicSettings.json()).toMatchObject({ siteName: 'Clinic SARM' });
    const invalid = await server.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers,
      payload: { security: { passwordMinLength: 2 } },
    });
    expect(invalid.statusCode).toBe(400);
  });
});
