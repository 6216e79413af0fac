import { ApiErrorSchema } from '@sarm/contracts';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { AuthContext, RouteAccess } from '../services/access.js';
import { meetsRequirement } from '../services/access.js';
import type { CurrentUserService } from '../services/current-user.service.js';
import type { SessionService } from '../services/session.service.js';
import { accountInactive, forbidden, MESSAGES, unauthorized } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call the route: `null` for everyone, `'authenticated'` for any active signed-in
     * user, or a permission requirement (a code, a wildcard, or a list of alternatives).
     * Every route under `/api` must declare it; registration fails otherwise.
     */
    permission?: RouteAccess;
    /**
     * Also accept a media token (`?token=`, see `FileStorage.createMediaToken`) instead of a bearer
     * header; the handler must then serve only `request.mediaTokenKey`.
     */
    mediaToken?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user; set by the access hook on every non-public route. */
    auth: AuthContext | null;
    /** The storage key a media token grants, when the request was authorised by one. */
    mediaTokenKey: string | null;
    /** The server-side session of the bearer token, when the request was authorised by one. */
    sessionId: string | null;
  }
}

/** A route as collected for the access test and the documentation. */
export interface DeclaredRoute {
  readonly method: string;
  readonly url: string;
  readonly permission: RouteAccess;
}

function describeAccess(access: RouteAccess): string {
  if (access === null) return 'Public: no sign-in needed.';
  if (access === 'authenticated') return 'Requires a signed-in, active user.';
  const codes = typeof access === 'string' ? [access] : access;
  return `Requires permission ${codes.map((code) => `\`${code}\``).join(' or ')} (or the system_admin role).`;
}

/**
 * Refuses to register a route without a `config.permission` declaration, documents the access
 * rule and error responses in the OpenAPI schema, and records the route in `routes`.
 */
export function enforceAccessDeclarations(app: FastifyInstance, routes: DeclaredRoute[]): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.permission;
    if (access === undefined) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no config.permission`);
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // Fastify adds a HEAD twin for every GET; the GET entry stands for both.
    for (const method of methods)
      if (method !== 'HEAD') routes.push({ method, url: route.url, permission: access });
    const schema = route.schema ?? {};
    const response =
      typeof schema.response === 'object' && schema.response !== null ? schema.response : {};
    route.schema = {
      ...schema,
      description: [schema.description, describeAccess(access)].filter(Boolean).join('\n\n'),
      ...(access === null ? {} : { security: [{ bearerAuth: [] }] }),
      response: { '4xx': ApiErrorSchema, '5xx': ApiErrorSchema, ...response },
    };
  });
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token !== undefined && token !== ''
    ? token
    : undefined;
}

/** The `?token=` media token of a route that accepts one. */
function mediaTokenOf(request: FastifyRequest): string | undefined {
  if (request.routeOptions.config.mediaToken !== true) return undefined;
  const query = request.query;
  if (typeof query !== 'object' || query === null || !('token' in query)) return undefined;
  return typeof query.token === 'string' && query.token !== '' ? query.token : undefined;
}

/**
 * The access hook: for non-public routes verifies the bearer token and that its server-side
 * session is still open (401 `Not authenticated` or `Session expired`), loads the user (403 `ACCOUNT_INACTIVE` when deactivated) and checks the
 * declared permission (403). Runs on `onRequest`, before the body is read or validated.
 */
export function installAccessHook(
  app: FastifyInstance,
  deps: {
    sessions: SessionService;
    currentUser: CurrentUserService;
    verifyMediaToken: (token: string) => { key: string; userId: string } | null;
  },
): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('mediaTokenKey', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.permission;
    if (access === undefined || access === null) return;
    const token = bearerToken(request);
    let userId: string;
    const mediaToken = mediaTokenOf(request);
    if (token === undefined && mediaToken !== undefined) {
      const claims = deps.verifyMediaToken(mediaToken);
      if (claims === null) throw unauthorized(MESSAGES.sessionExpired);
      userId = claims.userId;
      request.mediaTokenKey = claims.key;
    } else {
      if (token === undefined) throw unauthorized(MESSAGES.notAuthenticated);
      const verified = deps.sessions.verifySignature(token);
      if (!verified.ok) {
        throw unauthorized(
          verified.reason === 'expired' ? MESSAGES.sessionExpired : MESSAGES.notAuthenticated,
        );
      }
      userId = verified.userId;
      request.sessionId = verified.sessionId;
    }
    const auth = await deps.currentUser.loadAuthContext(userId);
    if (auth === undefined) throw unauthorized(MESSAGES.notAuthenticated);
    // Before the session check, so a client of a deactivated account (whose sessions were
    // revoked) is told why rather than sent back to sign in.
    if (!auth.user.isActive) throw accountInactive();
    if (request.sessionId !== null && !(await deps.sessions.isLive(request.sessionId, userId)))
      throw unauthorized(MESSAGES.sessionExpired);
    if (access !== 'authenticated' && !meetsRequirement(auth, access))
      throw forbidden(MESSAGES.noPermission);
    request.auth = auth;
  });
}

/** The session of a request authorised by a bearer token (not by a media token). */
export function requireSessionId(request: FastifyRequest): string {
  if (request.sessionId === null) throw unauthorized(MESSAGES.notAuthenticated);
  return request.sessionId;
}

/** The signed-in user of a non-public route (the access hook guarantees one). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (request.auth === null) throw unauthorized(MESSAGES.notAuthenticated);
  return request.auth;
}

/** IP address and user agent for the audit trail. */
export function requestOrigin(request: FastifyRequest) {
  const userAgent = request.headers['user-agent'];
  return { ipAddress: request.ip === '' ? null : request.ip, userAgent: userAgent ?? null };
}
