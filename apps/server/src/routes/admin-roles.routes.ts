import {
  AdminRoleListSchema,
  AdminRoleSchema,
  CreateRoleRequestSchema,
  IdParamsSchema,
  OkResponseSchema,
  PermissionListSchema,
  PermissionsByModuleSchema,
  RolePermissionsRequestSchema,
  RolePermissionsResponseSchema,
  UpdateRoleRequestSchema,
} from '@sarm/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Services } from '../context.js';
import { requestOrigin, requireAuth } from '../http/route-access.js';

const tags = ['admin: roles'];
const config = { permission: 'system.manage_roles' } as const;
/** The role list also feeds the role pickers of User Management. */
const readRoles = { permission: ['system.manage_roles', 'system.manage_users'] } as const;
/** Project managers pick roles and permissions for project members too. */
const readCatalogue = {
  permission: ['system.manage_roles', 'system.manage_users', 'system.manage_projects'],
} as const;

/** Roles, role permissions and the permission catalogue (spec 3 §7 Roles and permissions). */
export const adminRoleRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  const { roles } = services;

  for (const url of ['/admin/roles', '/sarm/admin/roles']) {
    app.get(
      url,
      {
        config: {
          permission: url === '/admin/roles' ? readRoles.permission : readCatalogue.permission,
        },
        schema: {
          tags,
          summary: 'Every role with its permissions and user count',
          response: { 200: AdminRoleListSchema },
        },
      },
      async () => ({ roles: await roles.list() }),
    );
  }

  app.post(
    '/admin/roles',
    {
      config,
      schema: {
        tags,
        summary: 'Create a custom role',
        description:
          '409 `Role code "{code}" already exists`. `isSystem` is ignored: system roles are seeded.',
        body: CreateRoleRequestSchema,
        response: { 201: AdminRoleSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await roles.create(requireAuth(request), request.body, requestOrigin(request))),
  );

  app.get(
    '/admin/roles/:id',
    {
      config: readRoles,
      schema: {
        tags,
        summary: 'One role',
        params: IdParamsSchema,
        response: { 200: AdminRoleSchema },
      },
    },
    async (request) => roles.get(request.params.id),
  );

  app.put(
    '/admin/roles/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Edit a role; a system role keeps its code',
        params: IdParamsSchema,
        body: UpdateRoleRequestSchema,
        response: { 200: AdminRoleSchema },
      },
    },
    async (request) =>
      roles.update(requireAuth(request), request.params.id, request.body, requestOrigin(request)),
  );

  app.delete(
    '/admin/roles/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a custom role',
        description: '400 `System roles cannot be deleted`.',
        params: IdParamsSchema,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) => {
      await roles.remove(requireAuth(request), request.params.id, requestOrigin(request));
      return { success: true as const };
    },
  );

  app.get(
    '/admin/roles/:id/permissions',
    {
      config: readRoles,
      schema: {
        tags,
        summary: 'Permission ids of a role',
        params: IdParamsSchema,
        response: { 200: RolePermissionsResponseSchema },
      },
    },
    async (request) => roles.permissionsOf(request.params.id),
  );

  app.put(
    '/admin/roles/:id/permissions',
    {
      config,
      schema: {
        tags,
        summary: 'Replace the permissions of a role',
        description: 'Ids are permission codes; module wildcards such as `sarm.*` are accepted.',
        params: IdParamsSchema,
        body: RolePermissionsRequestSchema,
        response: { 200: RolePermissionsResponseSchema },
      },
    },
    async (request) =>
      roles.setPermissions(
        requireAuth(request),
        request.params.id,
        request.body.permissions,
        requestOrigin(request),
      ),
  );

  for (const url of ['/admin/permissions', '/sarm/admin/permissions']) {
    app.get(
      url,
      {
        config: readCatalogue,
        schema: {
          tags,
          summary: 'The permission catalogue',
          response: { 200: PermissionListSchema },
        },
      },
      () => ({ permissions: roles.permissions() }),
    );
  }

  app.get(
    '/admin/permissions/by-module',
    {
      config: readCatalogue,
      schema: {
        tags,
        summary: 'The permission catalogue as a map of module to permissions',
        response: { 200: PermissionsByModuleSchema },
      },
    },
    () => roles.permissionsByModule(),
  );
  done();
};
