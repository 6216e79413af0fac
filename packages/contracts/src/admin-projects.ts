import { z } from 'zod';
import { TimestampSchema } from './common.js';
import {
  DESCRIPTION_MAX,
  ID_MAX,
  idText,
  multiLineText,
  NAME_MAX,
  PERMISSION_LIST_MAX,
  ROLE_LIST_MAX,
  singleLineText,
} from './limits.js';
import { PROJECT_ACCESS_LEVELS } from './permissions.js';
import { PROJECT_STATUSES } from './projects.js';

/** Texts of spec 3 §5 and §8 for projects and project users. */
export const PROJECT_MESSAGES = {
  nameRequired: 'Project Name is required',
  selectUser: 'Please select a user',
  notFound: 'Project not found',
  memberNotFound: 'User is not a member of this project',
  userNotFound: 'User not found',
  unknownRole: 'Role not found',
} as const;

export const ProjectCreatorSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  email: z.string(),
});

export const AdminProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(PROJECT_STATUSES),
  isArchived: z.boolean(),
  /** The demo project made of simulated videos (issue 32). */
  isDemo: z.boolean().optional(),
  creator: ProjectCreatorSchema.nullable(),
  createdBy: z.string().nullable(),
  userCount: z.number().int(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type AdminProject = z.infer<typeof AdminProjectSchema>;
export const AdminProjectListSchema = z.object({ projects: z.array(AdminProjectSchema) });

const projectName = singleLineText('Name', NAME_MAX, { required: PROJECT_MESSAGES.nameRequired });
const projectDescription = multiLineText('Description', DESCRIPTION_MAX);
const roleIds = z.array(idText('Role')).max(ROLE_LIST_MAX);
const permissionCodes = z.array(idText('Permission')).max(PERMISSION_LIST_MAX);

/** `createdBy` is accepted for compatibility; the server records the caller as creator. */
export const CreateProjectRequestSchema = z.object({
  name: projectName,
  description: projectDescription.default(''),
  status: z.enum(PROJECT_STATUSES).default('active'),
  createdBy: idText('Created by').optional(),
});
export type CreateProjectRequest = z.input<typeof CreateProjectRequestSchema>;

export const UpdateProjectRequestSchema = z.object({
  name: projectName.optional(),
  description: projectDescription.optional(),
  status: z.enum(PROJECT_STATUSES).optional(),
});
export type UpdateProjectRequest = z.infer<typeof UpdateProjectRequestSchema>;

export const ToggleArchiveRequestSchema = z.object({ isArchived: z.boolean().optional() });
export const ProjectIdQuerySchema = z.object({ id: idText() });

export const ProjectUserSchema = z.object({
  id: z.string(),
  user: z.object({ id: z.string(), displayName: z.string(), email: z.string() }),
  accessLevel: z.enum(PROJECT_ACCESS_LEVELS),
  rolesData: z.array(z.object({ id: z.string(), name: z.string(), isSystem: z.boolean() })),
  /** Role ids. */
  roles: z.array(z.string()),
  customPermissions: z.array(z.string()),
});
export type ProjectUser = z.infer<typeof ProjectUserSchema>;
export const ProjectUserListSchema = z.object({ users: z.array(ProjectUserSchema) });

export const AvailableUserSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  email: z.string(),
});
export const AvailableUserListSchema = z.object({ users: z.array(AvailableUserSchema) });

/** Both shapes: `{userId, roleId}` of the API definition and `{userId, roles, customPermissions, accessLevel}` of the screen. */
export const AddProjectUserRequestSchema = z.object({
  userId: singleLineText('User', ID_MAX, { required: PROJECT_MESSAGES.selectUser }),
  roleId: idText('Role').optional(),
  roles: roleIds.optional(),
  customPermissions: permissionCodes.optional(),
  accessLevel: z.enum(PROJECT_ACCESS_LEVELS).default('member'),
});
export type AddProjectUserRequest = z.input<typeof AddProjectUserRequestSchema>;

export const UpdateProjectUserRequestSchema = z.object({
  roleId: idText('Role').optional(),
  roles: roleIds.optional(),
  permissions: permissionCodes.optional(),
  customPermissions: permissionCodes.optional(),
  accessLevel: z.enum(PROJECT_ACCESS_LEVELS).optional(),
});
export type UpdateProjectUserRequest = z.infer<typeof UpdateProjectUserRequestSchema>;

export const ProjectUserParamsSchema = z.object({
  id: idText(),
  userId: idText('User id'),
});
export const SarmProjectUserParamsSchema = z.object({
  projectId: idText('Project id'),
  userId: idText('User id'),
});
