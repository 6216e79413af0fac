import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { caller } from '../test/admin-helpers.js';
import { grantCustomRole } from '../test/factories.js';
import { createTestServer, type TestServer } from '../test/test-server.js';
import { MESSAGES } from './errors.js';

/** Things a reply must never carry: paths, SQL, stack frames, driver wording. */
const LEAKS = [
  /\/srv\//,
  /\/work\//,
  /select /i,
  /from "/,
  /relation "/,
  /\bat .*:\d+:\d+/,
  /\.ts\b/,
];

let server: TestServer;
let app: FastifyInstance;
const logged: string[] = [];

beforeAll(async () => {
  server = await createTestServer({ workers: false });
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(chunk.toString('utf8'));
      done();
    },
  });
  app = await buildApp(server.context, {
    logger: pino({ level: 'error' }, logStream),
    webDistDir: null,
  });
  // Routes outside /api that fail the way a bug or a library does.
  app.get('/test/throws-path', () => {
    throw new Error(
      "ENOENT: no such file or directory, open '/srv/sarm/data/files/videos/1/original.mp4'",
    );
  });
  app.get('/test/client-error-with-path', () => {
    throw Object.assign(new Error("ENOENT: no such file or directory, stat '/srv/sarm/web/x.js'"), {
      statusCode: 404,
      code: 'ENOENT',
    });
  });
  app.get('/test/client-error-plain', () => {
    throw Object.assign(new Error('Unsupported Media Type: text/csv'), { statusCode: 415 });
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await server.close();
});

function expectNoLeak(body: string): void {
  for (const pattern of LEAKS) expect(body).not.toMatch(pattern);
}

describe('error replies', () => {
  it('answers a database error with a generic 500 and logs the SQL instead', async () => {
    const user = await caller(server);
    await grantCustomRole(server, user.user.id, ['sarm.*']);
    // Breaks the table the project list reads: the driver's error names the table and the query.
    await server.database.db.execute(sql.raw('ALTER TABLE projects RENAME TO projects_gone'));
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/api/sarm/project',
        headers: user.headers,
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ statusCode: 500, message: MESSAGES.internal });
      expectNoLeak(response.body);
      expect(logged.join('\n')).toMatch(/projects/);
    } finally {
      await server.database.db.execute(sql.raw('ALTER TABLE projects_gone RENAME TO projects'));
    }
  });

  it('answers a thrown error naming a file with a generic 500, without stack or path', async () => {
    const response = await app.inject({ method: 'GET', url: '/test/throws-path' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ statusCode: 500, message: MESSAGES.internal });
    expectNoLeak(response.body);
    expect(logged.join('\n')).toContain('/srv/sarm/data/files/videos/1/original.mp4');
  });

  it("replaces a library's client error that names a file, and keeps a plain one", async () => {
    const withPath = await app.inject({ method: 'GET', url: '/test/client-error-with-path' });
    expect(withPath.statusCode).toBe(404);
    expect(withPath.json()).toEqual({ statusCode: 404, message: 'Not found' });
    expectNoLeak(withPath.body);
    const plain = await app.inject({ method: 'GET', url: '/test/client-error-plain' });
    expect(plain.json()).toEqual({ statusCode: 415, message: 'Unsupported Media Type: text/csv' });
  });

  it('answers malformed JSON with a 400 that names no internals', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/sarm/auth/login-user',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expectNoLeak(response.body);
  });
});
