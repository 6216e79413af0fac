import { deriveAccess, type CurrentUser, type UserProject } from '@sarm/contracts';
import type { RolesRepository } from '../repositories/roles.repository.js';
import type { UsersRepository } from '../repositories/users.repository.js';
import { buildAuthContext, type AuthContext } from './access.js';
import type { PrincipalCache } from './principal-cache.js';
import type { ProjectsService } from './projects.service.js';

/** Loads who is signed in and presents it as the `CurrentUser` the client works with. */
export function createCurrentUserService(deps: {
  users: UsersRepository;
  roles: RolesRepository;
  projects: ProjectsService;
  principals?: PrincipalCache<AuthContext>;
  /** The projects each user sees, as `present` lists them. */
  visibleProjects?: PrincipalCache<UserProject[]>;
}) {
  async function loadAuthContext(userId: string): Promise<AuthContext | undefined> {
    const cached = deps.principals?.get(userId);
    if (cached !== undefined) return cached;
    const user = await deps.users.findById(userId);
    if (user === undefined) return undefined;
    const auth = buildAuthContext(user, await deps.roles.rolesOfUser(user.id));
    deps.principals?.set(userId, auth);
    return auth;
  }

  async function projectsOf(auth: AuthContext): Promise<UserProject[]> {
    const cached = deps.visibleProjects?.get(auth.user.id);
    if (cached !== undefined) return cached;
    const projects = await deps.projects.listVisibleSummaries(auth);
    deps.visibleProjects?.set(auth.user.id, projects);
    return projects;
  }

  async function present(auth: AuthContext): Promise<CurrentUser> {
    const { user, roles, permissions } = auth;
    const projects = await projectsOf(auth);
    const roleCodes = roles.map((role) => role.code);
    return {
      id: user.id,
      uid: user.id,
      email: user.email,
      displayName: user.displayName,
      isActive: user.isActive,
      profileCompleted: user.profileCompleted,
      profile: {
        phoneNumber: user.phoneNumber,
        jobTitle: user.jobTitle,
        department: user.department,
        organization: user.organization,
      },
      settings: user.settings,
      roles: roles.map((role) => ({
        id: role.id,
        code: role.code,
        name: role.name,
        isSystem: role.isSystem,
      })),
      permissions: permissions.map((code) => ({ code })),
      projects,
      access: { ...deriveAccess(permissions, roleCodes) },
      createdAt: user.createdAt.toISOString(),
    };
  }

  return { loadAuthContext, present };
}
export type CurrentUserService = ReturnType<typeof createCurrentUserService>;
