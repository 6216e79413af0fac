import { z } from 'zod';
import { TimestampSchema } from './common.js';
import {
  emailAddress,
  idText,
  NAME_MAX,
  PERMISSION_LIST_MAX,
  ROLE_LIST_MAX,
  SEARCH_MAX,
  singleLineText,
} from './limits.js';
import { RoleRefSchema } from './auth.js';
import { PROJECT_ACCESS_LEVELS } from './permissions.js';
import { PROJECT_STATUSES } from './projects.js';

/** Texts of spec 3 §5 and §8 for the user administration. */
export const ADMIN_USER_MESSAGES = {
  required: 'Email and Display Name are required',
  displayNameRequired: 'Display Name is required',
  invalidEmail: 'Please enter a valid email address',
  emailTaken: 'Email is already registered',
  notFound: 'User not found',
  unknownRole: 'Role not found',
  unknownPermission: 'Unknown permission',
  cannotDeleteSelf: 'You cannot delete your own account',
  cannotDeactivateSelf: 'You cannot deactivate your own account',
  lastAdministrator:
    'The last active administrator cannot lose the System Administrator role, be deactivated or be deleted',
} as const;

/** A user as the User Management screen sees it. `createdAt` is in seconds (spec 3 §3). */
export const AdminUserSchema = z.object({
  id: z.string(),
  uid: z.string(),
  email: z.string(),
  displayName: z.string(),
  /** Ids of the roles held. */
  roles: z.array(z.string()),
  systemRoles: z.array(RoleRefSchema),
  /** Permission codes granted to the user directly, on top of the roles. */
  permissions: z.array(z.string()),
  isActive: z.boolean(),
  createdAt: z.number().int(),
  lastLoginAt: TimestampSchema.nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const ADMIN_PAGE_SIZES = [5, 10, 25] as const;

export const AdminUserListQuerySchema = z.object({
  search: singleLineText('Search', SEARCH_MAX).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
export type AdminUserListQuery = z.infer<typeof AdminUserListQuerySchema>;

export const AdminUserListSchema = z.object({
  users: z.array(AdminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AdminUserList = z.infer<typeof AdminUserListSchema>;

const roleList = z.array(idText('Role')).max(ROLE_LIST_MAX);

export const CreateAdminUserRequestSchema = z.object({
  email: emailAddress(ADMIN_USER_MESSAGES.invalidEmail, { required: ADMIN_USER_MESSAGES.required }),
  displayName: singleLineText('Display name', NAME_MAX, { required: ADMIN_USER_MESSAGES.required }),
  /** Role ids (role codes are accepted too). */
  roles: roleList.default([]),
  isActive: z.boolean().default(true),
});
export type CreateAdminUserRequest = z.input<typeof CreateAdminUserRequestSchema>;

/** E-mail is not editable; a sent `email` is ignored. */
export const UpdateAdminUserRequestSchema = z.object({
  displayName: singleLineText('Display name', NAME_MAX, {
    required: ADMIN_USER_MESSAGES.displayNameRequired,
  }).optional(),
  roles: roleList.optional(),
  isActive: z.boolean().optional(),
});
export type UpdateAdminUserRequest = z.infer<typeof UpdateAdminUserRequestSchema>;

export const AdminPasswordResetRequestSchema = z.object({
  email: emailAddress(ADMIN_USER_MESSAGES.invalidEmail),
});

export const UserRolesRequestSchema = z.object({ roles: roleList });
export const UserRolesResponseSchema = z.object({
  userId: z.string(),
  roles: z.array(RoleRefSchema),
});
export const UserPermissionsRequestSchema = z.object({
  permissions: z.array(idText('Permission')).max(PERMISSION_LIST_MAX),
});
export const UserPermissionsResponseSchema = z.object({
  userId: z.string(),
  permissions: z.array(z.string()),
});

export const UserProjectAccessSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(PROJECT_STATUSES),
  accessLevel: z.enum(PROJECT_ACCESS_LEVELS),
  roles: z.array(z.string()),
});
export const UserProjectAccessListSchema = z.object({
  userId: z.string(),
  projects: z.array(UserProjectAccessSchema),
});
export type UserProjectAccess = z.infer<typeof UserProjectAccessSchema>;

export const UserIdParamsSchema = z.object({ userId: idText('User id') });
