import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumn } from './columns.js';
import { users } from './users.js';

export const NOTIFICATION_TYPES = ['info', 'success', 'warning', 'error'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    type: text('type').$type<NotificationType>().notNull().default('info'),
    link: text('link'),
    read: boolean('read').notNull().default(false),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
  },
  (table) => [index('notifications_user_idx').on(table.userId, table.createdAt)],
);
export type NotificationRow = typeof notifications.$inferSelect;
