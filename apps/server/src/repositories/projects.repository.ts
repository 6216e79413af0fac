import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import {
  projectMembers,
  projects,
  type ProjectMemberRow,
  type ProjectRow,
} from '../db/schema/index.js';

/** A project with the given user's membership, when there is one. */
export interface ProjectWithMembership {
  readonly project: ProjectRow;
  readonly membership: ProjectMemberRow | null;
}

/** Projects and their members. */
export function createProjectsRepository(db: Database) {
  /** Projects the user is a member of. */
  async function listMemberProjects(userId: string): Promise<ProjectWithMembership[]> {
    return db
      .select({ project: projects, membership: projectMembers })
      .from(projectMembers)
      .innerJoin(projects, eq(projects.id, projectMembers.projectId))
      .where(eq(projectMembers.userId, userId))
      .orderBy(asc(projects.name));
  }

  /** Every project, each with the user's membership when present. */
  async function listAllProjects(userId: string): Promise<ProjectWithMembership[]> {
    return db
      .select({ project: projects, membership: projectMembers })
      .from(projects)
      .leftJoin(
        projectMembers,
        and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId)),
      )
      .orderBy(asc(projects.name));
  }

  async function insertProject(values: typeof projects.$inferInsert): Promise<ProjectRow> {
    const [row] = await db.insert(projects).values(values).returning();
    if (row === undefined) throw new Error('Project insert returned no row');
    return row;
  }

  async function addMember(values: typeof projectMembers.$inferInsert): Promise<void> {
    await db
      .insert(projectMembers)
      .values(values)
      .onConflictDoUpdate({
        target: [projectMembers.projectId, projectMembers.userId],
        set: { accessLevel: values.accessLevel ?? 'member' },
      });
  }

  return { listMemberProjects, listAllProjects, insertProject, addMember };
}
export type ProjectsRepository = ReturnType<typeof createProjectsRepository>;
