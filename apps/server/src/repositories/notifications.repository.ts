import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { notifications, type NotificationRow, type NotificationType } from '../db/schema/index.js';

export interface NewNotification {
  readonly userId: string;
  readonly title: string;
  readonly message: string;
  readonly type: NotificationType;
  readonly link: string | null;
  readonly createdAt: Date;
}

/** In-app notifications; every query is scoped to one user. */
export function createNotificationsRepository(db: Database) {
  async function insertMany(values: readonly NewNotification[]): Promise<void> {
    if (values.length === 0) return;
    await db.insert(notifications).values([...values]);
  }

  async function listForUser(
    userId: string,
    limit: number,
    offset = 0,
  ): Promise<NotificationRow[]> {
    return db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit)
      .offset(offset);
  }

  /** The user's notifications and how many of them are unread, in one query. */
  async function countForUser(userId: string): Promise<{ total: number; unread: number }> {
    const [row] = await db
      .select({
        total: count(),
        unread: sql<number>`count(*) filter (where ${notifications.read} = false)`.mapWith(Number),
      })
      .from(notifications)
      .where(eq(notifications.userId, userId));
    return { total: row?.total ?? 0, unread: row?.unread ?? 0 };
  }

  /** Marks one of the user's notifications read; answers false when the user has no such notification. */
  async function markRead(userId: string, id: string): Promise<boolean> {
    const rows = await db
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning({ id: notifications.id });
    return rows.length > 0;
  }

  async function markAllRead(userId: string): Promise<number> {
    const rows = await db
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
      .returning({ id: notifications.id });
    return rows.length;
  }

  return { insertMany, listForUser, countForUser, markRead, markAllRead };
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
