/**
 * Scale-out suite against a real PostgreSQL. Skipped unless SARM_PG_TEST_URL is set, e.g.
 *   SARM_PG_TEST_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run apps/server/src/scale-out.test.ts
 * It creates a throw-away database next to the given one (the role needs CREATEDB) and drops it after.
 */
import { LoginResponseSchema, TaskSchema, UserProjectListResponseSchema } from '@sarm/contracts';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type ServerConfig } from './config.js';
import { startServer, type RunningServer } from './server.js';

const adminUrl = process.env.SARM_PG_TEST_URL;

async function runOnAdminDatabase(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function baseUrl(address: AddressInfo | string | null | undefined): string {
  if (address === null || address === undefined || typeof address === 'string') {
    throw new Error('Not listening on TCP');
  }
  return `http://127.0.0.1:${address.port}`;
}

describe.skipIf(adminUrl === undefined)('scale-out on PostgreSQL', () => {
  const databaseName = `sarm_scaleout_${randomBytes(4).toString('hex')}`;
  const servers: RunningServer[] = [];
  let dataDir: string;
  let config: ServerConfig;

  beforeAll(async () => {
    await runOnAdminDatabase(`CREATE DATABASE ${databaseName}`);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sarm-scale-'));
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${databaseName}`;
    config = {
      ...(await loadConfig({
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        ADMIN_PASSWORD: 'scale-out-admin',
      })),
      databaseUrl: url.toString(),
      port: 0,
      host: '127.0.0.1',
    };
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await runOnAdminDatabase(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts an API process and a worker process at once; the API queues a job the worker runs', async () => {
    const printed: string[] = [];
    const print = (line: string) => printed.push(line);
    // Started together: migrations, seeding and pg-boss installation must take turns.
    const [api, worker] = await Promise.all([
      startServer(config, 'api', print),
      startServer(config, 'worker', print),
    ]);
    servers.push(api, worker);
    expect(printed.filter((line) => line.includes('Administrator created'))).toHaveLength(1);

    const url = baseUrl(api.app?.server.address());
    const signIn = await fetch(`${url}/api/sarm/auth/login-user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@sarm.local', password: 'scale-out-admin' }),
    });
    const session = LoginResponseSchema.parse(await signIn.json());
    const headers = { authorization: `Bearer ${session.access_token}` };

    const queued = TaskSchema.parse(
      await (await fetch(`${url}/api/tasks/system/cleanup`, { method: 'POST', headers })).json(),
    );
    await expect
      .poll(
        async () =>
          TaskSchema.parse(await (await fetch(`${url}/api/tasks/${queued.id}`, { headers })).json())
            .status,
        { timeout: 20_000, interval: 200 },
      )
      .toBe('completed');
    const status: unknown = await (
      await fetch(`${url}/api/tasks/system/status`, { headers })
    ).json();
    expect(status).toMatchObject({ database: 'postgres', role: 'api' });
  });

  it('two API processes: a write on one is read at once on the other, and a sign-out on one ends the session on the other', async () => {
    const [first, second] = await Promise.all([
      startServer(config, 'api', () => undefined),
      startServer(config, 'api', () => undefined),
    ]);
    servers.push(first, second);
    const [urlA, urlB] = [
      baseUrl(first.app?.server.address()),
      baseUrl(second.app?.server.address()),
    ];
    const signIn = await fetch(`${urlA}/api/sarm/auth/login-user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@sarm.local', password: 'scale-out-admin' }),
    });
    const session = LoginResponseSchema.parse(await signIn.json());
    const headers = { authorization: `Bearer ${session.access_token}` };
    const projectNamesOnB = async () => {
      const response = await fetch(`${urlB}/api/sarm/project`, { headers });
      const { projects } = UserProjectListResponseSchema.parse(await response.json());
      return { cache: response.headers.get('x-cache'), names: projects.map((row) => row.name) };
    };
    // B caches the list (cached answers live 10 s unless a write is heard).
    await projectNamesOnB();
    expect((await projectNamesOnB()).cache).toBe('hit');

    const created = await fetch(`${urlA}/api/admin/projects`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Announced' }),
    });
    expect(created.status).toBe(201);
    await expect
      .poll(async () => (await projectNamesOnB()).names, { timeout: 2_000, interval: 50 })
      .toContain('Announced');

    // B knows the session live (cached); signing out on A ends it on B too.
    expect((await fetch(`${urlB}/api/sarm/auth/get-me`, { headers })).status).toBe(200);
    const out = await fetch(`${urlA}/api/sarm/auth/logout`, { method: 'POST', headers });
    expect(out.ok).toBe(true);
    await expect
      .poll(async () => (await fetch(`${urlB}/api/sarm/auth/get-me`, { headers })).status, {
        timeout: 2_000,
        interval: 50,
      })
      .toBe(401);
  });
});
