import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createUser } from '../test/factories.js';
import { createTestServer, type TestServer } from '../test/test-server.js';
import { CORS_REFUSED_MESSAGE, parseCorsOrigins } from './cors.js';

const LAB = 'https://lab.example.org';
const EVIL = 'https://evil.example.com';

let server: TestServer;
let app: FastifyInstance;

beforeAll(async () => {
  server = await createTestServer({ workers: false });
  app = await buildApp(server.context, {
    logger: false,
    webDistDir: null,
    corsOrigins: [LAB],
    publicUrl: 'https://sarm.clinic.example',
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await server.close();
});

const health = (origin?: string) =>
  app.inject({
    method: 'GET',
    url: '/api/health',
    headers: origin === undefined ? {} : { origin },
  });

describe('CORS policy', () => {
  it('serves requests without an Origin and from the same origin, with no CORS headers', async () => {
    for (const origin of [undefined, 'http://localhost:80', 'https://sarm.clinic.example']) {
      const response = await health(origin);
      expect(response.statusCode, origin).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('takes the page of the host the request was sent to as same-origin, whatever the scheme', async () => {
    const behindProxy = (origin: string, host: string) =>
      app.inject({ method: 'GET', url: '/api/health', headers: { origin, host } });
    expect((await behindProxy('https://sarm.example.org', 'sarm.example.org')).statusCode).toBe(
      200,
    );
    expect((await behindProxy('http://10.0.0.5:3000', '10.0.0.5:3000')).statusCode).toBe(200);
    expect((await behindProxy('http://localhost:5173', 'localhost:3000')).statusCode).toBe(403);
    expect(
      (await behindProxy('https://sarm.example.org.evil.com', 'sarm.example.org')).statusCode,
    ).toBe(403);
    expect((await behindProxy('http://sarm.example.org:8080', 'sarm.example.org')).statusCode).toBe(
      403,
    );
  });

  it('refuses a foreign origin with 403 before the route runs, and creates no session', async () => {
    const { user, password } = await createUser(server);
    const login = await app.inject({
      method: 'POST',
      url: '/api/sarm/auth/login-user',
      headers: { origin: EVIL },
      payload: { email: user.email, password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ statusCode: 403, message: CORS_REFUSED_MESSAGE });
    expect(login.headers['access-control-allow-origin']).toBeUndefined();
    expect(login.body).not.toContain('token');
    for (const origin of [EVIL, 'null', 'https://lab.example.org.evil.com', 'not a url']) {
      const response = await health(origin);
      expect(response.statusCode, origin).toBe(403);
    }
  });

  it('refuses a foreign preflight', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/api/sarm/auth/login-user',
      headers: { origin: EVIL, 'access-control-request-method': 'POST' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers a configured origin with its CORS headers, preflight included', async () => {
    const response = await health(LAB);
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(LAB);
    expect(response.headers.vary).toContain('Origin');
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/sarm/auth/login-user',
      headers: {
        origin: LAB,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(LAB);
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    expect(preflight.headers['access-control-allow-headers']).toContain('Authorization');
  });

  it('refuses every foreign origin when none is configured', async () => {
    const closed = await buildApp(server.context, { logger: false, webDistDir: null });
    try {
      const response = await closed.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: LAB },
      });
      expect(response.statusCode).toBe(403);
    } finally {
      await closed.close();
    }
  });
});

describe('parseCorsOrigins', () => {
  it('normalises origins and names a malformed value', () => {
    expect(parseCorsOrigins(' https://A.example.org:443 , http://localhost:5173')).toEqual([
      'https://a.example.org',
      'http://localhost:5173',
    ]);
    expect(parseCorsOrigins('')).toEqual([]);
    expect(parseCorsOrigins('https://a.example.org/app')).toMatch(/must be an origin/);
    expect(parseCorsOrigins('lab.example.org')).toMatch(/CORS_ORIGINS/);
    expect(parseCorsOrigins('ftp://a.example.org')).toMatch(/must be an origin/);
  });
});
