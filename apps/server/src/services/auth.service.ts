import {
  hasPermission,
  SYSTEM_ADMIN_ROLE,
  type LoginRequest,
  type LoginResponse,
  type RefreshSessionResponse,
  type RegisterRequest,
} from '@sarm/contracts';
import type { Clock } from '../clock.js';
import type { UserRow } from '../db/schema/index.js';
import { accountInactive, badRequest, conflict, forbidden, unauthorized } from '../http/errors.js';
import type { RolesRepository } from '../repositories/roles.repository.js';
import { normaliseEmail, type UsersRepository } from '../repositories/users.repository.js';
import { buildAuthContext, type AuthContext } from './access.js';
import type { AuditService, RequestOrigin } from './audit.service.js';
import type { CurrentUserService } from './current-user.service.js';
import type { LoginThrottleService } from './login-throttle.service.js';
import type { NotificationsService } from './notifications.service.js';
import type { PasswordHasher } from './passwords.js';
import type { SessionService } from './session.service.js';
import type { SystemSettingsService } from './system-settings.service.js';

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  registrationDisabled: 'Registration is disabled',
  emailTaken: 'Email is already registered',
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
  readonly clock: Clock;
}

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
    await deps.throttle.assertLoginAllowed(email, origin.ipAddress);
    const user = await deps.users.findByEmail(email);
    const passwordMatches = await deps.passwords.verify(
      user?.passwordHash ?? (await decoy()),
      request.password,
    );
    if (user === undefined || !passwordMatches) {
      await deps.throttle.recordLogin(email, origin.ipAddress, false);
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
    await deps.throttle.recordLogin(email, origin.ipAddress, true);
    const signedIn = (await deps.users.recordLogin(user.id, deps.clock.now())) ?? user;
    await deps.audit.record({
      type: 'auth',
      severity: 'info',
      message: 'User signed in',
      actor: actorOf(user),
      origin,
    });

    const auth = buildAuthContext(signedIn, await deps.roles.rolesOfUser(user.id));
    const session = deps.sessions.issue(
      user.id,
      (await deps.settings.get()).security.sessionTimeout,
    );
    return {
      access_token: session.accessToken,
      token_type: 'bearer',
      expires_in: session.expiresInSeconds,
      user: await deps.currentUser.present(auth),
      permissions: [...auth.permissions],
      roles: auth.roles.map((role) => role.code),
    };
  }

  /** Self-registration. The new account is active and holds no role until an administrator grants one. */
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
    if (user === undefined) throw conflict(AUTH_MESSAGES.emailTaken);
    await deps.audit.record({
      type: 'auth',
      severity: 'info',
      message: 'User registered',
      actor: actorOf(user),
      resource: { id: user.id, type: 'user' },
      origin,
    });
    if (settings.notifications.newUserNotification) await notifyUserManagers(user);
    return {
      success: true as const,
      message: AUTH_MESSAGES.registered,
      user: { id: user.id, email: user.email, displayName: user.displayName },
    };
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

  async function logout(auth: AuthContext, origin: RequestOrigin): Promise<void> {
    await deps.audit.record({
      type: 'auth',
      severity: 'info',
      message: 'User signed out',
      actor: actorOf(auth.user),
      origin,
    });
  }

  async function refresh(auth: AuthContext): Promise<RefreshSessionResponse> {
    const session = deps.sessions.issue(
      auth.user.id,
      (await deps.settings.get()).security.sessionTimeout,
    );
    return {
      access_token: session.accessToken,
      token_type: 'bearer',
      expires_in: session.expiresInSeconds,
    };
  }

  async function changePassword(
    auth: AuthContext,
    change: { oldPassword: string; newPassword: string },
    origin: RequestOrigin,
  ): Promise<void> {
    if (!(await deps.passwords.verify(auth.user.passwordHash, change.oldPassword))) {
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
    await deps.audit.record({
      type: 'auth',
      severity: 'info',
      message: 'Password changed',
      actor: actorOf(auth.user),
      origin,
    });
  }

  return { login, register, logout, refresh, changePassword, assertPasswordLength };
}
export type AuthService = ReturnType<typeof createAuthService>;
