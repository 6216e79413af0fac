import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, passwordResetTokens } from '../db/schema/index.js';
import { hashResetToken } from '../services/password-reset.service.js';
import { createUser, login, signedInUser } from '../test/factories.js';
import { latestResetToken, readOutbox } from '../test/outbox.js';
import { createTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ workers: false });
});
afterAll(async () => {
  await server.close();
});

const forgot = (email: string, remoteAddress = '127.0.0.1') =>
  server.app.inject({
    method: 'POST',
    url: '/api/sarm/auth/forgot-password',
    payload: { email },
    remoteAddress,
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
const reset = (token: string, password: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/sarm/auth/reset-password',
    payload: { token, password },
  });

describe('forgot and reset password', () => {
  it('mails a one-time link that sets a new password and stores only the hash of the token', async () => {
    const { user } = await createUser(server, { email: 'forgetful@sarm.test' });
    const response = await forgot('Forgetful@sarm.test');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'Password reset email sent! Check your inbox.',
    });

    const mails = await readOutbox(server.outboxDir);
    expect(mails.at(-1)).toMatchObject({
      to: 'forgetful@sarm.test',
      subject: 'SARM: reset your password',
    });
    expect(mails.at(-1)?.text).toContain('http://sarm.test/reset-password?token=');
    const token = await latestResetToken(server.outboxDir, user.email);
    const stored = await server.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(stored.map((row) => row.tokenHash)).toEqual([hashResetToken(token)]);

    const first = await reset(token, 'brand-new-password');
    expect(first.statusCode).toBe(200);
    expect((await login(server, user.email, 'brand-new-password')).user.id).toBe(user.id);

    const second = await reset(token, 'another-new-password');
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({
      statusCode: 400,
      message: 'This reset link is invalid or has expired',
    });
  });

  it('refuses a token after one hour', async () => {
    const { user } = await createUser(server, { email: 'slow@sarm.test' });
    await forgot(user.email, '10.1.0.1');
    const token = await latestResetToken(server.outboxDir, user.email);
    server.clock.advance(61 * 60 * 1000);
    expect((await reset(token, 'brand-new-password')).json()).toMatchObject({
      message: 'This reset link is invalid or has expired',
    });
  });

  it('refuses an unknown token and keeps the token when the new password is too short', async () => {
    expect((await reset('made-up-token', 'brand-new-password')).statusCode).toBe(400);
    const { user } = await createUser(server, { email: 'short@sarm.test' });
    await forgot(user.email, '10.1.0.2');
    const token = await latestResetToken(server.outboxDir, user.email);
    const tooShort = await reset(token, 'short');
    expect(tooShort.json()).toEqual({
      statusCode: 400,
      message: 'Password must be at least 8 characters',
    });
    expect((await reset(token, 'long-enough-now')).statusCode).toBe(200);
  });

  it('answers unknown, known and deactivated addresses alike, and mails only the active account', async () => {
    await createUser(server, { email: 'known@sarm.test' });
    await createUser(server, { email: 'gone@sarm.test', isActive: false });
    const answers = [
      await forgot('ghost@sarm.test', '10.1.0.3'),
      await forgot('known@sarm.test', '10.1.0.3'),
      await forgot('gone@sarm.test', '10.1.0.3'),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({
        success: true,
        message: 'Password reset email sent! Check your inbox.',
      });
    }
    const recipients = (await readOutbox(server.outboxDir)).map((mail) => mail.to);
    expect(recipients).toContain('known@sarm.test');
    expect(recipients).not.toContain('ghost@sarm.test');
    expect(recipients).not.toContain('gone@sarm.test');
  });

  it('refuses the reset link of an account deactivated since it was mailed', async () => {
    const { user, password } = await createUser(server, { email: 'leaver@sarm.test' });
    await forgot(user.email, '10.1.0.5');
    const token = await latestResetToken(server.outboxDir, user.email);
    await server.context.repositories.users.setActive(user.id, false, server.clock.now());
    const refused = await reset(token, 'brand-new-password');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      statusCode: 400,
      message: 'This reset link is invalid or has expired',
    });
    await server.context.repositories.users.setActive(user.id, true, server.clock.now());
    expect((await login(server, user.email, password)).user.id).toBe(user.id);
  });

  it('ends every session of the account when the password is reset', async () => {
    const { user, session } = await signedInUser(server, { email: 'reset-sessions@sarm.test' });
    await forgot(user.email, '10.1.0.6');
    const token = await latestResetToken(server.outboxDir, user.email);
    expect((await reset(token, 'brand-new-password')).statusCode).toBe(200);
    expect((await getMe(session.access_token)).statusCode).toBe(401);
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
  });

  it('refuses a NUL in the address with 400', async () => {
    const response = await forgot('ghost\u0000@sarm.test', '10.1.0.7');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Email must not contain control characters' });
  });

  it('answers 400 "Invalid email address" for a malformed address', async () => {
    expect((await forgot('nope', '10.1.0.4')).json()).toMatchObject({
      statusCode: 400,
      message: 'Invalid email address',
    });
  });

  it('limits reset requests per account with 429', async () => {
    const { user } = await createUser(server, { email: 'spam@sarm.test' });
    for (let i = 0; i < 3; i += 1)
      expect((await forgot(user.email, `10.2.0.${i}`)).statusCode).toBe(200);
    const response = await forgot(user.email, '10.2.0.9');
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe(String(15 * 60));
    expect(response.json()).toEqual({
      statusCode: 429,
      message: 'Too many requests. Please try again later',
    });
  });
});

describe('PUT /api/sarm/auth/change-password', () => {
  const change = (headers: Record<string, string>, payload: object) =>
    server.app.inject({ method: 'PUT', url: '/api/sarm/auth/change-password', headers, payload });
  const auditOf = async (userId: string) =>
    (
      await server.database.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.userId, userId))
        .orderBy(desc(auditLogs.timestamp))
    ).map((entry) => [entry.type, entry.severity, entry.message]);

  it('audits a change and a refused attempt, and keeps the old password after a refusal', async () => {
    const { user, password, headers } = await signedInUser(server);
    const refused = await change(headers, {
      oldPassword: 'not-my-password',
      newPassword: 'changed-password',
    });
    expect(refused.statusCode).toBe(400);
    expect(await auditOf(user.id)).toContainEqual([
      'auth',
      'warning',
      'Password change refused: current password is incorrect',
    ]);
    expect((await login(server, user.email, password)).user.id).toBe(user.id);

    expect(
      (await change(headers, { oldPassword: password, newPassword: 'changed-password' }))
        .statusCode,
    ).toBe(200);
    expect(await auditOf(user.id)).toContainEqual(['auth', 'info', 'Password changed']);
  });

  it('refuses an anonymous caller with 401', async () => {
    expect((await change({}, { oldPassword: 'a', newPassword: 'b' })).statusCode).toBe(401);
  });

  it('changes the password when the current one is right', async () => {
    const { user, password, headers } = await signedInUser(server);
    const response = await change(headers, {
      oldPassword: password,
      newPassword: 'changed-password',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Password updated successfully!' });
    expect((await login(server, user.email, 'changed-password')).user.id).toBe(user.id);
  });

  it('refuses a wrong current password and a missing one', async () => {
    const { headers } = await signedInUser(server);
    expect(
      (await change(headers, { oldPassword: 'wrong-one', newPassword: 'changed-password' })).json(),
    ).toEqual({
      statusCode: 400,
      message: 'Current password is incorrect',
    });
    expect((await change(headers, { newPassword: 'changed-password' })).json()).toMatchObject({
      statusCode: 400,
      message: 'Old password is required',
    });
  });

  it('ends every other session of the account and keeps the one that changed it', async () => {
    const { user, password, session, headers } = await signedInUser(server);
    const elsewhere = await login(server, user.email, password);
    expect(
      (await change(headers, { oldPassword: password, newPassword: 'changed-password' }))
        .statusCode,
    ).toBe(200);
    expect((await getMe(elsewhere.access_token)).statusCode).toBe(401);
    expect((await refresh(elsewhere.refresh_token)).statusCode).toBe(401);
    expect((await getMe(session.access_token)).statusCode).toBe(200);
    expect((await refresh(session.refresh_token)).statusCode).toBe(200);
    const fresh = await login(server, user.email, 'changed-password');
    expect((await getMe(fresh.access_token)).statusCode).toBe(200);
  });

  it('refuses a new password below the system minimum', async () => {
    const { password, headers } = await signedInUser(server);
    expect((await change(headers, { oldPassword: password, newPassword: 'tiny' })).json()).toEqual({
      statusCode: 400,
      message: 'Password must be at least 8 characters',
    });
  });
});
