import { z } from 'zod';
import { TimestampSchema } from './common.js';

export const NotificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  type: z.enum(['info', 'success', 'warning', 'error']),
  link: z.string().nullable(),
  read: z.boolean(),
  timestamp: TimestampSchema,
});
export type Notification = z.infer<typeof NotificationSchema>;

/** Own notifications page by page, newest first. */
export const NotificationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

export const NotificationListSchema = z.object({
  notifications: z.array(NotificationSchema),
  unread: z.number().int(),
  /** All of the user's notifications, read or not. */
  total: z.number().int(),
});
