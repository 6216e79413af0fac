import type { UserProject, UserProjectDetail } from '@sarm/contracts';
import type {
  ProjectsRepository,
  ProjectWithMembership,
} from '../repositories/projects.repository.js';
import { notFound } from '../http/errors.js';
import type { DatasetsRepository } from '../repositories/datasets.repository.js';
import { meetsRequirement, type AuthContext } from './access.js';

type Counts = { datasets: number; videos: number } | undefined;

function toUserProject(
  { project, membership }: ProjectWithMembership,
  counts: Counts,
): UserProjectDetail {
  return {
    id: project.id,
    name: project.name,
    description: project.description,
    status: project.status,
    isDemo: project.isDemo,
    accessLevel: membership?.accessLevel ?? 'admin',
    roles: membership?.roles ?? [],
    permissions: membership?.customPermissions ?? [],
    createdAt: project.createdAt.toISOString(),
    updatedAt: project.updatedAt.toISOString(),
    stats: { datasets_count: counts?.datasets ?? 0, videos_count: counts?.videos ?? 0 },
  };
}

/** Projects as users see them. */
export function createProjectsService(deps: {
  repository: ProjectsRepository;
  datasets: DatasetsRepository;
}) {
  /**
   * The caller's projects: memberships for everyone; every project for project managers
   * (`system.manage_projects`), with access level `admin` where they are not a member.
   */
  function visibleRows(auth: AuthContext): Promise<ProjectWithMembership[]> {
    return meetsRequirement(auth, 'system.manage_projects')
      ? deps.repository.listAllProjects(auth.user.id)
      : deps.repository.listMemberProjects(auth.user.id);
  }

  /** The caller's projects with their dataset and video counts. */
  async function listVisible(auth: AuthContext): Promise<UserProjectDetail[]> {
    const rows = await visibleRows(auth);
    const counts = await deps.datasets.projectCounts(rows.map((row) => row.project.id));
    return rows.map((row) => toUserProject(row, counts.get(row.project.id)));
  }

  /** The caller's projects as the signed-in user's summary shows them: no counts to read. */
  async function listVisibleSummaries(auth: AuthContext): Promise<UserProject[]> {
    return (await visibleRows(auth)).map(({ project, membership }) => ({
      id: project.id,
      name: project.name,
      accessLevel: membership?.accessLevel ?? 'admin',
      // Only the demo says so: the summary travels with every sign-in and stays lean otherwise.
      ...(project.isDemo ? { isDemo: true } : {}),
    }));
  }

  /** One visible project; 404 `Project not found` otherwise. */
  async function getVisible(auth: AuthContext, id: string): Promise<UserProjectDetail> {
    const project = (await listVisible(auth)).find((candidate) => candidate.id === id);
    if (project === undefined) throw notFound('Project not found');
    return project;
  }

  return { listVisible, listVisibleSummaries, getVisible };
}
export type ProjectsService = ReturnType<typeof createProjectsService>;
