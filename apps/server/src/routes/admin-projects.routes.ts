import {
  AddProjectUserRequestSchema,
  AdminProjectListSchema,
  AdminProjectSchema,
  AvailableUserListSchema,
  CreateProjectRequestSchema,
  IdParamsSchema,
  OkResponseSchema,
  ProjectIdQuerySchema,
  ProjectUserListSchema,
  ProjectUserParamsSchema,
  SarmProjectUserParamsSchema,
  ToggleArchiveRequestSchema,
  UpdateProjectRequestSchema,
  UpdateProjectUserRequestSchema,
  type UpdateProjectUserRequest,
} from '@sarm/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Services } from '../context.js';
import { requestOrigin, requireAuth } from '../http/route-access.js';

const tags = ['admin: projects'];
const config = { permission: 'system.manage_projects' } as const;

/** Project administration and members (spec 3 §7 Projects), with the `/project/...` and `/sarm/project/...` aliases. */
export const adminProjectRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  const { projectAdmin } = services;
  const who = (request: FastifyRequest) => [requireAuth(request), requestOrigin(request)] as const;

  app.get(
    '/admin/projects',
    {
      config,
      schema: {
        tags,
        summary: 'Every project with creator and user count',
        response: { 200: AdminProjectListSchema },
      },
    },
    async () => ({ projects: await projectAdmin.list() }),
  );
  app.get(
    '/admin/projects/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One project',
        params: IdParamsSchema,
        response: { 200: AdminProjectSchema },
      },
    },
    async (request) => projectAdmin.get(request.params.id),
  );

  const createSchema = {
    tags,
    summary: 'Create a project (the caller is recorded as creator)',
    body: CreateProjectRequestSchema,
    response: { 201: AdminProjectSchema },
  };
  for (const url of ['/admin/projects', '/project/create-project']) {
    app.post(url, { config, schema: createSchema }, async (request, reply) =>
      reply.status(201).send(await projectAdmin.create(...withBody(who(request), request.body))),
    );
  }

  app.put(
    '/admin/projects/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Edit a project',
        params: IdParamsSchema,
        body: UpdateProjectRequestSchema,
        response: { 200: AdminProjectSchema },
      },
    },
    async (request) => {
      const [auth, origin] = who(request);
      return projectAdmin.update(auth, request.params.id, request.body, origin);
    },
  );
  app.put(
    '/project/update-project',
    {
      config,
      schema: {
        tags,
        summary: 'Alias of PUT /admin/projects/{id}',
        querystring: ProjectIdQuerySchema,
        body: UpdateProjectRequestSchema,
        response: { 200: AdminProjectSchema },
      },
    },
    async (request) => {
      const [auth, origin] = who(request);
      return projectAdmin.update(auth, request.query.id, request.body, origin);
    },
  );

  app.delete(
    '/admin/projects/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a project',
        params: IdParamsSchema,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) => projectAdmin.remove(...withId(who(request), request.params.id)),
  );
  app.delete(
    '/project/delete-project',
    {
      config,
      schema: {
        tags,
        summary: 'Alias of DELETE /admin/projects/{id}',
        querystring: ProjectIdQuerySchema,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) => projectAdmin.remove(...withId(who(request), request.query.id)),
  );

  const toggleSchema = {
    tags,
    summary: 'Archive or unarchive a project',
    description: '`isArchived` sets the state; without it the state flips.',
    body: ToggleArchiveRequestSchema,
    response: { 200: AdminProjectSchema },
  };
  app.put(
    '/admin/projects/:id/toggle-archive',
    { config, schema: { ...toggleSchema, params: IdParamsSchema } },
    async (request) => {
      const [auth, origin] = who(request);
      return projectAdmin.toggleArchive(auth, request.params.id, request.body.isArchived, origin);
    },
  );
  app.put(
    '/project/toggle-archive',
    { config, schema: { ...toggleSchema, querystring: ProjectIdQuerySchema } },
    async (request) => {
      const [auth, origin] = who(request);
      return projectAdmin.toggleArchive(auth, request.query.id, request.body.isArchived, origin);
    },
  );

  app.get(
    '/admin/projects/:id/users',
    {
      config,
      schema: {
        tags,
        summary: 'Members of a project',
        params: IdParamsSchema,
        response: { 200: ProjectUserListSchema },
      },
    },
    async (request) => ({ users: await projectAdmin.members(request.params.id) }),
  );
  app.get(
    '/admin/projects/:id/available-users',
    {
      config,
      schema: {
        tags,
        summary: 'Active users who are not members yet',
        params: IdParamsSchema,
        response: { 200: AvailableUserListSchema },
      },
    },
    async (request) => ({ users: await projectAdmin.availableUsers(request.params.id) }),
  );
  app.post(
    '/admin/projects/:id/users',
    {
      config,
      schema: {
        tags,
        summary: 'Add a user to a project',
        description:
          'Accepts `{userId, roleId}` and `{userId, roles, customPermissions, accessLevel}`; access level defaults to member.',
        params: IdParamsSchema,
        body: AddProjectUserRequestSchema,
        response: { 201: ProjectUserListSchema },
      },
    },
    async (request, reply) => {
      const [auth, origin] = who(request);
      const users = await projectAdmin.addMember(auth, request.params.id, request.body, origin);
      return reply.status(201).send({ users });
    },
  );

  const updateMember = async (
    request: FastifyRequest,
    projectId: string,
    userId: string,
    body: UpdateProjectUserRequest,
  ) => {
    const [auth, origin] = who(request);
    return { users: await projectAdmin.updateMember(auth, projectId, userId, body, origin) };
  };
  const updateSchema = {
    tags,
    summary: "Change a member's access level, roles or custom permissions",
    body: UpdateProjectUserRequestSchema,
    response: { 200: ProjectUserListSchema },
  };
  app.put(
    '/admin/projects/:id/users/:userId',
    { config, schema: { ...updateSchema, params: ProjectUserParamsSchema } },
    async (request) =>
      updateMember(request, request.params.id, request.params.userId, request.body),
  );
  app.put(
    '/sarm/project/:projectId/users/:userId',
    { config, schema: { ...updateSchema, params: SarmProjectUserParamsSchema } },
    async (request) =>
      updateMember(request, request.params.projectId, request.params.userId, request.body),
  );

  app.delete(
    '/admin/projects/:id/users/:userId',
    {
      config,
      schema: {
        tags,
        summary: 'Remove a user from a project',
        params: ProjectUserParamsSchema,
        response: { 200: ProjectUserListSchema },
      },
    },
    async (request) => {
      const [auth, origin] = who(request);
      return {
        users: await projectAdmin.removeMember(
          auth,
          request.params.id,
          request.params.userId,
          origin,
        ),
      };
    },
  );
  done();
};

function withBody<A, O, B>(pair: readonly [A, O], body: B): [A, B, O] {
  return [pair[0], body, pair[1]];
}
function withId<A, O>(pair: readonly [A, O], id: string): [A, string, O] {
  return [pair[0], id, pair[1]];
}
