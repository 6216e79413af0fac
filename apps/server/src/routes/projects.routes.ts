import { UserProjectListResponseSchema } from '@sarm/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Services } from '../context.js';
import { requireAuth } from '../http/route-access.js';

/** The caller's projects (the project administration arrives with the admin screens). */
export const projectRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  app.get(
    '/sarm/project',
    {
      config: { permission: 'authenticated', responseCache: true },
      schema: {
        tags: ['projects'],
        summary: "The caller's projects with access level and counts",
        description:
          'Members see their projects; holders of `system.manage_projects` see every project.',
        response: { 200: UserProjectListResponseSchema },
      },
    },
    async (request) => ({ projects: await services.projects.listVisible(requireAuth(request)) }),
  );
  done();
};
