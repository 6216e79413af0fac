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

export const NotificationListSchema = z.object({
  notifications: z.array(NotificationSchema),
  unread: z.number().int(),
});
