import { z } from 'zod';
import { TimestampSchema } from './common.js';
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
  creator: ProjectCreatorSchema.nullable(),
  createdBy: z.string().nullable(),
  userCount: z.number().int(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type AdminProject = z.infer<typeof AdminProjectSchema>;
export const AdminProjectListSchema = z.object({ projects: z.array(AdminProjectSchema) });

const projectName = z
  .string({ error: PROJECT_MESSAGES.nameRequired })
  .trim()
  .min(1, PROJECT_MESSAGES.nameRequired);

/** `createdBy` is accepted for compatibility; the server records the caller as creator. */
export const CreateProjectRequestSchema = z.object({
  name: projectName,
  description: z.string().default(''),
  status: z.enum(PROJECT_STATUSES).default('active'),
  createdBy: z.string().optional(),
});
export type CreateProjectRequest = z.input<typeof CreateProjectRequestSchema>;

export const UpdateProjectRequestSchema = z.object({
  name: projectName.optional(),
  description: z.string().optional(),
  status: z.enum(PROJECT_STATUSES).optional(),
});
export type UpdateProjectRequest = z.infer<typeof UpdateProjectRequestSchema>;

export const ToggleArchiveRequestSchema = z.object({ isArchived: z.boolean().optional() });
export const ProjectIdQuerySchema = z.object({ id: z.string().min(1) });

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
  userId: z
    .string({ error: PROJECT_MESSAGES.selectUser })
    .trim()
    .min(1, PROJECT_MESSAGES.selectUser),
  roleId: z.string().optional(),
  roles: z.array(z.string()).optional(),
  customPermissions: z.array(z.string()).optional(),
  accessLevel: z.enum(PROJECT_ACCESS_LEVELS).default('member'),
});
export type AddProjectUserRequest = z.input<typeof AddProjectUserRequestSchema>;

export const UpdateProjectUserRequestSchema = z.object({
  roleId: z.string().optional(),
  roles: z.array(z.string()).optional(),
  permissions: z.array(z.string()).optional(),
  customPermissions: z.array(z.string()).optional(),
  accessLevel: z.enum(PROJECT_ACCESS_LEVELS).optional(),
});
export type UpdateProjectUserRequest = z.infer<typeof UpdateProjectUserRequestSchema>;

export const ProjectUserParamsSchema = z.object({
  id: z.string().min(1),
  userId: z.string().min(1),
});
export const SarmProjectUserParamsSchema = z.object({
  projectId: z.string().min(1),
  userId: z.string().min(1),
});
