import type { SystemRoleDefinition } from '@sarm/contracts';
import { count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { rolePermissions, roles, userRoles, type RoleRow } from '../db/schema/index.js';

type NewRoleRow = typeof roles.$inferInsert;

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

  /**
   * Creates a missing system role with its default permissions; an existing one only keeps its
   * system flag, so administrators' edits of names and permissions survive restarts. Idempotent.
   */
  async function upsertSystemRole(definition: SystemRoleDefinition, now: Date): Promise<RoleRow> {
    return db.transaction(async (tx) => {
      const [created] = await tx
        .insert(roles)
        .values({
          code: definition.code,
          name: definition.name,
          description: definition.description,
          isSystem: true,
        })
        .onConflictDoNothing({ target: roles.code })
        .returning();
      if (created !== undefined) {
        if (definition.permissions.length > 0)
          await tx
            .insert(rolePermissions)
            .values(
              definition.permissions.map((permission) => ({ roleId: created.id, permission })),
            );
        return created;
      }
      const [existing] = await tx
        .update(roles)
        .set({ isSystem: true, updatedAt: now })
        .where(eq(roles.code, definition.code))
        .returning();
      if (existing === undefined) throw new Error(`Could not seed role ${definition.code}`);
      return existing;
    });
  }

  async function findByCode(code: string): Promise<RoleRow | undefined> {
    const [row] = await db.select().from(roles).where(eq(roles.code, code)).limit(1);
    return row;
  }

  /** The user's roles with their permission codes, in one query (it runs on every request). */
  async function rolesOfUser(userId: string): Promise<RoleWithPermissions[]> {
    const rows = await db
      .select({ role: roles, permission: rolePermissions.permission })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
      .where(eq(userRoles.userId, userId))
      .orderBy(roles.name, roles.id);
    const byId = new Map<string, RoleWithPermissions>();
    for (const { role, permission } of rows) {
      const entry = byId.get(role.id) ?? { ...role, permissions: [] };
      if (permission !== null) entry.permissions.push(permission);
      byId.set(role.id, entry);
    }
    return [...byId.values()];
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

  async function findById(id: string): Promise<RoleWithPermissions | undefined> {
    const [row] = await db.select().from(roles).where(eq(roles.id, id)).limit(1);
    return row === undefined ? undefined : (await attachPermissions([row]))[0];
  }

  async function insertRole(values: NewRoleRow, permissions: readonly string[]): Promise<RoleRow> {
    return db.transaction(async (tx) => {
      const [role] = await tx.insert(roles).values(values).returning();
      if (role === undefined) throw new Error('Role insert returned no row');
      if (permissions.length > 0)
        await tx
          .insert(rolePermissions)
          .values([...new Set(permissions)].map((permission) => ({ roleId: role.id, permission })));
      return role;
    });
  }

  async function updateRole(
    id: string,
    values: Partial<Pick<RoleRow, 'name' | 'code' | 'description'>>,
    now: Date,
  ): Promise<RoleRow | undefined> {
    const [row] = await db
      .update(roles)
      .set({ ...values, updatedAt: now })
      .where(eq(roles.id, id))
      .returning();
    return row;
  }

  async function deleteRole(id: string): Promise<boolean> {
    const rows = await db.delete(roles).where(eq(roles.id, id)).returning({ id: roles.id });
    return rows.length > 0;
  }

  async function setPermissions(roleId: string, permissions: readonly string[], now: Date) {
    await db.transaction(async (tx) => {
      await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
      if (permissions.length > 0)
        await tx
          .insert(rolePermissions)
          .values([...new Set(permissions)].map((permission) => ({ roleId, permission })));
      await tx.update(roles).set({ updatedAt: now }).where(eq(roles.id, roleId));
    });
  }

  /** Replaces the roles a user holds. */
  async function setUserRoles(userId: string, roleIds: readonly string[]): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.delete(userRoles).where(eq(userRoles.userId, userId));
      if (roleIds.length > 0)
        await tx
          .insert(userRoles)
          .values([...new Set(roleIds)].map((roleId) => ({ userId, roleId })));
    });
  }

  /** Role ids held by each of the users. */
  async function roleIdsOfUsers(userIds: readonly string[]): Promise<Map<string, string[]>> {
    const result = new Map<string, string[]>();
    if (userIds.length === 0) return result;
    const rows = await db
      .select({ userId: userRoles.userId, roleId: userRoles.roleId })
      .from(userRoles)
      .where(inArray(userRoles.userId, [...userIds]));
    for (const row of rows) result.set(row.userId, [...(result.get(row.userId) ?? []), row.roleId]);
    return result;
  }

  /** Number of users holding each role. */
  async function userCounts(): Promise<Map<string, number>> {
    const rows = await db
      .select({ roleId: userRoles.roleId, count: count() })
      .from(userRoles)
      .groupBy(userRoles.roleId);
    return new Map(rows.map((row) => [row.roleId, row.count]));
  }

  return {
    findById,
    insertRole,
    updateRole,
    deleteRole,
    setPermissions,
    setUserRoles,
    roleIdsOfUsers,
    userCounts,
    upsertSystemRole,
    findByCode,
    rolesOfUser,
    listWithPermissions,
    assignRole,
    userIdsWithRoles,
  };
}
export type RolesRepository = ReturnType<typeof createRolesRepository>;
