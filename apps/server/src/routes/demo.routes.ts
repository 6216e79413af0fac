import {
  DEMO_PERMISSION,
  DemoDeleteResponseSchema,
  DemoStatusResponseSchema,
} from '@sarm/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Services } from '../context.js';
import { requireAuth } from '../http/route-access.js';

const tags = ['demo'];
const MANAGE = { permission: DEMO_PERMISSION } as const;

/** The demo sample (issue 32): its status, making it and deleting everything it made. */
export const demoRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  const { demo } = services;

  app.get(
    '/sarm/demo',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'The demo sample, if there is one, and how far it is made',
        description:
          'Any signed-in user may ask, so every screen can mark the demo project. `demo` is null when there is none.',
        response: { 200: DemoStatusResponseSchema },
      },
    },
    async () => demo.status(),
  );

  app.post(
    '/sarm/demo',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Make the demo sample (five simulated videos, analysed into a report)',
        description:
          'Answers at once with the demo in state `creating`; poll `GET /sarm/demo` until `ready`. Idempotent: when a demo exists it is answered as it is.',
        response: { 200: DemoStatusResponseSchema },
      },
    },
    async (request) => demo.create(requireAuth(request)),
  );

  app.delete(
    '/sarm/demo',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Delete the demo sample and everything it made',
        description:
          'Its project, datasets, videos, frames, detections, analyses, reports, patient, calibration profile, task rows, notifications and stored files. Audit entries stay. 404 when there is no demo.',
        response: { 200: DemoDeleteResponseSchema },
      },
    },
    async (request) => demo.remove(requireAuth(request)),
  );
  done();
};
