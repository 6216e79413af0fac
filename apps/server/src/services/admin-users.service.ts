import {
  ADMIN_USER_MESSAGES,
  SYSTEM_ADMIN_ROLE,
  type AdminUser,
  type AdminUserList,
  type AdminUserListQuery,
  type UpdateAdminUserRequest,
  type UserProjectAccess,
} from '@sarm/contracts';
import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { UserRow } from '../db/schema/index.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import type { ProjectsRepository } from '../repositories/projects.repository.js';
import type { RolesRepository, RoleWithPermissions } from '../repositories/roles.repository.js';
import type { UsersRepository } from '../repositories/users.repository.js';
import type { AuthContext } from './access.js';
import { actorOf, type AuditService, type RequestOrigin } from './audit.service.js';
import type { PasswordResetService } from './password-reset.service.js';
import { assertGrantable } from './permission-catalogue.js';
import type { PasswordHasher } from './passwords.js';
import type { SessionService } from './session.service.js';

const roleRef = (role: RoleWithPermissions) => ({
  id: role.id,
  code: role.code,
  name: role.name,
  isSystem: role.isSystem,
});

/** User administration (spec 3 §2 User Management): every change is written to the audit trail. */
export function createAdminUsersService(deps: {
  users: UsersRepository;
  roles: RolesRepository;
  projects: ProjectsRepository;
  passwords: PasswordHasher;
  passwordReset: PasswordResetService;
  sessions: SessionService;
  audit: AuditService;
  clock: Clock;
}) {
  async function present(rows: UserRow[]): Promise<AdminUser[]> {
    const allRoles = new Map((await deps.roles.listWithPermissions()).map((r) => [r.id, r]));
    const held = await deps.roles.roleIdsOfUsers(rows.map((row) => row.id));
    return rows.map((user) => {
      const roles = (held.get(user.id) ?? []).flatMap((id) => allRoles.get(id) ?? []);
      return {
        id: user.id,
        uid: user.id,
        email: user.email,
        displayName: user.displayName,
        roles: roles.map((role) => role.id),
        systemRoles: roles.map(roleRef),
        permissions: user.permissions,
        isActive: user.isActive,
        createdAt: Math.floor(user.createdAt.getTime() / 1000),
        lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
      };
    });
  }

  async function findUser(id: string): Promise<UserRow> {
    const user = await deps.users.findById(id);
    if (user === undefined) throw notFound(ADMIN_USER_MESSAGES.notFound);
    return user;
  }

  /**
   * Refuses (409) a change that would leave no active user with the System Administrator role:
   * `after` says whether the user still is an active administrator once the change is made.
   */
  async function assertAdministratorRemains(userId: string, after: { isAdmin: boolean }) {
    if (after.isAdmin) return;
    const role = await deps.roles.findByCode(SYSTEM_ADMIN_ROLE);
    if (role === undefined) return;
    const active = (await deps.users.findByIds(await deps.roles.userIdsWithRoles([role.id])))
      .filter((user) => user.isActive)
      .map((user) => user.id);
    if (active.includes(userId) && active.length === 1)
      throw conflict(ADMIN_USER_MESSAGES.lastAdministrator);
  }

  /** Whether the role ids include the System Administrator role. */
  async function includesAdminRole(roleIds: readonly string[]): Promise<boolean> {
    const role = await deps.roles.findByCode(SYSTEM_ADMIN_ROLE);
    return role !== undefined && roleIds.includes(role.id);
  }

  /** Role ids for references given as ids or codes; 400 for an unknown one. */
  async function resolveRoles(refs: readonly string[]): Promise<string[]> {
    const all = await deps.roles.listWithPermissions();
    return refs.map((ref) => {
      const role = all.find((r) => r.id === ref || r.code === ref);
      if (role === undefined) throw badRequest(`${ADMIN_USER_MESSAGES.unknownRole}: ${ref}`);
      return role.id;
    });
  }

  async function list(query: AdminUserListQuery): Promise<AdminUserList> {
    const { rows, total } = await deps.users.listPage({
      search: query.search,
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    });
    return { users: await present(rows), total, page: query.page, limit: query.limit };
  }

  async function get(id: string): Promise<AdminUser> {
    const [user] = await present([await findUser(id)]);
    if (user === undefined) throw notFound(ADMIN_USER_MESSAGES.notFound);
    return user;
  }

  /** Creates an account with a random password and mails the user a link to choose their own. */
  async function create(
    auth: AuthContext,
    request: { email: string; displayName: string; roles: string[]; isActive: boolean },
    origin: RequestOrigin,
  ): Promise<AdminUser> {
    const roleIds = await resolveRoles(request.roles);
    const password = randomBytes(24).toString('base64url');
    const user = await deps.users.insert({
      email: request.email,
      displayName: request.displayName,
      passwordHash: await deps.passwords.hash(password),
      isActive: request.isActive,
    });
    if (user === undefined) throw conflict(ADMIN_USER_MESSAGES.emailTaken);
    await deps.roles.setUserRoles(user.id, roleIds);
    await deps.passwordReset.sendResetLink(user, 'new_account');
    await record(auth, origin, 'user', `User created: ${user.email}`, user.id);
    return get(user.id);
  }

  async function update(
    auth: AuthContext,
    id: string,
    request: UpdateAdminUserRequest,
    origin: RequestOrigin,
  ): Promise<AdminUser> {
    const before = await findUser(id);
    if (request.isActive === false && id === auth.user.id)
      throw badRequest(ADMIN_USER_MESSAGES.cannotDeactivateSelf);
    const roleIds = request.roles === undefined ? undefined : await resolveRoles(request.roles);
    if (request.isActive === false || roleIds !== undefined) {
      const keepsRole = roleIds === undefined || (await includesAdminRole(roleIds));
      const staysActive = request.isActive ?? before.isActive;
      await assertAdministratorRemains(id, { isAdmin: keepsRole && staysActive });
    }
    await deps.users.updateAdminFields(
      id,
      { displayName: request.displayName, isActive: request.isActive },
      deps.clock.now(),
    );
    if (roleIds !== undefined) await deps.roles.setUserRoles(id, roleIds);
    // A deactivated account keeps no way in: every access and refresh token ends now.
    if (request.isActive === false) await deps.sessions.revokeAllOfUser(id, 'account deactivated');
    await record(auth, origin, 'user', `User updated: ${before.email}`, id);
    if (request.isActive !== undefined && request.isActive !== before.isActive) {
      const verb = request.isActive ? 'activated' : 'deactivated';
      await record(auth, origin, 'user', `User ${verb}: ${before.email}`, id, 'warning');
    }
    if (roleIds !== undefined)
      await record(auth, origin, 'permission', `Roles of ${before.email} changed`, id);
    return get(id);
  }

  async function remove(auth: AuthContext, id: string, origin: RequestOrigin): Promise<void> {
    if (id === auth.user.id) throw badRequest(ADMIN_USER_MESSAGES.cannotDeleteSelf);
    const user = await findUser(id);
    await assertAdministratorRemains(id, { isAdmin: false });
    await deps.users.remove(id);
    await record(auth, origin, 'user', `User deleted: ${user.email}`, id, 'warning');
  }

  async function sendPasswordReset(auth: AuthContext, email: string, origin: RequestOrigin) {
    const user = await deps.users.findByEmail(email);
    if (user === undefined) throw notFound(ADMIN_USER_MESSAGES.notFound);
    await deps.passwordReset.sendResetLink(user, 'administrator');
    await record(auth, origin, 'auth', `Password reset sent to ${user.email}`, user.id);
    return { success: true as const, message: `Password reset email sent to ${user.email}` };
  }

  async function rolesOf(id: string) {
    await findUser(id);
    return { userId: id, roles: (await deps.roles.rolesOfUser(id)).map(roleRef) };
  }

  async function setRoles(auth: AuthContext, id: string, refs: string[], origin: RequestOrigin) {
    const user = await findUser(id);
    const roleIds = await resolveRoles(refs);
    await assertAdministratorRemains(id, {
      isAdmin: user.isActive && (await includesAdminRole(roleIds)),
    });
    await deps.roles.setUserRoles(id, roleIds);
    await record(auth, origin, 'permission', `Roles of ${user.email} changed`, id);
    return rolesOf(id);
  }

  async function setPermissions(
    auth: AuthContext,
    id: string,
    codes: string[],
    origin: RequestOrigin,
  ) {
    const user = await findUser(id);
    const permissions = assertGrantable(codes);
    await deps.users.updateAdminFields(id, { permissions }, deps.clock.now());
    await record(auth, origin, 'permission', `Permissions of ${user.email} changed`, id);
    return { userId: id, permissions };
  }

  async function projectsOf(
    id: string,
  ): Promise<{ userId: string; projects: UserProjectAccess[] }> {
    await findUser(id);
    const rows = await deps.projects.listMemberProjects(id);
    return {
      userId: id,
      projects: rows.map(({ project, membership }) => ({
        id: project.id,
        name: project.name,
        status: project.status,
        accessLevel: membership?.accessLevel ?? 'member',
        roles: membership?.roles ?? [],
      })),
    };
  }

  function record(
    auth: AuthContext,
    origin: RequestOrigin,
    type: 'user' | 'permission' | 'auth',
    message: string,
    userId: string,
    severity: 'info' | 'warning' = 'info',
  ) {
    return deps.audit.record({
      type,
      severity,
      message,
      actor: actorOf(auth.user),
      resource: { id: userId, type: 'user' },
      origin,
    });
  }

  return {
    list,
    get,
    create,
    update,
    remove,
    sendPasswordReset,
    rolesOf,
    setRoles,
    setPermissions,
    projectsOf,
  };
}
export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
