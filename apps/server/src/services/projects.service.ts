import type { UserProjectDetail } from '@sarm/contracts';
import type {
  ProjectsRepository,
  ProjectWithMembership,
} from '../repositories/projects.repository.js';
import { meetsRequirement, type AuthContext } from './access.js';

function toUserProject({ project, membership }: ProjectWithMembership): UserProjectDetail {
  return {
    id: project.id,
    name: project.name,
    description: project.description,
    status: project.status,
    accessLevel: membership?.accessLevel ?? 'admin',
    roles: membership?.roles ?? [],
    permissions: membership?.customPermissions ?? [],
    createdAt: project.createdAt.toISOString(),
    updatedAt: project.updatedAt.toISOString(),
    // Datasets and videos arrive with the clinical workflow; until then every project is empty.
    stats: { datasets_count: 0, videos_count: 0 },
  };
}

/** Projects as users see them. */
export function createProjectsService(deps: { repository: ProjectsRepository }) {
  /**
   * The caller's projects: memberships for everyone; every project for project managers
   * (`system.manage_projects`), with access level `admin` where they are not a member.
   */
  async function listVisible(auth: AuthContext): Promise<UserProjectDetail[]> {
    const rows = meetsRequirement(auth, 'system.manage_projects')
      ? await deps.repository.listAllProjects(auth.user.id)
      : await deps.repository.listMemberProjects(auth.user.id);
    return rows.map(toUserProject);
  }

  return { listVisible };
}
export type ProjectsService = ReturnType<typeof createProjectsService>;
