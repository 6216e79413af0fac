import type { ProjectsRepository } from '../repositories/projects.repository.js';
import { meetsRequirement, type AuthContext } from './access.js';

/**
 * Which projects' data a user may see: every project for project managers
 * (`system.manage_projects`, and administrators), otherwise the projects they are a member of.
 */
export function createProjectScope(deps: { projects: ProjectsRepository }) {
  /** `null` when every project is visible, else the visible project ids. */
  async function visibleProjectIds(auth: AuthContext): Promise<string[] | null> {
    if (meetsRequirement(auth, 'system.manage_projects')) return null;
    const rows = await deps.projects.listMemberProjects(auth.user.id);
    return rows.map((row) => row.project.id);
  }

  async function canSee(auth: AuthContext, projectId: string): Promise<boolean> {
    const ids = await visibleProjectIds(auth);
    return ids === null || ids.includes(projectId);
  }

  return { visibleProjectIds, canSee };
}
export type ProjectScope = ReturnType<typeof createProjectScope>;
