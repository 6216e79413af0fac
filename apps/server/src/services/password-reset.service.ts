import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { UserRow } from '../db/schema/index.js';
import { badRequest } from '../http/errors.js';
import type { Mailer } from '../mail/mailer.js';
import type { PasswordResetRepository } from '../repositories/password-reset.repository.js';
import { normaliseEmail, type UsersRepository } from '../repositories/users.repository.js';
import type { AuditService, RequestOrigin } from './audit.service.js';
import { passwordTooShort } from './auth.service.js';
import type { LoginThrottleService } from './login-throttle.service.js';
import type { PasswordHasher } from './passwords.js';
import type { SessionService } from './session.service.js';
import type { SystemSettingsService } from './system-settings.service.js';

export const PASSWORD_RESET_MESSAGES = {
  /** Answered for every address, known or not, so the reply reveals no account. */
  sent: 'Password reset email sent! Check your inbox.',
  invalidLink: 'This reset link is invalid or has expired',
  done: 'Your password has been reset. You can now log in.',
} as const;

const TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/** Only the SHA-256 of a reset token is stored, so a database leak reveals no usable link. */
export const hashResetToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

export interface PasswordResetDeps {
  readonly users: UsersRepository;
  readonly tokens: PasswordResetRepository;
  readonly passwords: PasswordHasher;
  readonly sessions: SessionService;
  readonly throttle: LoginThrottleService;
  readonly settings: SystemSettingsService;
  readonly mailer: Mailer;
  readonly audit: AuditService;
  readonly clock: Clock;
  /** Base URL of the web app for the link in the mail. */
  readonly publicUrl: string;
}

/** Password reset by e-mail link: a random one-time token valid for one hour. */
export function createPasswordResetService(deps: PasswordResetDeps) {
  /** Mails a fresh one-hour reset link to the user (no throttling: callers decide who may send). */
  async function sendResetLink(
    user: UserRow,
    reason: 'requested' | 'new_account' | 'administrator' = 'requested',
  ): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const now = deps.clock.now();
    await deps.tokens.insert({
      userId: user.id,
      tokenHash: hashResetToken(token),
      expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS),
      createdAt: now,
    });
    const { siteName } = (await deps.settings.get()).general;
    const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await deps.mailer.sendMail({
      to: user.email,
      subject: `${siteName}: reset your password`,
      text: [
        `Hello ${user.displayName},`,
        '',
        reason === 'new_account'
          ? `An administrator created a ${siteName} account for you with this e-mail address.`
          : reason === 'administrator'
            ? `An administrator asked to reset the password of your ${siteName} account.`
            : `Someone asked to reset the password of your ${siteName} account.`,
        'Open this link within one hour to choose a new password:',
        '',
        link,
        '',
        'If you did not ask for this, ignore this message; your password stays unchanged.',
      ].join('\n'),
    });
  }

  async function requestReset(
    rawEmail: string,
    origin: RequestOrigin,
  ): Promise<{ success: true; message: string }> {
    const email = normaliseEmail(rawEmail);
    await deps.throttle.assertResetRequestAllowed(email, origin.ipAddress);
    const user = await deps.users.findByEmail(email);
    await deps.throttle.recordResetRequest(email, origin.ipAddress, user !== undefined);
    const answer = { success: true as const, message: PASSWORD_RESET_MESSAGES.sent };
    // Unknown and deactivated addresses get the same answer, but no mail and no token.
    if (user === undefined) return answer;
    if (!user.isActive) {
      await deps.audit.record({
        type: 'auth',
        severity: 'warning',
        message: 'Password reset refused: account is inactive',
        actor: { id: user.id, displayName: user.displayName, email: user.email },
        origin,
      });
      return answer;
    }

    await sendResetLink(user);
    await deps.audit.record({
      type: 'auth',
      severity: 'info',
      message: 'Password reset requested',
      actor: { id: user.id, displayName: user.displayName, email: user.email },
      origin,
    });
    return answer;
  }

  async function resetPassword(
    token: string,
    password: string,
    origin: RequestOrigin,
  ): Promise<{ success: true; message: string }> {
    const tokenHash = hashResetToken(token);
    if ((await deps.tokens.findUsable(tokenHash, deps.clock.now())) === undefined) {
      throw badRequest(PASSWORD_RESET_MESSAGES.invalidLink);
    }
    const { passwordMinLength } = (await deps.settings.get()).security;
    if (password.length < passwordMinLength) {
      throw badRequest(passwordTooShort(passwordMinLength));
    }
    const now = deps.clock.now();
    // Consuming is a single conditional update, so two concurrent uses cannot both succeed.
    const userId = await deps.tokens.consume(tokenHash, now);
    const user = userId === undefined ? undefined : await deps.users.findById(userId);
    // A link mailed before the account was deactivated must not reopen it.
    if (user === undefined || !user.isActive) throw badRequest(PASSWORD_RESET_MESSAGES.invalidLink);
    await deps.users.updatePasswordHash(user.id, await deps.passwords.hash(password), now);
    await deps.tokens.invalidateForUser(user.id, now);
    await deps.sessions.revokeAllOfUser(user.id, 'password reset');
    await deps.audit.record({
      type: 'auth',
      severity: 'info',
      message: 'Password reset completed',
      actor: { id: user.id, displayName: user.displayName, email: user.email },
      origin,
    });
    return { success: true, message: PASSWORD_RESET_MESSAGES.done };
  }

  return { requestReset, resetPassword, sendResetLink };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
