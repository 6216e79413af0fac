import { SystemLogListSchema, SystemLogStatisticsSchema } from '@sarm/contracts';
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

describe('system logs', () => {
  it('records sign-ins and failed sign-ins with IP and user agent, filtered by type and severity', async () => {
    await server.app.inject({
      method: 'POST',
      url: '/api/sarm/auth/login-user',
      headers: { 'user-agent': 'LogTest/1.0' },
      payload: { email: 'nobody@sarm.test', password: 'wrong-password' },
    });
    const response = await admin.call('GET', '/api/admin/system-logs?type=auth&severity=warning');
    const list = SystemLogListSchema.parse(response.json());
    expect(list.limit).toBe(15);
    expect(list.logs[0]).toMatchObject({
      message: 'Failed sign-in',
      userEmail: 'nobody@sarm.test',
      userAgent: 'LogTest/1.0',
      ipAddress: '127.0.0.1',
    });
    expect(list.logs.every((log) => log.type === 'auth' && log.severity === 'warning')).toBe(true);
  });

  it('searches, pages, limits by date and returns one entry', async () => {
    await admin.call('POST', '/api/admin/projects', { name: 'Searchable project' });
    const found = SystemLogListSchema.parse(
      (await admin.call('GET', '/api/admin/system-logs?search=searchable')).json(),
    );
    expect(found.total).toBe(1);
    const entry = found.logs[0];
    if (entry === undefined) throw new Error('no entry');
    const one = await admin.call('GET', `/api/admin/system-logs/${entry.id}`);
    expect(one.json()).toMatchObject({ message: 'Project created: Searchable project' });
    const future = new Date(server.clock.now().getTime() + 86_400_000).toISOString();
    const none = await admin.call(
      'GET',
      `/api/admin/system-logs?from=${encodeURIComponent(future)}`,
    );
    expect(SystemLogListSchema.parse(none.json()).total).toBe(0);
    const paged = SystemLogListSchema.parse(
      (await admin.call('GET', '/api/admin/system-logs?page=1&limit=1')).json(),
    );
    expect(paged.logs).toHaveLength(1);
    expect(paged.total).toBeGreaterThan(1);
  });

  it('exports CSV with the spec columns and a dated file name, and audits the export', async () => {
    const response = await admin.call('POST', '/api/admin/system-logs/export', {
      format: 'csv',
      filters: { type: 'auth' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(
      /filename="system-logs-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const [header, ...rows] = response.body.trim().split('\r\n');
    expect(header).toBe(
      'timestamp,type,severity,message,userId,userName,userEmail,resourceId,resourceType,ipAddress,userAgent',
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.split(',')[1] === 'auth')).toBe(true);
    expect(await audited(server, /^System logs exported/)).toBe(true);
  });

  it('counts entries by type and severity', async () => {
    const stats = SystemLogStatisticsSchema.parse(
      (await admin.call('GET', '/api/admin/system-logs/statistics')).json(),
    );
    expect(stats.total).toBeGreaterThan(0);
    expect(stats.byType.auth).toBeGreaterThan(0);
    expect(Object.keys(stats.bySeverity)).toEqual(['info', 'warning', 'error', 'critical']);
  });

  it('records server faults (5xx) as api errors', async () => {
    // A failing repository stands in for any unexpected fault.
    const original = server.context.repositories.auditLogs.findById;
    server.context.repositories.auditLogs.findById = () => Promise.reject(new Error('db down'));
    const response = await admin.call('GET', '/api/admin/system-logs/some-id');
    server.context.repositories.auditLogs.findById = original;
    expect(response.statusCode).toBe(500);
    expect(await audited(server, 'GET /api/admin/system-logs/some-id failed: db down')).toBe(true);
  });

  it('refuses logs without view_logs', async () => {
    const plain = await caller(server);
    expect((await plain.call('GET', '/api/admin/system-logs')).statusCode).toBe(403);
  });
});
