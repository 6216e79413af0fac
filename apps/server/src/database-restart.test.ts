/**
 * A PostgreSQL restart under load, without restarting the machine's shared server. Skipped unless
 * SARM_PG_TEST_URL is set, e.g.
 *   SARM_PG_TEST_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run apps/server/src/database-restart.test.ts
 * The server reaches its throw-away database through a TCP proxy in this test. "Restarting" it
 * terminates the database's backends (the server sends them the real 57P01 admin_shutdown), cuts
 * every proxied socket and refuses connections (first ECONNREFUSED, then accepted and dropped, as
 * a starting server does) for three seconds, then lets connections through again.
 */
import { LoginResponseSchema, PatientSchema, TaskSchema } from '@sarm/contracts';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { DATABASE_RETRY_AFTER_SECONDS, MESSAGES } from './http/errors.js';
import { startServer, type RunningServer } from './server.js';

const adminUrl = process.env.SARM_PG_TEST_URL;

async function runOnAdminDatabase<T extends pg.QueryResultRow>(
  statement: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query<T>(statement, values)).rows;
  } finally {
    await client.end();
  }
}

/** A TCP proxy to PostgreSQL that can go away and come back on the same port. */
async function startCuttableProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let mode: 'forward' | 'drop' = 'forward';
  let server: net.Server | null = null;

  const handle = (client: net.Socket) => {
    if (mode === 'drop') {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    const closeBoth = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', closeBoth);
      socket.on('close', closeBoth);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  };
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const next = net.createServer(handle);
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        server = next;
        resolve((next.address() as AddressInfo).port);
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      const current = server;
      server = null;
      if (current === null) resolve();
      else current.close(() => resolve());
    });
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };

  const port = await listen(0);
  return {
    port,
    /** New connections are refused outright (the server is down). */
    async refuse() {
      const closed = stopListening();
      dropAll();
      await closed;
    },
    /** New connections are accepted and dropped (the server is starting up). */
    async acceptAndDrop() {
      mode = 'drop';
      await listen(port);
    },
    dropAll,
    forward() {
      mode = 'forward';
    },
    async close() {
      const closed = stopListening();
      dropAll();
      await closed;
    },
  };
}

/** The `message` of an API error body. */
function messageOf(body: string): unknown {
  const parsed: unknown = JSON.parse(body);
  return typeof parsed === 'object' && parsed !== null && 'message' in parsed
    ? parsed.message
    : undefined;
}

/** One answer seen by the load loop. */
interface Outcome {
  readonly kind: 'create' | 'get-me' | 'list';
  readonly status: number;
  readonly retryAfter: string | null;
  readonly body: string;
  readonly at: number;
}

describe.skipIf(adminUrl === undefined)('PostgreSQL restart under load', () => {
  const databaseName = `sarm_restart_${randomBytes(4).toString('hex')}`;
  let dataDir: string;
  let proxy: Awaited<ReturnType<typeof startCuttableProxy>>;
  let server: RunningServer | null = null;

  beforeAll(async () => {
    await runOnAdminDatabase(`CREATE DATABASE ${databaseName}`);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sarm-restart-'));
    const target = new URL(adminUrl ?? '');
    proxy = await startCuttableProxy({ host: target.hostname, port: Number(target.port || 5432) });
  });
  afterAll(async () => {
    await server?.stop();
    await proxy.close();
    await runOnAdminDatabase(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After while the database is away, recovers by itself and loses no write', async () => {
    const viaProxy = new URL(adminUrl ?? '');
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    viaProxy.pathname = `/${databaseName}`;
    const config = {
      ...(await loadConfig({
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ADMIN_PASSWORD: 'restart-admin',
      })),
      databaseUrl: viaProxy.toString(),
      port: 0,
      host: '127.0.0.1',
    };
    const running = await startServer(config, 'all', () => undefined);
    server = running;
    const address = running.app?.server.address();
    if (address === null || address === undefined || typeof address === 'string')
      throw new Error('Not listening on TCP');
    const url = `http://127.0.0.1:${address.port}`;

    const signIn = await fetch(`${url}/api/sarm/auth/login-user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@sarm.local', password: 'restart-admin' }),
    });
    const session = LoginResponseSchema.parse(await signIn.json());
    const headers = {
      authorization: `Bearer ${session.access_token}`,
      'content-type': 'application/json',
    };

    const outcomes: Outcome[] = [];
    const createdIds: string[] = [];
    const failures: string[] = [];
    let loadRunning = true;
    let sequence = 0;

    const call = async (kind: Outcome['kind'], init: RequestInit, route: string) => {
      try {
        const response = await fetch(`${url}${route}`, { ...init, headers });
        const body = await response.text();
        outcomes.push({
          kind,
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          body,
          at: Date.now(),
        });
        return { status: response.status, body };
      } catch (error) {
        failures.push(`${kind}: ${String(error)}`);
        return { status: 0, body: '' };
      }
    };
    const client = async () => {
      while (loadRunning) {
        sequence += 1;
        const created = await call(
          'create',
          { method: 'POST', body: JSON.stringify({ name: `Restart patient ${sequence}` }) },
          '/api/business/patients',
        );
        if (created.status === 201)
          createdIds.push(PatientSchema.parse(JSON.parse(created.body)).id);
        await call('get-me', { method: 'GET' }, '/api/sarm/auth/get-me');
        await call('list', { method: 'GET' }, '/api/business/patients');
      }
    };
    const clients = Array.from({ length: 4 }, () => client());

    await sleep(1_000);
    // A burst leaves the pool more connections than the steady load uses: some are idle at the
    // cut, the case where node-postgres emits 'error' on the pool itself.
    await Promise.all(
      Array.from({ length: 10 }, () => call('list', { method: 'GET' }, '/api/business/patients')),
    );
    const cutAt = Date.now();
    // Down: backends terminated with 57P01, sockets cut, connections refused.
    await proxy.refuse();
    await runOnAdminDatabase(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [databaseName],
    );
    await sleep(1_500);
    // Starting up: connections accepted, then dropped.
    await proxy.acceptAndDrop();
    await sleep(1_500);
    proxy.forward();
    const restoredAt = Date.now();

    // Recovered: a full round of writes and reads answers 2xx, without restarting anything.
    let recoveredAt: number | null = null;
    while (recoveredAt === null && Date.now() - restoredAt < 10_000) {
      await sleep(200);
      const recent = outcomes.filter((outcome) => outcome.at > Date.now() - 300);
      const kinds = new Set(recent.map((outcome) => outcome.kind));
      if (kinds.size === 3 && recent.every((outcome) => outcome.status < 300))
        recoveredAt = Date.now();
    }
    await sleep(1_000);
    loadRunning = false;
    await Promise.all(clients);

    expect(failures).toEqual([]);
    const unexpected = outcomes.filter(
      (outcome) =>
        outcome.status >= 300 &&
        !(
          outcome.status === 503 &&
          outcome.retryAfter === String(DATABASE_RETRY_AFTER_SECONDS) &&
          messageOf(outcome.body) === MESSAGES.databaseUnavailable
        ),
    );
    expect(unexpected).toEqual([]);
    const unavailable = outcomes.filter((outcome) => outcome.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    expect(unavailable.every((o) => o.at >= cutAt)).toBe(true);
    expect(recoveredAt).not.toBeNull();
    expect((recoveredAt ?? Infinity) - restoredAt).toBeLessThan(5_000);
    expect(outcomes.filter((o) => o.at > (recoveredAt ?? 0)).every((o) => o.status < 300)).toBe(
      true,
    );

    // Every write that answered 201 is in the database.
    const direct = new URL(adminUrl ?? '');
    direct.pathname = `/${databaseName}`;
    const check = new pg.Client({ connectionString: direct.toString() });
    await check.connect();
    const stored = await check
      .query<{ id: string }>('SELECT id FROM patients WHERE id = ANY($1)', [createdIds])
      .finally(() => check.end());
    expect(new Set(stored.rows.map((row) => row.id))).toEqual(new Set(createdIds));
    expect(createdIds.length).toBeGreaterThan(0);

    // The queue's workers resumed: a job queued now runs to completion.
    const queued = TaskSchema.parse(
      await (
        await fetch(`${url}/api/tasks/system/cleanup`, {
          method: 'POST',
          headers: { authorization: headers.authorization },
        })
      ).json(),
    );
    await expect
      .poll(
        async () =>
          TaskSchema.parse(
            await (
              await fetch(`${url}/api/tasks/${queued.id}`, {
                headers: { authorization: headers.authorization },
              })
            ).json(),
          ).status,
        { timeout: 15_000, interval: 250 },
      )
      .toBe('completed');

    // The outage was a warning or two in the log, not a stack per request.
    await running.stop();
    server = null;
    const logLines = (await readFile(path.join(dataDir, 'logs', 'sarm.log'), 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string });
    const outageWarnings = logLines.filter((line) => /database is unavailable/.test(line.msg));
    expect(outageWarnings.length).toBeGreaterThanOrEqual(1);
    expect(outageWarnings.length).toBeLessThanOrEqual(3);
    expect(logLines.filter((line) => line.msg === 'request failed')).toEqual([]);
  }, 40_000);
});
