import {
  NotificationListQuerySchema,
  type Notification,
  type NotificationListQuery,
} from '@sarm/contracts';
import type { Clock } from '../clock.js';
import type { NotificationRow, NotificationType } from '../db/schema/index.js';
import type { NotificationsRepository } from '../repositories/notifications.repository.js';

export interface NotificationContent {
  readonly title: string;
  readonly message: string;
  readonly type?: NotificationType;
  readonly link?: string | null;
}

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    type: row.type,
    link: row.link,
    read: row.read,
    timestamp: row.createdAt.toISOString(),
  };
}

/** In-app notifications: jobs and services call `notify`; users list and mark them read. */
export function createNotificationsService(deps: {
  repository: NotificationsRepository;
  clock: Clock;
}) {
  async function notifyMany(
    userIds: readonly string[],
    content: NotificationContent,
  ): Promise<void> {
    const createdAt = deps.clock.now();
    await deps.repository.insertMany(
      [...new Set(userIds)].map((userId) => ({
        userId,
        title: content.title,
        message: content.message,
        type: content.type ?? 'info',
        link: content.link ?? null,
        createdAt,
      })),
    );
  }

  async function list(
    userId: string,
    page: NotificationListQuery = NotificationListQuerySchema.parse({}),
  ): Promise<{ notifications: Notification[]; unread: number; total: number }> {
    const [rows, counts] = await Promise.all([
      deps.repository.listForUser(userId, page.limit, page.offset),
      deps.repository.countForUser(userId),
    ]);
    return { notifications: rows.map(toNotification), ...counts };
  }

  return {
    notify: (userId: string, content: NotificationContent) => notifyMany([userId], content),
    notifyMany,
    list,
    markRead: (userId: string, id: string) => deps.repository.markRead(userId, id),
    markAllRead: (userId: string) => deps.repository.markAllRead(userId),
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
/** The part of the service jobs need. */
export type Notifier = Pick<NotificationsService, 'notify'>;
