import {
  PROJECT_MESSAGES,
  type AddProjectUserRequest,
  type AdminProject,
  type ProjectUser,
  type UpdateProjectRequest,
  type UpdateProjectUserRequest,
} from '@sarm/contracts';
import type { Clock } from '../clock.js';
import type { ProjectStatus } from '@sarm/contracts';
import { badRequest, notFound } from '../http/errors.js';
import type {
  ProjectsRepository,
  ProjectWithCreator,
} from '../repositories/projects.repository.js';
import type { RolesRepository } from '../repositories/roles.repository.js';
import type { UsersRepository } from '../repositories/users.repository.js';
import type { AuthContext } from './access.js';
import { actorOf, type AuditService, type RequestOrigin } from './audit.service.js';
import { assertGrantable } from './permission-catalogue.js';

function present({ project, creator, userCount }: ProjectWithCreator): AdminProject {
  return {
    id: project.id,
    name: project.name,
    description: project.description,
    status: project.status,
    isArchived: project.status === 'archived',
    isDemo: project.isDemo,
    creator,
    createdBy: project.createdBy,
    userCount,
    createdAt: project.createdAt.toISOString(),
    updatedAt: project.updatedAt.toISOString(),
  };
}

type AddMember = Omit<AddProjectUserRequest, 'accessLevel'> & {
  accessLevel: NonNullable<AddProjectUserRequest['accessLevel']>;
};

/** Project administration and project membership (spec 3 §2 Project Management). */
export function createProjectAdminService(deps: {
  projects: ProjectsRepository;
  users: UsersRepository;
  roles: RolesRepository;
  audit: AuditService;
  clock: Clock;
}) {
  async function findProject(id: string): Promise<ProjectWithCreator> {
    const found = await deps.projects.findById(id);
    if (found === undefined) throw notFound(PROJECT_MESSAGES.notFound);
    return found;
  }

  const list = async () => (await deps.projects.list()).map(present);
  const get = async (id: string) => present(await findProject(id));

  async function create(
    auth: AuthContext,
    request: { name: string; description: string; status: ProjectStatus },
    origin: RequestOrigin,
  ): Promise<AdminProject> {
    const project = await deps.projects.insertProject({ ...request, createdBy: auth.user.id });
    // Whoever creates a project works in it: they are its first member, with admin access.
    await deps.projects.addMember({
      projectId: project.id,
      userId: auth.user.id,
      accessLevel: 'admin',
    });
    await record(auth, origin, `Project created: ${project.name}`, project.id);
    return get(project.id);
  }

  async function update(
    auth: AuthContext,
    id: string,
    request: UpdateProjectRequest,
    origin: RequestOrigin,
  ): Promise<AdminProject> {
    await findProject(id);
    const row = await deps.projects.update(id, request, deps.clock.now());
    await record(auth, origin, `Project updated: ${row?.name ?? id}`, id);
    return get(id);
  }

  /** Archives or unarchives; without `isArchived` the status flips. */
  async function toggleArchive(
    auth: AuthContext,
    id: string,
    isArchived: boolean | undefined,
    origin: RequestOrigin,
  ): Promise<AdminProject> {
    const { project } = await findProject(id);
    const archive = isArchived ?? project.status !== 'archived';
    await deps.projects.update(id, { status: archive ? 'archived' : 'active' }, deps.clock.now());
    const verb = archive ? 'archived' : 'unarchived';
    await record(auth, origin, `Project ${verb}: ${project.name}`, id);
    return get(id);
  }

  async function remove(auth: AuthContext, id: string, origin: RequestOrigin) {
    const { project } = await findProject(id);
    await deps.projects.remove(id);
    await record(auth, origin, `Project deleted: ${project.name}`, id, 'warning');
    return { success: true as const };
  }

  async function members(projectId: string): Promise<ProjectUser[]> {
    await findProject(projectId);
    const roles = new Map((await deps.roles.listWithPermissions()).map((r) => [r.id, r]));
    return (await deps.projects.members(projectId)).map(({ membership, user }) => {
      const held = membership.roles.flatMap((id) => roles.get(id) ?? []);
      return {
        id: user.id,
        user,
        accessLevel: membership.accessLevel,
        rolesData: held.map((r) => ({ id: r.id, name: r.name, isSystem: r.isSystem })),
        roles: held.map((r) => r.id),
        customPermissions: membership.customPermissions,
      };
    });
  }

  async function availableUsers(projectId: string) {
    const current = await members(projectId);
    const rows = await deps.users.listExcept(current.map((member) => member.id));
    return rows
      .filter((user) => user.isActive)
      .map((user) => ({ id: user.id, displayName: user.displayName, email: user.email }));
  }

  async function resolveRoleIds(refs: readonly string[]): Promise<string[]> {
    const all = await deps.roles.listWithPermissions();
    return [
      ...new Set(
        refs.map((ref) => {
          const role = all.find((r) => r.id === ref || r.code === ref);
          if (role === undefined) throw badRequest(`${PROJECT_MESSAGES.unknownRole}: ${ref}`);
          return role.id;
        }),
      ),
    ];
  }

  const roleRefs = (body: { roles?: string[]; roleId?: string }) =>
    body.roles ?? (body.roleId === undefined || body.roleId === '' ? undefined : [body.roleId]);

  async function addMember(
    auth: AuthContext,
    projectId: string,
    request: AddMember,
    origin: RequestOrigin,
  ): Promise<ProjectUser[]> {
    const { project } = await findProject(projectId);
    const user = await deps.users.findById(request.userId);
    if (user === undefined) throw notFound(PROJECT_MESSAGES.userNotFound);
    await deps.projects.upsertMember({
      projectId,
      userId: user.id,
      accessLevel: request.accessLevel,
      roles: await resolveRoleIds(roleRefs(request) ?? []),
      customPermissions: assertGrantable(request.customPermissions ?? []),
    });
    await record(auth, origin, `${user.email} added to project ${project.name}`, projectId);
    return members(projectId);
  }

  async function updateMember(
    auth: AuthContext,
    projectId: string,
    userId: string,
    request: UpdateProjectUserRequest,
    origin: RequestOrigin,
  ): Promise<ProjectUser[]> {
    const { project } = await findProject(projectId);
    if ((await deps.projects.findMember(projectId, userId)) === undefined)
      throw notFound(PROJECT_MESSAGES.memberNotFound);
    const refs = roleRefs(request);
    const custom = request.customPermissions ?? request.permissions;
    await deps.projects.updateMember(projectId, userId, {
      accessLevel: request.accessLevel,
      roles: refs === undefined ? undefined : await resolveRoleIds(refs),
      customPermissions: custom === undefined ? undefined : assertGrantable(custom),
    });
    await record(auth, origin, `Project access changed in ${project.name}`, projectId);
    return members(projectId);
  }

  async function removeMember(
    auth: AuthContext,
    projectId: string,
    userId: string,
    origin: RequestOrigin,
  ): Promise<ProjectUser[]> {
    const { project } = await findProject(projectId);
    if (!(await deps.projects.removeMember(projectId, userId)))
      throw notFound(PROJECT_MESSAGES.memberNotFound);
    await record(auth, origin, `User removed from project ${project.name}`, projectId, 'warning');
    return members(projectId);
  }

  function record(
    auth: AuthContext,
    origin: RequestOrigin,
    message: string,
    projectId: string,
    severity: 'info' | 'warning' = 'info',
  ) {
    return deps.audit.record({
      type: 'data',
      severity,
      message,
      actor: actorOf(auth.user),
      resource: { id: projectId, type: 'project' },
      origin,
    });
  }

  return {
    list,
    get,
    create,
    update,
    toggleArchive,
    remove,
    members,
    availableUsers,
    addMember,
    updateMember,
    removeMember,
  };
}
export type ProjectAdminService = ReturnType<typeof createProjectAdminService>;
