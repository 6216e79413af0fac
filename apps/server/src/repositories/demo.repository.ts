import { eq, inArray, like, or } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { datasets, notifications, patients, projects, tasks } from '../db/schema/index.js';

/** The rows of the demo sample that no other domain's delete reaches (issue 32). */
export function createDemoRepository(db: Database) {
  /** The demo project, if there is one (at most one is made at a time). */
  async function findDemoProject() {
    const [row] = await db.select().from(projects).where(eq(projects.isDemo, true)).limit(1);
    return row;
  }

  /** The demo project's datasets, oldest first (the clinic sample, then the technical dataset). */
  function datasetsOf(projectId: string) {
    return db
      .select()
      .from(datasets)
      .where(eq(datasets.projectId, projectId))
      .orderBy(datasets.createdAt);
  }

  /** Ids of the patients filed under the project (a project's delete only unlinks them). */
  async function patientIdsOf(projectId: string): Promise<string[]> {
    const rows = await db
      .select({ id: patients.id })
      .from(patients)
      .where(eq(patients.projectId, projectId));
    return rows.map((row) => row.id);
  }

  /** Deletes the demo's background task rows (tasks reference nothing, so no cascade finds them). */
  async function deleteTasks(ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    return (
      await db
        .delete(tasks)
        .where(inArray(tasks.id, [...ids]))
        .returning()
    ).length;
  }

  /**
   * Deletes the notifications whose link leads into the demo (its project or datasets): the
   * notices of its jobs and of its report, whoever received them. Ids are UUIDs, so a substring match cannot hit others.
   */
  async function deleteNotificationsLinking(ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const linking = or(...ids.map((id) => like(notifications.link, `%${id}%`)));
    const rows = await db.delete(notifications).where(linking).returning();
    return rows.length;
  }

  return { findDemoProject, datasetsOf, patientIdsOf, deleteTasks, deleteNotificationsLinking };
}
export type DemoRepository = ReturnType<typeof createDemoRepository>;
