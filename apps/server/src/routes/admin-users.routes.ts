import {
  AdminPasswordResetRequestSchema,
  AdminUserListQuerySchema,
  AdminUserListSchema,
  AdminUserSchema,
  CreateAdminUserRequestSchema,
  IdParamsSchema,
  OkResponseSchema,
  UpdateAdminUserRequestSchema,
  UserIdParamsSchema,
  UserPermissionsRequestSchema,
  UserPermissionsResponseSchema,
  UserProjectAccessListSchema,
  UserRolesRequestSchema,
  UserRolesResponseSchema,
} from '@sarm/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Services } from '../context.js';
import { requestOrigin, requireAuth } from '../http/route-access.js';
import type { RouteAccess } from '../services/access.js';

const tags = ['admin: users'];
/** User Management accepts manage_users; the system_admin role passes every check anyway. */
const permission: RouteAccess = 'system.manage_users';

/** User administration (spec 3 §7 Users) and the `/sarm/admin/users/...` aliases. */
export const adminUserRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  const { adminUsers } = services;
  const config = { permission };

  app.get(
    '/admin/users',
    {
      config,
      schema: {
        tags,
        summary: 'Users, searched by name or e-mail, one page at a time',
        querystring: AdminUserListQuerySchema,
        response: { 200: AdminUserListSchema },
      },
    },
    async (request) => adminUsers.list(request.query),
  );

  app.post(
    '/admin/users',
    {
      config,
      schema: {
        tags,
        summary: 'Create a user',
        description:
          'The account gets a random password and the user is mailed a one-hour link to choose one. 409 when the e-mail is taken.',
        body: CreateAdminUserRequestSchema,
        response: { 201: AdminUserSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await adminUsers.create(requireAuth(request), request.body, requestOrigin(request))),
  );

  app.post(
    '/admin/users/password-reset',
    {
      config,
      schema: {
        tags,
        summary: 'Mail a password reset link to a user',
        body: AdminPasswordResetRequestSchema,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) =>
      adminUsers.sendPasswordReset(
        requireAuth(request),
        request.body.email,
        requestOrigin(request),
      ),
  );

  app.get(
    '/admin/users/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One user',
        params: IdParamsSchema,
        response: { 200: AdminUserSchema },
      },
    },
    async (request) => adminUsers.get(request.params.id),
  );

  app.put(
    '/admin/users/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Edit a user (display name, roles, active); the e-mail cannot change',
        description: 'A deactivated user is refused with 403 ACCOUNT_INACTIVE on the next call.',
        params: IdParamsSchema,
        body: UpdateAdminUserRequestSchema,
        response: { 200: AdminUserSchema },
      },
    },
    async (request) =>
      adminUsers.update(
        requireAuth(request),
        request.params.id,
        request.body,
        requestOrigin(request),
      ),
  );

  app.delete(
    '/admin/users/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a user',
        params: IdParamsSchema,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) => {
      await adminUsers.remove(requireAuth(request), request.params.id, requestOrigin(request));
      return { success: true as const };
    },
  );

  app.get(
    '/admin/users/:id/roles',
    {
      config,
      schema: {
        tags,
        summary: 'Roles of a user',
        params: IdParamsSchema,
        response: { 200: UserRolesResponseSchema },
      },
    },
    async (request) => adminUsers.rolesOf(request.params.id),
  );

  const setRoles = (request: FastifyRequest, id: string, roles: string[]) =>
    adminUsers.setRoles(requireAuth(request), id, roles, requestOrigin(request));
  app.put(
    '/admin/users/:id/roles',
    {
      config,
      schema: {
        tags,
        summary: 'Replace the roles of a user (ids or codes)',
        params: IdParamsSchema,
        body: UserRolesRequestSchema,
        response: { 200: UserRolesResponseSchema },
      },
    },
    async (request) => setRoles(request, request.params.id, request.body.roles),
  );
  app.put(
    '/sarm/admin/users/:userId/roles',
    {
      config,
      schema: {
        tags,
        summary: 'Alias of PUT /admin/users/{id}/roles',
        params: UserIdParamsSchema,
        body: UserRolesRequestSchema,
        response: { 200: UserRolesResponseSchema },
      },
    },
    async (request) => setRoles(request, request.params.userId, request.body.roles),
  );

  app.put(
    '/sarm/admin/users/:userId/permissions',
    {
      config,
      schema: {
        tags,
        summary: "Replace the user's own permission codes (granted on top of the roles)",
        params: UserIdParamsSchema,
        body: UserPermissionsRequestSchema,
        response: { 200: UserPermissionsResponseSchema },
      },
    },
    async (request) =>
      adminUsers.setPermissions(
        requireAuth(request),
        request.params.userId,
        request.body.permissions,
        requestOrigin(request),
      ),
  );

  app.get(
    '/admin/users/:id/projects',
    {
      config,
      schema: {
        tags,
        summary: 'Projects a user belongs to, with access level and project roles',
        params: IdParamsSchema,
        response: { 200: UserProjectAccessListSchema },
      },
    },
    async (request) => adminUsers.projectsOf(request.params.id),
  );
  done();
};
