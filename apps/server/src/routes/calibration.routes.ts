import {
  CalibrationProfileInputSchema,
  CalibrationProfileListResponseSchema,
  CalibrationProfileSchema,
  IdParamsSchema,
  OkResponseSchema,
  type PermissionRequirement,
} from '@sarm/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Services } from '../context.js';
import { requireAuth } from '../http/route-access.js';
import { BROWSE_DATA } from './clinical-access.js';

const tags = ['calibration'];
const MANAGE: readonly PermissionRequirement[] = ['system.manage_calibration'];
/** Whoever sees samples sees the profiles they may pick, and so do their managers. */
const READ: readonly PermissionRequirement[] = [
  ...BROWSE_DATA,
  'sarm.manage_samples',
  'system.manage_calibration',
];
const MANAGE_NOTE =
  'Needs `system.manage_calibration` (administrators; grant it to a lab manager role). Every change is audited. 409 when the name is taken.';

/** Microscope calibration profiles (issue 15): name, objective, µm per pixel, frame rate, chamber. */
export const calibrationRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  const { calibration } = services.clinical;

  app.get(
    '/sarm/calibration-profiles',
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: 'The calibration profiles, by name',
        response: { 200: CalibrationProfileListResponseSchema },
      },
    },
    async () => calibration.list(),
  );

  app.post(
    '/sarm/calibration-profiles',
    {
      config: { permission: MANAGE },
      schema: {
        tags,
        summary: 'Create a calibration profile',
        description: MANAGE_NOTE,
        body: CalibrationProfileInputSchema,
        response: { 201: CalibrationProfileSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await calibration.create(requireAuth(request), request.body)),
  );

  app.put(
    '/sarm/calibration-profiles/:id',
    {
      config: { permission: MANAGE },
      schema: {
        tags,
        summary: 'Change a calibration profile',
        description: `${MANAGE_NOTE} Samples that picked it keep the values they copied until edited.`,
        params: IdParamsSchema,
        body: CalibrationProfileInputSchema,
        response: { 200: CalibrationProfileSchema },
      },
    },
    async (request) => calibration.update(requireAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/sarm/calibration-profiles/:id',
    {
      config: { permission: MANAGE },
      schema: {
        tags,
        summary: 'Delete a calibration profile',
        description: MANAGE_NOTE,
        params: IdParamsSchema,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) => calibration.remove(requireAuth(request), request.params.id),
  );
  done();
};
