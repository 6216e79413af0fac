import {
  IdParamsSchema,
  SystemStatusSchema,
  TaskListQuerySchema,
  TaskListResponseSchema,
  TaskSchema,
} from '@sarm/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../context.js';
import { requireAuth } from '../http/route-access.js';
import { toTask } from '../services/tasks.service.js';

const tags = ['tasks'];
const visibility =
  'Users see their own tasks; holders of any `system.*` permission see all. Others get 404.';

/** Background tasks: status, listing, cancellation and the queue overview. */
export const taskRoutes: FastifyPluginCallbackZod<{ context: ServerContext }> = (
  app,
  { context },
  done,
) => {
  const { tasks } = context.services;

  app.get(
    '/tasks/system/status',
    {
      config: { permission: 'system.*' },
      schema: {
        tags,
        summary: 'Queue counts per task type, database kind, process role and uptime',
        response: { 200: SystemStatusSchema },
      },
    },
    async () => tasks.systemStatus(),
  );

  app.get(
    '/tasks',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'List tasks, newest first',
        description: `${visibility} \`limit\` (default 50, at most 200) and \`offset\` page them; \`total\` counts them all.`,
        querystring: TaskListQuerySchema,
        response: { 200: TaskListResponseSchema },
      },
    },
    async (request) => tasks.list(requireAuth(request), request.query),
  );

  app.get(
    '/tasks/:id',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'One task with stage, progress and result',
        description: visibility,
        params: IdParamsSchema,
        response: { 200: TaskSchema },
      },
    },
    async (request) => tasks.get(requireAuth(request), request.params.id),
  );

  app.delete(
    '/tasks/:id',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Cancel a queued or running task',
        description: `${visibility} Stops the running handler; 409 when the task already completed or failed.`,
        params: IdParamsSchema,
        response: { 200: TaskSchema },
      },
    },
    async (request) => tasks.cancel(requireAuth(request), request.params.id),
  );

  app.post(
    '/tasks/:id/dismiss',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: "Dismiss a failed task from the technical dashboard's Open Issues",
        description: `${visibility} Only the task's creator or a \`system.*\` holder can see it, so only they can dismiss it; 409 unless the task failed. Dismissing again is harmless.`,
        params: IdParamsSchema,
        response: { 200: TaskSchema },
      },
    },
    async (request) => tasks.dismiss(requireAuth(request), request.params.id),
  );

  app.post(
    '/tasks/system/cleanup',
    {
      config: { permission: 'system.manage_settings' },
      schema: {
        tags,
        summary: 'Run the system cleanup job now',
        description:
          'Deletes expired password reset tokens and old sign-in attempts (it also runs hourly).',
        response: { 202: TaskSchema },
      },
    },
    async (request, reply) => {
      const task = await context.queue.enqueueTask(
        'system.cleanup',
        { reason: 'manual' },
        requireAuth(request).user.id,
      );
      return reply.status(202).send(toTask(task));
    },
  );
  done();
};
