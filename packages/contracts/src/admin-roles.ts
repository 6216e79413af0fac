import { z } from 'zod';
import { TimestampSchema } from './common.js';
import {
  DESCRIPTION_MAX,
  idText,
  multiLineText,
  NAME_MAX,
  PERMISSION_LIST_MAX,
  SHORT_TEXT_MAX,
  singleLineText,
} from './limits.js';
import { PERMISSION_MODULES } from './permissions.js';

/** Texts of spec 3 §5 and §8 for roles and the permissions editor. */
export const ROLE_MESSAGES = {
  required: 'Role Name and Code are required',
  codeTaken: (code: string) => `Role code "${code}" already exists`,
  systemNotDeletable: 'System roles cannot be deleted',
  systemCodeFixed: 'The code of a system role cannot be changed',
  codeFormat: 'Use lowercase letters, digits and underscores',
  notFound: 'Role not found',
  unknownPermission: 'Unknown permission',
  saved: 'Permissions saved successfully!',
} as const;

/** A permission of the catalogue; its id is its code. */
export const PermissionSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  module: z.enum(PERMISSION_MODULES),
  description: z.string(),
});
export type Permission = z.infer<typeof PermissionSchema>;
export const PermissionListSchema = z.object({ permissions: z.array(PermissionSchema) });
export const PermissionsByModuleSchema = z.record(z.string(), z.array(PermissionSchema));

export const AdminRoleSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  description: z.string(),
  isSystem: z.boolean(),
  permissionsCount: z.number().int(),
  /** Permission ids (codes; a wildcard such as `sarm.*` stands for its whole module). */
  permissions: z.array(z.string()),
  userCount: z.number().int(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type AdminRole = z.infer<typeof AdminRoleSchema>;
export const AdminRoleListSchema = z.object({ roles: z.array(AdminRoleSchema) });

const roleCode = singleLineText('Code', SHORT_TEXT_MAX, { required: ROLE_MESSAGES.required }).regex(
  /^[a-z0-9_]+$/,
  ROLE_MESSAGES.codeFormat,
);
const roleName = singleLineText('Name', NAME_MAX, { required: ROLE_MESSAGES.required });
const roleDescription = multiLineText('Description', DESCRIPTION_MAX);
const permissionCodes = z.array(idText('Permission')).max(PERMISSION_LIST_MAX);

/** Roles created through the API are custom: `isSystem` is accepted and ignored. */
export const CreateRoleRequestSchema = z.object({
  name: roleName,
  code: roleCode,
  description: roleDescription.default(''),
  isSystem: z.boolean().optional(),
  permissions: permissionCodes.default([]),
});
export type CreateRoleRequest = z.input<typeof CreateRoleRequestSchema>;

export const UpdateRoleRequestSchema = z.object({
  name: roleName.optional(),
  code: roleCode.optional(),
  description: roleDescription.optional(),
  isSystem: z.boolean().optional(),
});
export type UpdateRoleRequest = z.infer<typeof UpdateRoleRequestSchema>;

export const RolePermissionsRequestSchema = z.object({ permissions: permissionCodes });
export const RolePermissionsResponseSchema = z.object({
  roleId: z.string(),
  permissions: z.array(z.string()),
});

/**
 * The role code derived from a name (spec 3 §5): lowercase; anything but a-z, 0-9 and underscore
 * becomes an underscore; repeats collapse; leading and trailing underscores go.
 */
export function deriveRoleCode(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_+|_+$/g, '');
}
