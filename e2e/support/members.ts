import { uniqueEmail } from './accounts.js';
import type { TestApi } from './api.js';
import { okJson } from './videos.js';

/**
 * A user who signs in with a password, holds one seeded role and is a member of the project;
 * answers the user's id and a fresh access token.
 */
export async function projectMember(
  api: TestApi,
  options: {
    readonly adminToken: string;
    readonly projectId: string;
    readonly displayName: string;
    readonly role: string;
    readonly password: string;
  },
): Promise<{ token: string; id: string }> {
  const { adminToken, projectId, role, password } = options;
  const email = uniqueEmail(role);
  await api.register(options.displayName, email, password);
  const { user } = await api.login(email, password);
  await okJson(
    await api.request('PUT', `/admin/users/${user.id}/roles`, { roles: [role] }, adminToken),
  );
  await okJson(
    await api.request(
      'POST',
      `/admin/projects/${projectId}/users`,
      { userId: user.id, accessLevel: 'member' },
      adminToken,
    ),
    201,
  );
  return { token: (await api.login(email, password)).access_token, id: user.id };
}

/**
 * A new project (created by the seeded administrator) with one lab technician in it; answers the
 * project's id and the technician's access token.
 */
export async function projectWithTechnician(
  api: TestApi,
  options: {
    readonly adminToken: string;
    readonly projectName: string;
    readonly displayName: string;
    readonly password: string;
  },
): Promise<{ projectId: string; technicianToken: string }> {
  const { adminToken } = options;
  const project = (await okJson(
    await api.request('POST', '/admin/projects', { name: options.projectName }, adminToken),
    201,
  )) as { id: string };
  const technician = await projectMember(api, {
    adminToken,
    projectId: project.id,
    displayName: options.displayName,
    role: 'lab_technician',
    password: options.password,
  });
  return { projectId: project.id, technicianToken: technician.token };
}
