import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import {
  projectMembers,
  projects,
  users,
  type ProjectMemberRow,
  type ProjectRow,
  type UserRow,
} from '../db/schema/index.js';

/** A project with the given user's membership, when there is one. */
export interface ProjectWithMembership {
  readonly project: ProjectRow;
  readonly membership: ProjectMemberRow | null;
}

export interface ProjectWithCreator {
  readonly project: ProjectRow;
  readonly creator: Pick<UserRow, 'id' | 'displayName' | 'email'> | null;
  readonly userCount: number;
}

export interface MemberWithUser {
  readonly membership: ProjectMemberRow;
  readonly user: Pick<UserRow, 'id' | 'displayName' | 'email'>;
}

type MemberChanges = Partial<Pick<ProjectMemberRow, 'accessLevel' | 'roles' | 'customPermissions'>>;

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

  const creatorColumns = { id: users.id, displayName: users.displayName, email: users.email };

  async function withCounts(
    rows: { project: ProjectRow; creator: ProjectWithCreator['creator'] }[],
  ): Promise<ProjectWithCreator[]> {
    const counts = await db
      .select({ projectId: projectMembers.projectId, total: count() })
      .from(projectMembers)
      .groupBy(projectMembers.projectId);
    const byProject = new Map(counts.map((row) => [row.projectId, row.total]));
    return rows.map((row) => ({ ...row, userCount: byProject.get(row.project.id) ?? 0 }));
  }

  async function list(): Promise<ProjectWithCreator[]> {
    const rows = await db
      .select({ project: projects, creator: creatorColumns })
      .from(projects)
      .leftJoin(users, eq(users.id, projects.createdBy))
      .orderBy(asc(projects.name));
    return withCounts(rows);
  }

  async function findById(id: string): Promise<ProjectWithCreator | undefined> {
    const rows = await db
      .select({ project: projects, creator: creatorColumns })
      .from(projects)
      .leftJoin(users, eq(users.id, projects.createdBy))
      .where(eq(projects.id, id))
      .limit(1);
    return (await withCounts(rows))[0];
  }

  async function update(
    id: string,
    values: Partial<Pick<ProjectRow, 'name' | 'description' | 'status'>>,
    now: Date,
  ): Promise<ProjectRow | undefined> {
    const [row] = await db
      .update(projects)
      .set({ ...values, updatedAt: now })
      .where(eq(projects.id, id))
      .returning();
    return row;
  }

  async function remove(id: string): Promise<boolean> {
    const rows = await db.delete(projects).where(eq(projects.id, id)).returning();
    return rows.length > 0;
  }

  async function members(projectId: string): Promise<MemberWithUser[]> {
    return db
      .select({ membership: projectMembers, user: creatorColumns })
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.userId))
      .where(eq(projectMembers.projectId, projectId))
      .orderBy(asc(users.displayName));
  }

  async function findMember(projectId: string, userId: string) {
    const [row] = await db
      .select()
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
      .limit(1);
    return row;
  }

  async function upsertMember(values: typeof projectMembers.$inferInsert): Promise<void> {
    await db
      .insert(projectMembers)
      .values(values)
      .onConflictDoUpdate({
        target: [projectMembers.projectId, projectMembers.userId],
        set: {
          accessLevel: values.accessLevel ?? 'member',
          roles: values.roles ?? [],
          customPermissions: values.customPermissions ?? [],
        },
      });
  }

  async function updateMember(projectId: string, userId: string, changes: MemberChanges) {
    const [row] = await db
      .update(projectMembers)
      .set(changes)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
      .returning();
    return row;
  }

  async function removeMember(projectId: string, userId: string): Promise<boolean> {
    const rows = await db
      .delete(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
      .returning();
    return rows.length > 0;
  }

  return {
    listMemberProjects,
    listAllProjects,
    insertProject,
    addMember,
    list,
    findById,
    update,
    remove,
    members,
    findMember,
    upsertMember,
    updateMember,
    removeMember,
  };
}
export type ProjectsRepository = ReturnType<typeof createProjectsRepository>;
