import {
  AdminProjectListSchema,
  AdminProjectSchema,
  AvailableUserListSchema,
  ProjectUserListSchema,
  type AddProjectUserRequest,
  type AdminProject,
  type CreateProjectRequest,
  type ProjectUser,
  type UpdateProjectRequest,
  type UpdateProjectUserRequest,
} from '@sarm/contracts';
import { apiClient } from './apiClient';

export const ADMIN_PROJECTS_KEY = ['admin', 'projects'] as const;
const base = (id: string) => `/admin/projects/${encodeURIComponent(id)}`;

export async function fetchAdminProjects(): Promise<AdminProject[]> {
  return (await apiClient.requestParsed('/admin/projects', AdminProjectListSchema)).projects;
}

export function createProject(body: CreateProjectRequest): Promise<AdminProject> {
  return apiClient.requestParsed('/admin/projects', AdminProjectSchema, { method: 'POST', body });
}

export function updateProject(id: string, body: UpdateProjectRequest): Promise<AdminProject> {
  return apiClient.requestParsed(base(id), AdminProjectSchema, { method: 'PUT', body });
}

export function toggleArchiveProject(id: string, isArchived: boolean): Promise<AdminProject> {
  return apiClient.requestParsed(`${base(id)}/toggle-archive`, AdminProjectSchema, {
    method: 'PUT',
    body: { isArchived },
  });
}

export async function deleteProject(id: string): Promise<void> {
  await apiClient.request(base(id), { method: 'DELETE' });
}

export async function fetchProjectUsers(id: string): Promise<ProjectUser[]> {
  return (await apiClient.requestParsed(`${base(id)}/users`, ProjectUserListSchema)).users;
}

export async function fetchAvailableUsers(id: string) {
  return (await apiClient.requestParsed(`${base(id)}/available-users`, AvailableUserListSchema))
    .users;
}

export async function addProjectUser(id: string, body: AddProjectUserRequest): Promise<void> {
  await apiClient.request(`${base(id)}/users`, { method: 'POST', body });
}

export async function updateProjectUser(
  id: string,
  userId: string,
  body: UpdateProjectUserRequest,
): Promise<void> {
  await apiClient.request(`${base(id)}/users/${encodeURIComponent(userId)}`, {
    method: 'PUT',
    body,
  });
}

export async function removeProjectUser(id: string, userId: string): Promise<void> {
  await apiClient.request(`${base(id)}/users/${encodeURIComponent(userId)}`, {
    method: 'DELETE',
  });
}
