import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const HealthSchema = z.object({ status: z.literal('ok') });

/** Liveness probe for load balancers and container orchestrators. */
export const healthRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/health',
    {
      config: { permission: null },
      schema: { tags: ['system'], summary: 'Liveness probe', response: { 200: HealthSchema } },
    },
    () => ({ status: 'ok' as const }),
  );
  done();
};
