/**
 * Forged tokens, path traversal and oversized bodies: what an attacker sends first. (Sessions ended
 * by sign-out, password changes and deactivation are covered in the auth and admin route tests.)
 */
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../test/factories.js';
import { createTestServer, TEST_JWT_SECRET, type TestServer } from '../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ workers: false });
});
afterAll(async () => {
  await server.close();
});

const getMe = (token: string) =>
  server.app.inject({
    method: 'GET',
    url: '/api/sarm/auth/get-me',
    headers: { authorization: `Bearer ${token}` },
  });

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('forged access tokens', () => {
  it('refuses alg "none", another key, a changed payload and an expired token', async () => {
    const victim = await signedInUser(server, { roles: ['system_admin'] });
    const attacker = await signedInUser(server);
    const claims = jwt.decode(victim.session.access_token) as Record<string, unknown>;
    expect((await getMe(victim.session.access_token)).statusCode).toBe(200);

    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
    const otherKey = jwt.sign(claims, 'a-guessed-secret-of-sufficient-length', {
      algorithm: 'HS256',
    });
    const [, , attackerSignature] = attacker.session.access_token.split('.');
    const swappedPayload = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.${attackerSignature}`;
    for (const token of [unsigned, otherKey, swappedPayload, 'not-a-token', `${unsigned}x`]) {
      const response = await getMe(token);
      expect({ token, status: response.statusCode }).toEqual({ token, status: 401 });
      expect(response.json()).toEqual({ statusCode: 401, message: 'Not authenticated' });
    }

    // Signed with the real key but for a session that does not exist.
    const noSession = jwt.sign(
      { ...claims, sid: '00000000-0000-0000-0000-000000000000' },
      TEST_JWT_SECRET,
      {
        algorithm: 'HS256',
      },
    );
    expect((await getMe(noSession)).statusCode).toBe(401);

    server.clock.advance(24 * 60 * 60 * 1000);
    const expired = await getMe(victim.session.access_token);
    expect(expired.json()).toEqual({ statusCode: 401, message: 'Session expired' });
  });
});

describe('path traversal', () => {
  it('never serves a file outside storage through any path parameter', async () => {
    const { headers } = await signedInUser(server, { roles: ['system_admin'] });
    const attempts = [
      '..%2F..%2F..%2Fetc%2Fpasswd',
      '..%2Fjwt-secret',
      '%2e%2e%2f%2e%2e%2fjwt-secret',
      '....%2F%2F....%2F%2Fetc%2Fpasswd',
      '%2Fetc%2Fpasswd',
    ];
    const routes = server.app.declaredRoutes.filter(
      (route) => route.method === 'GET' && /:[A-Za-z_]+/.test(route.url),
    );
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes)
      for (const attempt of attempts) {
        const url = route.url.replace(/:[A-Za-z_]+/g, attempt);
        const response = await server.app.inject({ method: 'GET', url, headers });
        expect({ url, status: response.statusCode < 300 }).toEqual({ url, status: false });
        expect(response.body).not.toContain('root:');
        expect(response.body).not.toContain(TEST_JWT_SECRET);
      }
  });
});

describe('request bodies', () => {
  it('refuses a JSON body over the limit with 413 before anything reads it', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/sarm/auth/login-user',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ statusCode: 413 });
    expect(response.body).not.toMatch(/at .*\.(js|ts):\d+/);
  });

  it('refuses a body of another type than the route reads', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/sarm/auth/login-user',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(response.statusCode).toBe(415);
  });
});
