import {
  hasPermission,
  SYSTEM_ADMIN_ROLE,
  type LoginRequest,
  type LoginResponse,
  type RefreshSessionResponse,
  type RegisterRequest,
  type SystemSettings,
} from '@sarm/contracts';
import type { Clock } from '../clock.js';
import type { UserRow } from '../db/schema/index.js';
import { accountInactive, badRequest, forbidden, MESSAGES, unauthorized } from '../http/errors.js';
import type { Mailer } from '../mail/mailer.js';
import type { RolesRepository } from '../repositories/roles.repository.js';
import { normaliseEmail, type UsersRepository } from '../repositories/users.repository.js';
import { buildAuthContext, type AuthContext } from './access.js';
import type { AuditService, RequestOrigin } from './audit.service.js';
import type { CurrentUserService } from './current-user.service.js';
import type { LoginThrottleService } from './login-throttle.service.js';
import type { NotificationsService } from './notifications.service.js';
import type { PasswordHasher } from './passwords.js';
import type { SessionLifetimes, SessionService } from './session.service.js';
import type { SystemSettingsService } from './system-settings.service.js';

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  registrationDisabled: 'Registration is disabled',
  passwordsDoNotMatch: 'Passwords do not match',
  registered: 'Registration successful! Please log in.',
  wrongCurrentPassword: 'Current password is incorrect',
  passwordChanged: 'Password updated successfully!',
} as const;

/** The message for a password below the configured minimum. */
export const passwordTooShort = (minimum: number) =>
  `Password must be at least ${minimum} characters`;

export interface AuthServiceDeps {
  readonly users: UsersRepository;
  readonly roles: RolesRepository;
  readonly passwords: PasswordHasher;
  readonly sessions: SessionService;
  readonly throttle: LoginThrottleService;
  readonly settings: SystemSettingsService;
  readonly currentUser: CurrentUserService;
  readonly audit: AuditService;
  readonly notifications: NotificationsService;
  readonly mailer: Mailer;
  readonly clock: Clock;
  /** Base URL of the web app, for the links in mails. */
  readonly publicUrl: string;
}

const lifetimesOf = (security: SystemSettings['security']): SessionLifetimes => ({
  accessMinutes: security.sessionTimeout,
  maxAgeDays: security.refreshTokenMaxAgeDays,
});

const actorOf = (user: UserRow) => ({
  id: user.id,
  displayName: user.displayName,
  email: user.email,
});

/** Sign-in, registration, sign-out, session refresh and password change. */
export function createAuthService(deps: AuthServiceDeps) {
  // Verifying against a throw-away hash when the account does not exist keeps response times alike.
  let decoyHash: Promise<string> | undefined;
  const decoy = () => (decoyHash ??= deps.passwords.hash('not-a-real-password'));

  async function assertPasswordLength(password: string): Promise<void> {
    const { passwordMinLength } = (await deps.settings.get()).security;
    if (password.length < passwordMinLength) throw badRequest(passwordTooShort(passwordMinLength));
  }

  async function login(request: LoginRequest, origin: RequestOrigin): Promise<LoginResponse> {
    const email = normaliseEmail(request.email);
    await deps.throttle.beginSignIn(email, origin.ipAddress);
    const user = await deps.users.findByEmail(email);
    const passwordMatches = await deps.passwords.verify(
      user?.passwordHash ?? (await decoy()),
      request.password,
    );
    if (user === undefined || !passwordMatches) {
      // The attempt was counted by beginSignIn and stays counted.
      await deps.audit.record({
        type: 'auth',
        severity: 'warning',
        message: 'Failed sign-in',
        actor: user === undefined ? null : actorOf(user),
        attemptedEmail: email,
        origin,
      });
      throw unauthorized(AUTH_MESSAGES.invalidCredentials);
    }
    await deps.throttle.signInSucceeded(email, origin.ipAddress);
    if (!user.isActive) {
      await deps.audit.record({
        type: 'auth',
        severity: 'warning',
        message: 'Sign-in refused: account is inactive',
        actor: actorOf(user),
        origin,
      });
      throw accountInactive();
    }
    const signedIn = (await deps.users.recordLogin(user.id, deps.clock.now())) ?? user;
    await deps.audit.record({
      type: 'auth',
      severity: 'info',
      message: 'User signed in',
      actor: actorOf(user),
      origin,
    });

    const auth = buildAuthContext(signedIn, await deps.roles.rolesOfUser(user.id));
    const session = await deps.sessions.start(
      user.id,
      lifetimesOf((await deps.settings.get()).security),
    );
    return {
      access_token: session.accessToken,
      refresh_token: session.refreshToken,
      token_type: 'bearer',
      expires_in: session.expiresInSeconds,
      user: await deps.currentUser.present(auth),
      permissions: [...auth.permissions],
      roles: auth.roles.map((role) => role.code),
    };
  }

  /**
   * Self-registration. The new account is active and holds no role until an administrator grants
   * one. A registered address gets the same answer, and its owner a mail instead of a new account.
   */
  async function register(request: RegisterRequest, origin: RequestOrigin) {
    const settings = await deps.settings.get();
    if (!settings.security.allowRegistration) throw forbidden(AUTH_MESSAGES.registrationDisabled);
    if (request.confirmPassword !== undefined && request.confirmPassword !== request.password) {
      throw badRequest(AUTH_MESSAGES.passwordsDoNotMatch);
    }
    await assertPasswordLength(request.password);
    const displayName = request.displayName ?? request.name ?? request.email;
    const user = await deps.users.insert({
      email: request.email,
      displayName,
      passwordHash: await deps.passwords.hash(request.password),
    });
    const answer = { success: true as const, message: AUTH_MESSAGES.registered };
    if (user === undefined) {
      await warnOwnerOfRegisteredAddress(normaliseEmail(request.email), origin);
      return answer;
    }
    await deps.audit.record({
      type: 'auth',
      severity: 'info',
      message: 'User registered',
      actor: actorOf(user),
      resource: { id: user.id, type: 'user' },
      origin,
    });
    if (settings.notifications.newUserNotification) await notifyUserManagers(user);
    return answer;
  }

  /** Someone registered with an address that has an account: tell its owner, not the caller. */
  async function warnOwnerOfRegisteredAddress(email: string, origin: RequestOrigin): Promise<void> {
    const owner = await deps.users.findByEmail(email);
    if (owner === undefined) return;
    await deps.audit.record({
      type: 'auth',
      severity: 'warning',
      message: 'Registration attempted with a registered address',
      actor: actorOf(owner),
      origin,
    });
    if (!owner.isActive) return;
    const { siteName } = (await deps.settings.get()).general;
    await deps.mailer.sendMail({
      to: owner.email,
      subject: `${siteName}: someone tried to register with your address`,
      text: [
        `Hello ${owner.displayName},`,
        '',
        `Someone tried to register a new ${siteName} account with this e-mail address, which already has an account.`,
        'If it was you, sign in, or reset your password if you forgot it:',
        '',
        `${deps.publicUrl}/login`,
        `${deps.publicUrl}/forgot-password`,
        '',
        'If it was not you, ignore this message; your account is unchanged.',
      ].join('\n'),
    });
  }

  /** Tells everyone who may manage users that an account is waiting for a role. */
  async function notifyUserManagers(newUser: UserRow): Promise<void> {
    const managerRoles = (await deps.roles.listWithPermissions()).filter(
      (role) =>
        role.code === SYSTEM_ADMIN_ROLE || hasPermission(role.permissions, 'system.manage_users'),
    );
    const managerIds = await deps.roles.userIdsWithRoles(managerRoles.map((role) => role.id));
    await deps.notifications.notifyMany(managerIds, {
      title: 'New user registered',
      message: `${newUser.displayName} (${newUser.email}) registered and has no role yet.`,
      type: 'info',
      link: '/admin/users',
    });
  }

  /** Ends the session of the token used: its access and refresh tokens stop working at once. */
  async function logout(
    auth: AuthContext,
    sessionId: string,
    origin: RequestOrigin,
  ): Promise<void> {
    await deps.sessions.revoke(sessionId, 'signed out');
    await deps.audit.record({
      type: 'auth',
      severity: 'info',
      message: 'User signed out',
      actor: actorOf(auth.user),
      origin,
    });
  }

  /** Rotates a refresh token; a reused one ends its whole session (401). */
  async function refresh(
    refreshToken: string,
    origin: RequestOrigin,
  ): Promise<RefreshSessionResponse> {
    const lifetimes = lifetimesOf((await deps.settings.get()).security);
    const outcome = await deps.sessions.refresh(refreshToken, lifetimes);
    if (!outcome.ok) {
      if (outcome.reason === 'reused') {
        await deps.audit.record({
          type: 'auth',
          severity: 'warning',
          message: 'Refresh token reused: session revoked',
          actor: null,
          resource: { id: outcome.sessionId, type: 'session' },
          origin,
        });
      }
      throw unauthorized(
        outcome.reason === 'invalid' ? MESSAGES.notAuthenticated : MESSAGES.sessionExpired,
      );
    }
    const user = await deps.users.findById(outcome.userId);
    if (user === undefined) throw unauthorized(MESSAGES.notAuthenticated);
    if (!user.isActive) throw accountInactive();
    const session = outcome.session;
    return {
      access_token: session.accessToken,
      refresh_token: session.refreshToken,
      token_type: 'bearer',
      expires_in: session.expiresInSeconds,
    };
  }

  /**
   * True when `password` is the signed-in user's own: the one check of a password given again,
   * for a password change and for an electronic signature alike.
   */
  function passwordMatches(auth: AuthContext, password: string): Promise<boolean> {
    return deps.passwords.verify(auth.user.passwordHash, password);
  }

  /** Changes the password and ends every other session of the user; the caller's stays open. */
  async function changePassword(
    auth: AuthContext,
    sessionId: string,
    change: { oldPassword: string; newPassword: string },
    origin: RequestOrigin,
  ): Promise<void> {
    if (!(await passwordMatches(auth, change.oldPassword))) {
      // A wrong current password may be someone trying an unattended session: leave a trace.
      await deps.audit.record({
        type: 'auth',
        severity: 'warning',
        message: 'Password change refused: current password is incorrect',
        actor: actorOf(auth.user),
        origin,
      });
      throw badRequest(AUTH_MESSAGES.wrongCurrentPassword);
    }
    await assertPasswordLength(change.newPassword);
    await deps.users.updatePasswordHash(
      auth.user.id,
      await deps.passwords.hash(change.newPassword),
      deps.clock.now(),
    );
    // Whoever holds another session (perhaps the reason for the change) is signed out.
    await deps.sessions.revokeAllOfUser(auth.user.id, 'password changed', sessionId);
    await deps.audit.record({
      type: 'auth',
      severity: 'info',
      message: 'Password changed',
      actor: actorOf(auth.user),
      origin,
    });
  }

  return {
    login,
    register,
    logout,
    refresh,
    changePassword,
    passwordMatches,
    assertPasswordLength,
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
