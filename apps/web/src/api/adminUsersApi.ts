import {
  AdminUserListSchema,
  AdminUserSchema,
  type AdminUser,
  type AdminUserList,
  type CreateAdminUserRequest,
  type UpdateAdminUserRequest,
} from '@sarm/contracts';
import { apiClient } from './apiClient';

export const ADMIN_USERS_KEY = ['admin', 'users'] as const;

export function fetchAdminUsers(params: {
  search: string;
  page: number;
  limit: number;
}): Promise<AdminUserList> {
  const query = new URLSearchParams({
    search: params.search,
    page: String(params.page),
    limit: String(params.limit),
  });
  return apiClient.requestParsed(`/admin/users?${query.toString()}`, AdminUserListSchema);
}

export function createAdminUser(body: CreateAdminUserRequest): Promise<AdminUser> {
  return apiClient.requestParsed('/admin/users', AdminUserSchema, { method: 'POST', body });
}

export function updateAdminUser(id: string, body: UpdateAdminUserRequest): Promise<AdminUser> {
  return apiClient.requestParsed(`/admin/users/${encodeURIComponent(id)}`, AdminUserSchema, {
    method: 'PUT',
    body,
  });
}

export async function deleteAdminUser(id: string): Promise<void> {
  await apiClient.request(`/admin/users/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export async function sendAdminPasswordReset(email: string): Promise<void> {
  await apiClient.request('/admin/users/password-reset', { method: 'POST', body: { email } });
}
