import {
  IdParamsSchema,
  logsCsvFileName,
  SystemLogExportRequestSchema,
  SystemLogListQuerySchema,
  SystemLogListSchema,
  SystemLogSchema,
  SystemLogStatisticsSchema,
} from '@sarm/contracts';
import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Services } from '../context.js';
import { requestOrigin, requireAuth } from '../http/route-access.js';
import { actorOf } from '../services/audit.service.js';

const tags = ['admin: system logs'];
const config = { permission: 'system.view_logs' } as const;

/** The audit trail: list with filters and paging, one entry, CSV export, statistics. */
export const systemLogRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  const { systemLogs, audit } = services;

  app.get(
    '/admin/system-logs',
    {
      config,
      schema: {
        tags,
        summary: 'Audit entries, newest first',
        description:
          'Filters: `search` (message, user, resource, IP), `type`, `severity`, `from`/`to` (inclusive ISO instants). 15 per page by default.',
        querystring: SystemLogListQuerySchema,
        response: { 200: SystemLogListSchema },
      },
    },
    async (request) => systemLogs.list(request.query),
  );

  app.get(
    '/admin/system-logs/statistics',
    {
      config,
      schema: {
        tags,
        summary: 'Entry counts in all, in the last 24 hours, by type and severity',
        response: { 200: SystemLogStatisticsSchema },
      },
    },
    async () => systemLogs.statistics(),
  );

  app.get(
    '/admin/system-logs/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One audit entry',
        params: IdParamsSchema,
        response: { 200: SystemLogSchema },
      },
    },
    async (request) => systemLogs.get(request.params.id),
  );

  app.post(
    '/admin/system-logs/export',
    {
      config,
      schema: {
        tags,
        summary: 'Export the matching entries as CSV',
        description:
          'Answers `text/csv` as an attachment named `system-logs-YYYY-MM-DD.csv` with the columns timestamp, type, severity, message, userId, userName, userEmail, resourceId, resourceType, ipAddress, userAgent.',
        body: SystemLogExportRequestSchema,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const { csv, rows } = await systemLogs.exportCsv(request.body.filters);
      const auth = requireAuth(request);
      await audit.record({
        type: 'system',
        severity: 'info',
        message: `System logs exported (${rows} entries)`,
        actor: actorOf(auth.user),
        origin: requestOrigin(request),
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${logsCsvFileName(new Date())}"`)
        .send(csv);
    },
  );
  done();
};
