import { CurrentUserSchema, LoginResponseSchema } from '@sarm/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, notifications } from '../db/schema/index.js';
import { createUser, grantCustomRole, login, signedInUser } from '../test/factories.js';
import { createTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ workers: false });
});
afterAll(async () => {
  await server.close();
});

const postLogin = (payload: Record<string, string>, remoteAddress = '127.0.0.1') =>
  server.app.inject({
    method: 'POST',
    url: '/api/sarm/auth/login-user',
    payload,
    remoteAddress,
  });

describe('POST /api/sarm/auth/login-user', () => {
  it('signs in with the right password, case-insensitively on the e-mail, and answers a bearer token', async () => {
    const { user, password } = await createUser(server, {
      email: 'Right@Sarm.Test',
      roles: ['clinician'],
    });
    const response = await postLogin({ email: 'RIGHT@sarm.test', password });
    expect(response.statusCode).toBe(200);
    const body = LoginResponseSchema.parse(response.json());
    expect(body.token_type).toBe('bearer');
    expect(body.expires_in).toBe(30 * 60);
    expect(body.user.id).toBe(user.id);
    expect(body.roles).toEqual(['clinician']);
    expect(body.permissions).toContain('sarm.generate_report');
    const [payload] = body.access_token.split('.').slice(1, 2);
    const claims: unknown = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    expect(claims).toMatchObject({ sub: user.id });
  });

  it('refuses a wrong password with 401 and records a failed sign-in in the audit trail', async () => {
    const { user } = await createUser(server, { email: 'wrong@sarm.test' });
    const response = await postLogin({ email: user.email, password: 'not-the-password' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ statusCode: 401, message: 'Invalid email or password' });
    const entries = await server.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.userEmail, user.email));
    expect(entries.map((e) => [e.type, e.severity, e.message])).toContainEqual([
      'auth',
      'warning',
      'Failed sign-in',
    ]);
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const response = await postLogin({ email: 'nobody@sarm.test', password: 'whatever-it-is' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ statusCode: 401, message: 'Invalid email or password' });
  });

  it('refuses an inactive account with 403 ACCOUNT_INACTIVE', async () => {
    const { user, password } = await createUser(server, { isActive: false });
    const response = await postLogin({ email: user.email, password });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      statusCode: 403,
      message: 'Account is inactive',
      detail: { code: 'ACCOUNT_INACTIVE' },
    });
  });

  it('rejects a request without password with 400 and the zod issues', async () => {
    const response = await postLogin({ email: 'a@sarm.test' });
    expect(response.statusCode).toBe(400);
    const body: unknown = response.json();
    expect(body).toMatchObject({ statusCode: 400, message: 'Password is required' });
    expect(body).toHaveProperty('detail.issues.0.path', '/password');
  });

  it('throttles an account after 5 failures in 15 minutes, even with the right password, then lets it in again', async () => {
    const { user, password } = await createUser(server);
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await postLogin({ email: user.email, password: 'bad-password' }, '10.0.0.1')).statusCode,
      ).toBe(401);
    }
    const blocked = await postLogin({ email: user.email, password }, '10.0.0.2');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      statusCode: 429,
      message: 'Too many failed sign-in attempts. Please try again later.',
    });
    server.clock.advance(16 * 60 * 1000);
    expect((await postLogin({ email: user.email, password }, '10.0.0.2')).statusCode).toBe(200);
  });

  it('throttles an IP address after 20 failures across accounts', async () => {
    for (let i = 0; i < 20; i += 1) {
      expect(
        (await postLogin({ email: `spray-${i}@sarm.test`, password: 'guess-guess' }, '10.9.9.9'))
          .statusCode,
      ).toBe(401);
    }
    const { user, password } = await createUser(server);
    expect((await postLogin({ email: user.email, password }, '10.9.9.9')).statusCode).toBe(429);
    expect((await postLogin({ email: user.email, password }, '10.9.9.10')).statusCode).toBe(200);
  });
});

describe('registration', () => {
  const register = (url: string, payload: object) =>
    server.app.inject({ method: 'POST', url, payload });

  it('registers through the form path with name and confirmation, without any role', async () => {
    const response = await register('/api/sarm/auth/register-user', {
      name: 'Form User',
      email: 'Form@Sarm.Test',
      password: 'long-enough-1',
      confirmPassword: 'long-enough-1',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'Registration successful! Please log in.',
      user: { email: 'form@sarm.test', displayName: 'Form User' },
    });
    const session = await login(server, 'form@sarm.test', 'long-enough-1');
    expect(session.roles).toEqual([]);
    expect(session.user.access).toEqual({ business: false, technical: false, admin: false });
  });

  it('registers through /auth/register with displayName', async () => {
    const response = await register('/api/auth/register', {
      email: 'json@sarm.test',
      password: 'long-enough-2',
      displayName: 'Json User',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ user: { displayName: 'Json User' } });
  });

  it('notifies user managers that a new account waits for a role', async () => {
    const { user: admin } = await createUser(server, { roles: ['system_admin'] });
    await register('/api/auth/register', {
      email: 'waiting@sarm.test',
      password: 'long-enough-3',
      displayName: 'Waiting',
    });
    const rows = await server.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, admin.id));
    expect(rows.map((n) => n.title)).toContain('New user registered');
  });

  it.each([
    [{ email: 'x@sarm.test', password: 'long-enough' }, 'Name is required'],
    [
      { name: 'X', email: 'not-an-address', password: 'long-enough' },
      'Please enter a valid email address',
    ],
    [
      { name: 'X', email: 'x@sarm.test', password: 'short' },
      'Password must be at least 6 characters',
    ],
    [
      { name: 'X', email: 'x@sarm.test', password: 'seven77' },
      'Password must be at least 8 characters',
    ],
    [
      { name: 'X', email: 'x@sarm.test', password: 'long-enough', confirmPassword: 'other-one' },
      'Passwords do not match',
    ],
  ])('refuses %j with 400 "%s"', async (payload, message) => {
    const response = await register('/api/auth/register', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, message });
  });

  it('refuses a registered e-mail with 409, whatever its case', async () => {
    await createUser(server, { email: 'taken@sarm.test' });
    const response = await register('/api/auth/register', {
      email: 'TAKEN@sarm.test',
      password: 'long-enough',
      displayName: 'Again',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ statusCode: 409, message: 'Email is already registered' });
  });

  it('refuses registration with 403 when the system setting disables it, and tells the public settings', async () => {
    await server.context.services.settings.update({ security: { allowRegistration: false } }, null);
    try {
      const publicSettings = await server.app.inject({
        method: 'GET',
        url: '/api/settings/public',
      });
      expect(publicSettings.json()).toEqual({
        allowRegistration: false,
        passwordMinLength: 8,
        siteName: 'SARM',
      });
      const response = await register('/api/sarm/auth/register-user', {
        name: 'Late',
        email: 'late@sarm.test',
        password: 'long-enough',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ statusCode: 403, message: 'Registration is disabled' });
    } finally {
      await server.context.services.settings.update(
        { security: { allowRegistration: true } },
        null,
      );
    }
  });
});

describe('GET /api/sarm/auth/get-me', () => {
  it('answers the user with the union of role permissions, access derived from wildcards, and projects', async () => {
    const { user, headers } = await signedInUser(server, { roles: ['annotator'] });
    await grantCustomRole(server, user.id, ['sarm.*']);
    const project = await server.context.repositories.projects.insertProject({
      name: 'Cohort A',
      createdBy: user.id,
    });
    await server.context.repositories.projects.addMember({
      projectId: project.id,
      userId: user.id,
      accessLevel: 'editor',
    });

    const response = await server.app.inject({
      method: 'GET',
      url: '/api/sarm/auth/get-me',
      headers,
    });
    expect(response.statusCode).toBe(200);
    const me = CurrentUserSchema.parse(response.json());
    expect(me.permissions.map((p) => p.code)).toEqual(
      expect.arrayContaining([
        'sarm.*',
        'finetune.annotate_detection',
        'finetune.annotate_morphology',
      ]),
    );
    expect(me.access).toEqual({ business: true, technical: true, admin: false });
    expect(me.projects).toEqual([{ id: project.id, name: 'Cohort A', accessLevel: 'editor' }]);
  });

  it('answers 401 "Session expired" once the session timeout has passed', async () => {
    const { headers } = await signedInUser(server);
    server.clock.advance(31 * 60 * 1000);
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/sarm/auth/get-me',
      headers,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ statusCode: 401, message: 'Session expired' });
  });

  it('answers 403 ACCOUNT_INACTIVE for a token of a user deactivated since', async () => {
    const { user, headers } = await signedInUser(server);
    await server.context.repositories.users.setActive(user.id, false, server.clock.now());
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/sarm/auth/get-me',
      headers,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ detail: { code: 'ACCOUNT_INACTIVE' } });
  });

  it('answers 401 "Not authenticated" for a forged token', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/sarm/auth/get-me',
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl' },
    });
    expect(response.json()).toEqual({ statusCode: 401, message: 'Not authenticated' });
  });
});

describe('sign-out and session refresh', () => {
  it('records sign-out in the audit trail', async () => {
    const { user, headers } = await signedInUser(server);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/sarm/auth/logout',
      headers,
    });
    expect(response.statusCode).toBe(200);
    const entries = await server.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.userId, user.id));
    expect(entries.map((e) => e.message)).toEqual(
      expect.arrayContaining(['User signed in', 'User signed out']),
    );
  });

  it('issues a fresh token that outlives the first one', async () => {
    const { headers } = await signedInUser(server);
    server.clock.advance(20 * 60 * 1000);
    const refreshed = await server.app.inject({
      method: 'POST',
      url: '/api/sarm/auth/refresh-token',
      headers,
    });
    expect(refreshed.statusCode).toBe(200);
    const token: unknown = refreshed.json<{ access_token: unknown }>().access_token;
    server.clock.advance(20 * 60 * 1000);
    const oldToken = await server.app.inject({
      method: 'GET',
      url: '/api/sarm/auth/get-me',
      headers,
    });
    expect(oldToken.statusCode).toBe(401);
    const newToken = await server.app.inject({
      method: 'GET',
      url: '/api/sarm/auth/get-me',
      headers: { authorization: `Bearer ${String(token)}` },
    });
    expect(newToken.statusCode).toBe(200);
  });
});
