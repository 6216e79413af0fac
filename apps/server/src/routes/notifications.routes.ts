import {
  IdParamsSchema,
  NotificationListQuerySchema,
  NotificationListSchema,
  OkResponseSchema,
} from '@sarm/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Services } from '../context.js';
import { notFound } from '../http/errors.js';
import { requireAuth } from '../http/route-access.js';

const tags = ['notifications'];

/** The signed-in user's own notifications. */
export const notificationRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  const { notifications } = services;

  app.get(
    '/notifications',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Own notifications, newest first, with the unread count',
        description:
          '`limit` (default 100, at most 200) and `offset` page them; `total` counts them all, read or not.',
        querystring: NotificationListQuerySchema,
        response: { 200: NotificationListSchema },
      },
    },
    async (request) => notifications.list(requireAuth(request).user.id, request.query),
  );

  app.put(
    '/notifications/read-all',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Mark all own notifications read',
        response: { 200: OkResponseSchema },
      },
    },
    async (request) => {
      const count = await notifications.markAllRead(requireAuth(request).user.id);
      return { success: true as const, message: `${count} notifications marked as read` };
    },
  );

  app.put(
    '/notifications/:id/read',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Mark one notification read',
        params: IdParamsSchema,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) => {
      if (!(await notifications.markRead(requireAuth(request).user.id, request.params.id))) {
        throw notFound('Notification not found');
      }
      return { success: true as const };
    },
  );
  done();
};
