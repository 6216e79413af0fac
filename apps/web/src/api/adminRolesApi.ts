import {
  AdminRoleListSchema,
  AdminRoleSchema,
  PermissionListSchema,
  RolePermissionsResponseSchema,
  type AdminRole,
  type CreateRoleRequest,
  type Permission,
  type UpdateRoleRequest,
} from '@sarm/contracts';
import { apiClient } from './apiClient';

export const ADMIN_ROLES_KEY = ['admin', 'roles'] as const;
export const PERMISSIONS_KEY = ['admin', 'permissions'] as const;

export async function fetchRoles(): Promise<AdminRole[]> {
  return (await apiClient.requestParsed('/admin/roles', AdminRoleListSchema)).roles;
}

export async function fetchPermissions(): Promise<Permission[]> {
  return (await apiClient.requestParsed('/admin/permissions', PermissionListSchema)).permissions;
}

export function createRole(body: CreateRoleRequest): Promise<AdminRole> {
  return apiClient.requestParsed('/admin/roles', AdminRoleSchema, { method: 'POST', body });
}

export function updateRole(id: string, body: UpdateRoleRequest): Promise<AdminRole> {
  return apiClient.requestParsed(`/admin/roles/${encodeURIComponent(id)}`, AdminRoleSchema, {
    method: 'PUT',
    body,
  });
}

export async function deleteRole(id: string): Promise<void> {
  await apiClient.request(`/admin/roles/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export async function saveRolePermissions(id: string, permissions: string[]): Promise<void> {
  await apiClient.requestParsed(
    `/admin/roles/${encodeURIComponent(id)}/permissions`,
    RolePermissionsResponseSchema,
    { method: 'PUT', body: { permissions } },
  );
}
