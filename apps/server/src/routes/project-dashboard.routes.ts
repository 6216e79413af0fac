import { ProjectDashboardSchema } from '@sarm/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Services } from '../context.js';
import { requireAuth } from '../http/route-access.js';

/** The project dashboard of the business workflow (spec 1 §2.4), on real figures. */
export const projectDashboardRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  app.get(
    '/sarm/project/dashboard',
    {
      config: { permission: ['sarm.*'] },
      schema: {
        tags: ['projects'],
        summary: 'Statistics, team members, dataset analytics and performance of visible projects',
        description:
          'One row per project the caller can see (administrators of projects see all). `progress` is the rounded percent of videos with a completed CASA analysis: 100 is `completed`, above 0 `active`, else `pending`. `segmentsCount` counts segmentation masks: detections that have a mask (`has_mask`); `detections` on a dataset counts them all. Performance means are over the latest analysis of each video; `normalConcentrationCount` counts analyses at or above 16 million/ml (WHO 2021).',
        response: { 200: ProjectDashboardSchema },
      },
    },
    async (request) => services.projectDashboard.dashboard(requireAuth(request)),
  );
  done();
};
