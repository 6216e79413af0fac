import {
  CurrentUserSchema,
  LoginResponseSchema,
  RefreshSessionResponseSchema,
} from '@sarm/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, notifications, refreshTokens } from '../db/schema/index.js';
import { createUser, grantCustomRole, login, signedInUser } from '../test/factories.js';
import { readOutbox } from '../test/outbox.js';
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

  it('slows one account from one address after 5 failures with 429 and a doubling Retry-After', async () => {
    const { user, password } = await createUser(server);
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await postLogin({ email: user.email, password: 'bad-password' }, '10.0.0.1')).statusCode,
      ).toBe(401);
    }
    const blocked = await postLogin({ email: user.email, password }, '10.0.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('1');
    expect(blocked.json()).toEqual({
      statusCode: 429,
      message: 'Too many failed sign-in attempts. Please try again later.',
    });
    server.clock.advance(1000);
    expect(
      (await postLogin({ email: user.email, password: 'bad-password' }, '10.0.0.1')).statusCode,
    ).toBe(401);
    const longer = await postLogin({ email: user.email, password }, '10.0.0.1');
    expect(longer.statusCode).toBe(429);
    expect(longer.headers['retry-after']).toBe('2');
    server.clock.advance(2000);
    expect((await postLogin({ email: user.email, password }, '10.0.0.1')).statusCode).toBe(200);
    // A successful sign-in starts the count again.
    expect(
      (await postLogin({ email: user.email, password: 'bad-password' }, '10.0.0.1')).statusCode,
    ).toBe(401);
  });

  it('lets the owner in from their address while a stranger keeps failing from another one', async () => {
    const { user, password } = await createUser(server);
    // The stranger waits out every delay, so each of the 40 attempts is a counted failure.
    for (let i = 0; i < 40; i += 1) {
      const attempt = await postLogin({ email: user.email, password: 'guess-guess' }, '10.6.6.6');
      if (attempt.statusCode === 429) {
        server.clock.advance(Number(attempt.headers['retry-after']) * 1000);
        expect(
          (await postLogin({ email: user.email, password: 'guess-guess' }, '10.6.6.6')).statusCode,
        ).toBe(401);
      } else expect(attempt.statusCode).toBe(401);
    }
    const strangerWait = await postLogin({ email: user.email, password }, '10.6.6.6');
    expect(strangerWait.statusCode).toBe(429);
    expect(Number(strangerWait.headers['retry-after'])).toBeGreaterThan(60);

    const owner = await postLogin({ email: user.email, password }, '10.7.7.7');
    if (owner.statusCode === 429) {
      // The account-wide delay only slows: never more than half a minute.
      expect(Number(owner.headers['retry-after'])).toBeLessThanOrEqual(30);
      server.clock.advance(Number(owner.headers['retry-after']) * 1000);
      expect((await postLogin({ email: user.email, password }, '10.7.7.7')).statusCode).toBe(200);
    } else expect(owner.statusCode).toBe(200);
  });

  it('counts 30 parallel wrong passwords atomically: only the 5 free attempts are checked', async () => {
    const { user } = await createUser(server);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        postLogin({ email: user.email, password: 'parallel-guess' }, '10.8.8.8'),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25);
    for (const answer of answers)
      if (answer.statusCode === 429) expect(answer.headers['retry-after']).toBe('1');
  });

  it('refuses control characters in the e-mail or password with 400, not 500', async () => {
    const nulInEmail = await postLogin({ email: 'owner\u0000@sarm.test', password: 'whatever-1' });
    expect(nulInEmail.statusCode).toBe(400);
    expect(nulInEmail.json()).toMatchObject({
      message: 'Email must not contain control characters',
    });
    const nulInPassword = await postLogin({ email: 'owner@sarm.test', password: 'what\u0000ever' });
    expect(nulInPassword.statusCode).toBe(400);
    expect(nulInPassword.json()).toMatchObject({
      message: 'Password must not contain control characters',
    });
    const tooLong = await postLogin({ email: 'owner@sarm.test', password: 'x'.repeat(257) });
    expect(tooLong.json()).toMatchObject({
      statusCode: 400,
      message: 'Password must be at most 256 characters',
    });
  });

  it('throttles an IP address after 20 failures across accounts', async () => {
    for (let i = 0; i < 20; i += 1) {
      expect(
        (await postLogin({ email: `spray-${i}@sarm.test`, password: 'guess-guess' }, '10.9.9.9'))
          .statusCode,
      ).toBe(401);
    }
    const { user, password } = await createUser(server);
    const blocked = await postLogin({ email: user.email, password }, '10.9.9.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('1');
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
    expect(response.json()).toEqual({
      success: true,
      message: 'Registration successful! Please log in.',
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
    const session = await login(server, 'json@sarm.test', 'long-enough-2');
    expect(session.user.displayName).toBe('Json User');
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

  it('answers a registered e-mail exactly like a new one and mails its owner instead', async () => {
    const { user, password } = await createUser(server, { email: 'taken@sarm.test' });
    const fresh = await register('/api/auth/register', {
      email: 'not-taken@sarm.test',
      password: 'long-enough',
      displayName: 'New',
    });
    const again = await register('/api/auth/register', {
      email: 'TAKEN@sarm.test',
      password: 'other-password',
      displayName: 'Again',
    });
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.json()).toEqual(fresh.json());
    const mails = (await readOutbox(server.outboxDir)).filter((m) => m.to === 'taken@sarm.test');
    expect(mails.map((m) => m.subject)).toEqual([
      'SARM: someone tried to register with your address',
    ]);
    expect(mails[0]?.text).toContain('http://sarm.test/forgot-password');
    // The account is untouched: the old password works, the one typed at registration does not.
    expect((await login(server, 'taken@sarm.test', password)).user.id).toBe(user.id);
    expect(
      (await postLogin({ email: 'taken@sarm.test', password: 'other-password' })).statusCode,
    ).toBe(401);
  });

  it('refuses a NUL in the e-mail with 400', async () => {
    const response = await register('/api/auth/register', {
      email: 'nul\u0000@sarm.test',
      password: 'long-enough',
      displayName: 'Nul',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Email must not contain control characters' });
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

  const getMe = (accessToken: string) =>
    server.app.inject({
      method: 'GET',
      url: '/api/sarm/auth/get-me',
      headers: { authorization: `Bearer ${accessToken}` },
    });
  const refresh = (refreshToken: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/sarm/auth/refresh-token',
      payload: { refresh_token: refreshToken },
    });

  it('revokes the access and refresh tokens at sign-out', async () => {
    const { session, headers } = await signedInUser(server);
    expect((await getMe(session.access_token)).statusCode).toBe(200);
    const out = await server.app.inject({ method: 'POST', url: '/api/sarm/auth/logout', headers });
    expect(out.statusCode).toBe(200);
    const after = await getMe(session.access_token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ statusCode: 401, message: 'Session expired' });
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
  });

  it('signing out ends only that session', async () => {
    const { user, password, headers } = await signedInUser(server);
    const other = await login(server, user.email, password);
    await server.app.inject({ method: 'POST', url: '/api/sarm/auth/logout', headers });
    expect((await getMe(other.access_token)).statusCode).toBe(200);
  });

  it('rotates the refresh token: a fresh pair that outlives the first access token', async () => {
    const { session, headers } = await signedInUser(server);
    server.clock.advance(20 * 60 * 1000);
    const refreshed = await refresh(session.refresh_token);
    expect(refreshed.statusCode).toBe(200);
    const pair = RefreshSessionResponseSchema.parse(refreshed.json());
    expect(pair.refresh_token).not.toBe(session.refresh_token);
    expect(pair.expires_in).toBe(30 * 60);
    server.clock.advance(20 * 60 * 1000);
    const oldToken = await server.app.inject({
      method: 'GET',
      url: '/api/sarm/auth/get-me',
      headers,
    });
    expect(oldToken.statusCode).toBe(401);
    expect((await getMe(pair.access_token)).statusCode).toBe(200);
    const next = await refresh(pair.refresh_token);
    expect(next.statusCode).toBe(200);
  });

  it('revokes the whole family when an already rotated refresh token comes back', async () => {
    const { user, password, session } = await signedInUser(server);
    const otherSignIn = await login(server, user.email, password);
    const first = RefreshSessionResponseSchema.parse((await refresh(session.refresh_token)).json());
    const second = RefreshSessionResponseSchema.parse((await refresh(first.refresh_token)).json());

    const replay = await refresh(session.refresh_token);
    expect(replay.statusCode).toBe(401);
    // Every token descended from the sign-in is dead, the newest included.
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
    expect((await getMe(second.access_token)).statusCode).toBe(401);
    expect((await getMe(first.access_token)).statusCode).toBe(401);
    const entries = await server.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.message, 'Refresh token reused: session revoked'));
    expect(entries.length).toBeGreaterThan(0);
    // Another sign-in of the same user is not part of the family.
    expect((await getMe(otherSignIn.access_token)).statusCode).toBe(200);
    expect((await refresh(otherSignIn.refresh_token)).statusCode).toBe(200);
  });

  it('refuses an unknown refresh token with 401', async () => {
    const response = await refresh('made-up-refresh-token');
    expect(response.json()).toEqual({ statusCode: 401, message: 'Not authenticated' });
  });

  it('ends a session refreshTokenMaxAgeDays after the sign-in however often it is refreshed', async () => {
    await server.context.services.settings.update(
      { security: { refreshTokenMaxAgeDays: 1 } },
      null,
    );
    try {
      const { session } = await signedInUser(server);
      let refreshToken = session.refresh_token;
      server.clock.advance(23 * 60 * 60 * 1000 + 50 * 60 * 1000);
      const late = RefreshSessionResponseSchema.parse((await refresh(refreshToken)).json());
      // The access token does not outlive the session: 10 minutes are left.
      expect(late.expires_in).toBe(10 * 60);
      refreshToken = late.refresh_token;
      server.clock.advance(9 * 60 * 1000);
      expect((await getMe(late.access_token)).statusCode).toBe(200);
      server.clock.advance(2 * 60 * 1000);
      expect((await getMe(late.access_token)).statusCode).toBe(401);
      const ended = await refresh(refreshToken);
      expect(ended.statusCode).toBe(401);
      expect(ended.json()).toEqual({ statusCode: 401, message: 'Session expired' });
    } finally {
      await server.context.services.settings.update(
        { security: { refreshTokenMaxAgeDays: 30 } },
        null,
      );
    }
  });

  it('stores no refresh token in clear', async () => {
    const { session } = await signedInUser(server);
    const stored = await server.database.db.select().from(refreshTokens);
    expect(stored.map((row) => row.tokenHash)).not.toContain(session.refresh_token);
    expect(stored.length).toBeGreaterThan(0);
  });
});
