import type { PermissionRequirement } from '@sarm/contracts';
import Fastify from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, grantCustomRole } from '../test/factories.js';
import { createTestServer, type TestServer } from '../test/test-server.js';
import { enforceAccessDeclarations, type DeclaredRoute } from './route-access.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ workers: false });
});
afterAll(async () => {
  await server.close();
});

type InjectMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const INJECT_METHODS: readonly InjectMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The route's URL with every `:param` filled with a fresh id. */
const concreteUrl = (route: DeclaredRoute) => route.url.replace(/:[A-Za-z_]+/g, () => randomUUID());
const injectMethod = (route: DeclaredRoute): InjectMethod => {
  const method = INJECT_METHODS.find((m) => m === route.method);
  if (method === undefined) throw new Error(`Unexpected method ${route.method}`);
  return method;
};
const call = (route: DeclaredRoute, headers: Record<string, string> = {}) =>
  server.app.inject({ method: injectMethod(route), url: concreteUrl(route), headers });

const requirementCodes = (
  permission: PermissionRequirement | readonly PermissionRequirement[],
): readonly PermissionRequirement[] => (typeof permission === 'string' ? [permission] : permission);

describe('access declarations', () => {
  it('refuses to register a route that declares no permission', async () => {
    const app = Fastify();
    enforceAccessDeclarations(app, []);
    expect(() => app.get('/undeclared', () => ({}))).toThrow(
      'Route GET /undeclared declares no config.permission',
    );
    expect(() => app.get('/declared', { config: { permission: null } }, () => ({}))).not.toThrow();
    await app.close();
  });

  it('collects every /api route with its declaration', () => {
    const routes = server.app.declaredRoutes;
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'POST /api/sarm/auth/login-user',
        'GET /api/sarm/auth/get-me',
        'DELETE /api/tasks/:id',
        'PUT /api/admin/settings',
      ]),
    );
    expect(routes.some((r) => r.permission !== null && r.permission !== 'authenticated')).toBe(
      true,
    );
  });
});

describe('every non-public /api route', () => {
  it('answers 401 "Not authenticated" to an anonymous caller', async () => {
    const protectedRoutes = server.app.declaredRoutes.filter((route) => route.permission !== null);
    expect(protectedRoutes.length).toBeGreaterThan(10);
    for (const route of protectedRoutes) {
      const response = await call(route);
      expect({
        route: `${route.method} ${route.url}`,
        status: response.statusCode,
        body: response.json<unknown>(),
      }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
        body: { statusCode: 401, message: 'Not authenticated' },
      });
    }
  });

  it('answers 403 to a signed-in user lacking the permission, and lets a holder through', async () => {
    const { headers: withoutRoles } = await signedInUser(server);
    // One user per permission, holding that permission only: routes that need the same one share it.
    const holders = new Map<string, Record<string, string>>();
    const holderOf = async (code: PermissionRequirement | undefined) => {
      if (code === undefined) throw new Error('A route declares an empty permission list');
      const known = holders.get(code);
      if (known !== undefined) return known;
      const holder = await signedInUser(server);
      await grantCustomRole(server, holder.user.id, [code]);
      holders.set(code, holder.headers);
      return holder.headers;
    };
    const permissionRoutes = server.app.declaredRoutes.filter(
      (
        route,
      ): route is DeclaredRoute & {
        permission: PermissionRequirement | readonly PermissionRequirement[];
      } => route.permission !== null && route.permission !== 'authenticated',
    );
    for (const route of permissionRoutes) {
      const refused = await call(route, withoutRoles);
      expect({
        route: `${route.method} ${route.url}`,
        status: refused.statusCode,
        body: refused.json<unknown>(),
      }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 403,
        body: { statusCode: 403, message: "You don't have permission to perform this action" },
      });

      const allowed = await call(route, await holderOf(requirementCodes(route.permission)[0]));
      expect([401, 403]).not.toContain(allowed.statusCode);
    }
  });

  it('lets any active signed-in user through "authenticated" routes', async () => {
    const { headers } = await signedInUser(server);
    for (const route of server.app.declaredRoutes.filter((r) => r.permission === 'authenticated')) {
      // Signing out ends the session it is called with, so it gets a session of its own.
      const own = route.url.endsWith('/auth/logout') ? (await signedInUser(server)).headers : null;
      const response = await call(route, own ?? headers);
      expect([401, 403]).not.toContain(response.statusCode);
    }
  });
});

describe('outside the declared routes', () => {
  it('answers unknown /api paths with 404 in the error shape', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      message: 'Route GET /api/does-not-exist not found',
    });
  });

  it('publishes the OpenAPI document with bearer security on protected routes', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      paths: Record<string, Record<string, { security?: unknown }>>;
    }>();
    expect(document.paths['/api/sarm/auth/get-me']?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/api/sarm/auth/login-user']?.post?.security).toBeUndefined();
    const ui = await server.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});
