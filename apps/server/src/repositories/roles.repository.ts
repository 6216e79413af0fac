import type { SystemRoleDefinition } from '@sarm/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { rolePermissions, roles, userRoles, type RoleRow } from '../db/schema/index.js';

export interface RoleWithPermissions extends RoleRow {
  readonly permissions: string[];
}

/** Roles, their permission codes and who holds them. */
export function createRolesRepository(db: Database) {
  async function attachPermissions(rows: RoleRow[]): Promise<RoleWithPermissions[]> {
    if (rows.length === 0) return [];
    const grants = await db
      .select()
      .from(rolePermissions)
      .where(
        inArray(
          rolePermissions.roleId,
          rows.map((r) => r.id),
        ),
      );
    return rows.map((role) => ({
      ...role,
      permissions: grants.filter((g) => g.roleId === role.id).map((g) => g.permission),
    }));
  }

  /** Creates or updates a system role and replaces its permission list; idempotent. */
  async function upsertSystemRole(definition: SystemRoleDefinition, now: Date): Promise<RoleRow> {
    return db.transaction(async (tx) => {
      const [role] = await tx
        .insert(roles)
        .values({
          code: definition.code,
          name: definition.name,
          description: definition.description,
          isSystem: true,
        })
        .onConflictDoUpdate({
          target: roles.code,
          set: {
            name: definition.name,
            description: definition.description,
            isSystem: true,
            updatedAt: now,
          },
        })
        .returning();
      if (role === undefined) throw new Error(`Could not seed role ${definition.code}`);
      await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, role.id));
      if (definition.permissions.length > 0) {
        await tx
          .insert(rolePermissions)
          .values(definition.permissions.map((permission) => ({ roleId: role.id, permission })));
      }
      return role;
    });
  }

  async function findByCode(code: string): Promise<RoleRow | undefined> {
    const [row] = await db.select().from(roles).where(eq(roles.code, code)).limit(1);
    return row;
  }

  async function rolesOfUser(userId: string): Promise<RoleWithPermissions[]> {
    const rows = await db
      .select({ role: roles })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, userId))
      .orderBy(roles.name);
    return attachPermissions(rows.map((r) => r.role));
  }

  async function listWithPermissions(): Promise<RoleWithPermissions[]> {
    return attachPermissions(await db.select().from(roles).orderBy(roles.name));
  }

  async function assignRole(userId: string, roleId: string): Promise<void> {
    await db.insert(userRoles).values({ userId, roleId }).onConflictDoNothing();
  }

  /** Ids of users holding any of the roles. */
  async function userIdsWithRoles(roleIds: readonly string[]): Promise<string[]> {
    if (roleIds.length === 0) return [];
    const rows = await db
      .selectDistinct({ userId: userRoles.userId })
      .from(userRoles)
      .where(inArray(userRoles.roleId, [...roleIds]));
    return rows.map((r) => r.userId);
  }

  return {
    upsertSystemRole,
    findByCode,
    rolesOfUser,
    listWithPermissions,
    assignRole,
    userIdsWithRoles,
  };
}
export type RolesRepository = ReturnType<typeof createRolesRepository>;
