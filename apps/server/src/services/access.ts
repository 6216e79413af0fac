import { hasPermission, SYSTEM_ADMIN_ROLE, type PermissionRequirement } from '@sarm/contracts';
import type { UserRow } from '../db/schema/index.js';
import type { RoleWithPermissions } from '../repositories/roles.repository.js';

/** What a route declares it needs: a permission, any of several, any signed-in user, or nothing (public). */
export type RouteAccess =
  null | 'authenticated' | PermissionRequirement | readonly PermissionRequirement[];

/** The signed-in user with everything permission checks need, loaded once per request. */
export interface AuthContext {
  readonly user: UserRow;
  readonly roles: readonly RoleWithPermissions[];
  /** Union of the permission codes of all roles and of the user's own grants, wildcards kept as held. */
  readonly permissions: readonly string[];
  /** Holds the `system_admin` role, which satisfies every requirement. */
  readonly isAdmin: boolean;
}

/** Builds the auth context of a user from the user's roles. */
export function buildAuthContext(
  user: UserRow,
  roles: readonly RoleWithPermissions[],
): AuthContext {
  const permissions = [
    ...new Set([...roles.flatMap((role) => role.permissions), ...user.permissions]),
  ].sort();
  return {
    user,
    roles,
    permissions,
    isAdmin: roles.some((role) => role.code === SYSTEM_ADMIN_ROLE),
  };
}

/** True when the user meets the requirement (a code, a wildcard, or any one of a list). */
export function meetsRequirement(
  auth: AuthContext,
  requirement: PermissionRequirement | readonly PermissionRequirement[],
): boolean {
  if (auth.isAdmin) return true;
  const alternatives: readonly PermissionRequirement[] =
    typeof requirement === 'string' ? [requirement] : requirement;
  return alternatives.some((code) => hasPermission(auth.permissions, code));
}
