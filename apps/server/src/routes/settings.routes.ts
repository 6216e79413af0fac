import {
  PublicSettingsSchema,
  SystemSettingsSchema,
  UpdateSystemSettingsRequestSchema,
} from '@sarm/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Services } from '../context.js';
import { requestOrigin, requireAuth } from '../http/route-access.js';

const tags = ['settings'];

/** Public settings for the sign-in screens and the system settings of administrators. */
export const settingsRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  const { settings, audit } = services;

  app.get(
    '/settings/public',
    {
      config: { permission: null },
      schema: {
        tags,
        summary: 'Settings the sign-in and registration screens need',
        response: { 200: PublicSettingsSchema },
      },
    },
    async () => settings.getPublic(),
  );

  app.get(
    '/admin/settings',
    {
      config: { permission: 'system.manage_settings' },
      schema: {
        tags,
        summary: 'System settings (general, security, storage, notifications, setup)',
        response: { 200: SystemSettingsSchema },
      },
    },
    async () => settings.get(),
  );

  app.put(
    '/admin/settings',
    {
      config: { permission: 'system.manage_settings' },
      schema: {
        tags,
        summary: 'Save system settings',
        description:
          'Send any subset of sections, each with any subset of fields; answers the full settings.',
        body: UpdateSystemSettingsRequestSchema,
        response: { 200: SystemSettingsSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const saved = await settings.update(request.body, auth.user.id);
      await audit.record({
        type: 'system',
        severity: 'info',
        message: `System settings saved (${Object.keys(request.body).join(', ')})`,
        actor: { id: auth.user.id, displayName: auth.user.displayName, email: auth.user.email },
        resource: { id: 'system_settings', type: 'settings' },
        origin: requestOrigin(request),
      });
      return saved;
    },
  );
  done();
};
