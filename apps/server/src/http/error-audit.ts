import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { isDatabaseUnavailable } from '../db/database-availability.js';
import type { AuthContext } from '../services/access.js';
import { actorOf } from '../services/audit.service.js';
import { requestOrigin } from './route-access.js';

/** Writes an `api` error entry for a request that failed with a server fault (5xx). */
export async function recordServerError(
  context: ServerContext,
  error: unknown,
  request: FastifyRequest,
): Promise<void> {
  // The audit log lives in the database that is away; the outage is in the server log instead.
  if (isDatabaseUnavailable(error)) return;
  // Outside /api the auth decoration is absent.
  const auth: AuthContext | null | undefined = request.auth;
  const reason = error instanceof Error ? error.message : String(error);
  await context.services.audit.record({
    type: 'api',
    severity: 'error',
    message:
      `${request.method} ${request.url.split('?')[0] ?? request.url} failed: ${reason}`.slice(
        0,
        2000,
      ),
    actor: auth === null || auth === undefined ? null : actorOf(auth.user),
    resource: { id: request.routeOptions.url ?? request.url, type: 'api' },
    origin: requestOrigin(request),
  });
}
