import { z } from 'zod';
import { PROJECT_ACCESS_LEVELS } from './permissions.js';
import { TimestampSchema } from './common.js';

export const RoleRefSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  isSystem: z.boolean(),
});
export type RoleRef = z.infer<typeof RoleRefSchema>;

export const PermissionRefSchema = z.object({ code: z.string() });

export const UserProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  accessLevel: z.enum(PROJECT_ACCESS_LEVELS),
});

export const ProfileFieldsSchema = z.object({
  phoneNumber: z.string().max(50).nullable(),
  jobTitle: z.string().max(200).nullable(),
  department: z.string().max(200).nullable(),
  organization: z.string().max(200).nullable(),
});

export const UserSettingsSchema = z.object({
  darkMode: z.boolean(),
  emailNotifications: z.boolean(),
  language: z.enum(['en', 'vi', 'fr', 'es']),
  defaultProject: z.string().nullable(),
});
export type UserSettings = z.infer<typeof UserSettingsSchema>;

/** The signed-in user as the client sees it: identity, access and what the server computed. */
export const CurrentUserSchema = z.object({
  id: z.string(),
  uid: z.string(),
  email: z.string(),
  displayName: z.string(),
  isActive: z.boolean(),
  profileCompleted: z.boolean(),
  profile: ProfileFieldsSchema,
  settings: UserSettingsSchema,
  roles: z.array(RoleRefSchema),
  permissions: z.array(PermissionRefSchema),
  projects: z.array(UserProjectSchema),
  access: z.object({ business: z.boolean(), technical: z.boolean(), admin: z.boolean() }),
  createdAt: TimestampSchema,
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

export const LoginRequestSchema = z.object({
  email: z.string().min(1),
  password: z.string().min(1),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const LoginResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  user: CurrentUserSchema,
  permissions: z.array(z.string()),
  roles: z.array(z.string()),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** Both register shapes of the spec: the form body (`name`) and `{email, password, displayName}`. */
export const RegisterRequestSchema = z
  .object({
    email: z.string().email('Please enter a valid email address'),
    password: z.string().min(6, 'Password must be at least 6 characters'),
    displayName: z.string().trim().min(1).optional(),
    name: z.string().trim().min(1).optional(),
    confirmPassword: z.string().optional(),
  })
  .refine((b) => b.displayName !== undefined || b.name !== undefined, {
    message: 'Name is required',
    path: ['displayName'],
  });
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

export const RegisterResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: z.object({ id: z.string(), email: z.string(), displayName: z.string() }),
});

export const ForgotPasswordRequestSchema = z.object({
  email: z.string().email('Invalid email address'),
});
export const ResetPasswordRequestSchema = z.object({
  token: z.string().min(1),
  password: z.string().min(1),
});
export const ChangePasswordRequestSchema = z.object({
  oldPassword: z.string().min(1),
  newPassword: z.string().min(1),
});

export const UpdateProfileRequestSchema = ProfileFieldsSchema.partial().extend({
  displayName: z.string().trim().min(1).optional(),
  profileCompleted: z.boolean().optional(),
});
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequestSchema>;
