import { SystemSettingsSchema } from '@sarm/contracts';
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

const readSettings = async (headers: Record<string, string>) =>
  SystemSettingsSchema.parse(
    (await server.app.inject({ method: 'GET', url: '/api/admin/settings', headers })).json(),
  );

describe('first-run setup state in the system settings', () => {
  it('starts unfinished, keeps the finish time across sessions and survives other sections being saved', async () => {
    const admin = await signedInUser(server, { roles: ['system_admin'] });
    expect((await readSettings(admin.headers)).setup).toEqual({ completedAt: null });

    const finishedAt = '2026-12-02T08:30:00.000Z';
    const saved = await server.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin.headers,
      payload: { setup: { completedAt: finishedAt } },
    });
    expect(saved.statusCode).toBe(200);
    expect(SystemSettingsSchema.parse(saved.json()).setup.completedAt).toBe(finishedAt);

    const general = await server.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin.headers,
      payload: { general: { laboratoryName: 'Andrology Lab' } },
    });
    expect(general.statusCode).toBe(200);

    // Another administrator in another browser sees the same state.
    const other = await signedInUser(server, { roles: ['system_admin'] });
    const seen = await readSettings(other.headers);
    expect(seen.setup.completedAt).toBe(finishedAt);
    expect(seen.general.laboratoryName).toBe('Andrology Lab');
  });

  it('refuses a finish time that is not an ISO date-time and keeps the stored one', async () => {
    const admin = await signedInUser(server, { roles: ['system_admin'] });
    const before = (await readSettings(admin.headers)).setup.completedAt;
    const refused = await server.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin.headers,
      payload: { setup: { completedAt: 'yesterday' } },
    });
    expect(refused.statusCode).toBe(400);
    expect((await readSettings(admin.headers)).setup.completedAt).toBe(before);
  });

  it('lets only settings managers mark setup finished', async () => {
    const clinician = await signedInUser(server);
    const refused = await server.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: clinician.headers,
      payload: { setup: { completedAt: '2026-12-02T09:00:00.000Z' } },
    });
    expect(refused.statusCode).toBe(403);
  });
});
