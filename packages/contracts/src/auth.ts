import { z } from 'zod';
import { PROJECT_ACCESS_LEVELS } from './permissions.js';
import { TimestampSchema } from './common.js';
import { EMAIL_MAX, emailAddress, NAME_MAX, PASSWORD_MAX, singleLineText } from './limits.js';

/** A password as typed: never trimmed, at most `PASSWORD_MAX` characters, no control character. */
const passwordText = (label = 'Password') =>
  singleLineText(label, PASSWORD_MAX, { trim: false }).min(1, `${label} is required`);

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
  /** The demo project made of simulated videos (issue 32). */
  isDemo: z.boolean().optional(),
});
export type UserProject = z.infer<typeof UserProjectSchema>;

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
  email: singleLineText('Email', EMAIL_MAX).min(1, 'Email is required'),
  password: passwordText(),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const LoginResponseSchema = z.object({
  access_token: z.string(),
  /** Exchanged at `refresh-token` for a new pair; each refresh token works once. */
  refresh_token: z.string(),
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
    email: emailAddress('Please enter a valid email address'),
    password: singleLineText('Password', PASSWORD_MAX, { trim: false }).min(
      6,
      'Password must be at least 6 characters',
    ),
    displayName: singleLineText('Name', NAME_MAX).min(1).optional(),
    name: singleLineText('Name', NAME_MAX).min(1).optional(),
    confirmPassword: singleLineText('Password', PASSWORD_MAX, { trim: false }).optional(),
  })
  .refine((b) => b.displayName !== undefined || b.name !== undefined, {
    message: 'Name is required',
    path: ['displayName'],
  });
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

/**
 * The same answer whether the address was new or already registered (the owner of a registered
 * address is told by e-mail instead), so registration does not reveal which addresses have accounts.
 */
export const RegisterResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});

export const ForgotPasswordRequestSchema = z.object({
  email: emailAddress('Invalid email address'),
});
export const ResetPasswordRequestSchema = z.object({
  token: singleLineText('Token', 512, { trim: false }).min(1),
  password: passwordText(),
});
export const ChangePasswordRequestSchema = z.object({
  oldPassword: passwordText('Old password'),
  newPassword: passwordText('New password'),
});

export const UpdateProfileRequestSchema = ProfileFieldsSchema.partial().extend({
  displayName: z.string().trim().min(1).optional(),
  profileCompleted: z.boolean().optional(),
});
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequestSchema>;
