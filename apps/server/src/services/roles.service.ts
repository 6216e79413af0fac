import {
  PERMISSION_MODULES,
  ROLE_MESSAGES,
  type AdminRole,
  type Permission,
  type UpdateRoleRequest,
} from '@sarm/contracts';
import type { Clock } from '../clock.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import type { RolesRepository, RoleWithPermissions } from '../repositories/roles.repository.js';
import type { AuthContext } from './access.js';
import { actorOf, type AuditService, type RequestOrigin } from './audit.service.js';
import { assertGrantable, catalogue } from './permission-catalogue.js';

/** Role administration and the permission catalogue (spec 3 §2 Role Management, §6). */
export function createRolesService(deps: {
  roles: RolesRepository;
  audit: AuditService;
  clock: Clock;
}) {
  function present(role: RoleWithPermissions, userCount: number): AdminRole {
    return {
      id: role.id,
      name: role.name,
      code: role.code,
      description: role.description,
      isSystem: role.isSystem,
      permissionsCount: role.permissions.length,
      permissions: [...role.permissions].sort(),
      userCount,
      createdAt: role.createdAt.toISOString(),
      updatedAt: role.updatedAt.toISOString(),
    };
  }

  async function list(): Promise<AdminRole[]> {
    const counts = await deps.roles.userCounts();
    return (await deps.roles.listWithPermissions()).map((role) =>
      present(role, counts.get(role.id) ?? 0),
    );
  }

  async function findRole(id: string): Promise<RoleWithPermissions> {
    const role = await deps.roles.findById(id);
    if (role === undefined) throw notFound(ROLE_MESSAGES.notFound);
    return role;
  }

  async function get(id: string): Promise<AdminRole> {
    const role = await findRole(id);
    return present(role, (await deps.roles.userCounts()).get(id) ?? 0);
  }

  async function assertCodeFree(code: string, exceptId?: string): Promise<void> {
    const holder = await deps.roles.findByCode(code);
    if (holder !== undefined && holder.id !== exceptId)
      throw conflict(ROLE_MESSAGES.codeTaken(code));
  }

  /** Creates a custom role; roles created through the API are never system roles. */
  async function create(
    auth: AuthContext,
    request: { name: string; code: string; description: string; permissions: string[] },
    origin: RequestOrigin,
  ): Promise<AdminRole> {
    await assertCodeFree(request.code);
    const permissions = assertGrantable(request.permissions);
    const role = await deps.roles.insertRole(
      { name: request.name, code: request.code, description: request.description, isSystem: false },
      permissions,
    );
    await record(auth, origin, `Role created: ${role.code}`, role.id);
    return get(role.id);
  }

  /** Edits name, code and description; a system role keeps its code. */
  async function update(
    auth: AuthContext,
    id: string,
    request: UpdateRoleRequest,
    origin: RequestOrigin,
  ): Promise<AdminRole> {
    const role = await findRole(id);
    if (request.code !== undefined && request.code !== role.code) {
      if (role.isSystem) throw badRequest(ROLE_MESSAGES.systemCodeFixed);
      await assertCodeFree(request.code, id);
    }
    await deps.roles.updateRole(
      id,
      { name: request.name, code: request.code, description: request.description },
      deps.clock.now(),
    );
    await record(auth, origin, `Role updated: ${request.code ?? role.code}`, id);
    return get(id);
  }

  async function remove(auth: AuthContext, id: string, origin: RequestOrigin): Promise<void> {
    const role = await findRole(id);
    if (role.isSystem) throw badRequest(ROLE_MESSAGES.systemNotDeletable);
    await deps.roles.deleteRole(id);
    await record(auth, origin, `Role deleted: ${role.code}`, id, 'warning');
  }

  async function permissionsOf(id: string) {
    const role = await findRole(id);
    return { roleId: id, permissions: [...role.permissions].sort() };
  }

  async function setPermissions(
    auth: AuthContext,
    id: string,
    codes: string[],
    origin: RequestOrigin,
  ) {
    const role = await findRole(id);
    const permissions = assertGrantable(codes);
    await deps.roles.setPermissions(id, permissions, deps.clock.now());
    await record(auth, origin, `Permissions of role ${role.code} changed`, id);
    return { roleId: id, permissions };
  }

  function permissionsByModule(): Record<string, Permission[]> {
    const all = catalogue();
    return Object.fromEntries(
      PERMISSION_MODULES.map((module) => [module, all.filter((p) => p.module === module)]),
    );
  }

  function record(
    auth: AuthContext,
    origin: RequestOrigin,
    message: string,
    roleId: string,
    severity: 'info' | 'warning' = 'info',
  ) {
    return deps.audit.record({
      type: 'permission',
      severity,
      message,
      actor: actorOf(auth.user),
      resource: { id: roleId, type: 'role' },
      origin,
    });
  }

  return {
    list,
    get,
    create,
    update,
    remove,
    permissionsOf,
    setPermissions,
    permissions: catalogue,
    permissionsByModule,
  };
}
export type RolesService = ReturnType<typeof createRolesService>;
