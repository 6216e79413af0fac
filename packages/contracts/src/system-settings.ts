import { z } from 'zod';
import { DESCRIPTION_MAX, EMAIL_MAX, NAME_MAX, multiLineText, singleLineText } from './limits.js';

/** Storage back-ends the settings screen offers; only `local` is implemented by the server today. */
export const VIDEO_STORAGE_KINDS = ['local', 'cloud', 'firebase'] as const;
export const COMPRESSION_LEVELS = ['none', 'low', 'medium', 'high'] as const;

export const GeneralSettingsSchema = z.object({
  siteName: singleLineText('Site name', NAME_MAX).min(1),
  siteDescription: multiLineText('Site description', DESCRIPTION_MAX),
  adminEmail: singleLineText('Admin email', EMAIL_MAX),
  contactEmail: singleLineText('Contact email', EMAIL_MAX),
  /** Largest accepted upload, in megabytes. */
  maxUploadSize: z.number().int().min(1).max(100_000),
  /** Report e-mails one user may send per hour (429 beyond). */
  reportEmailsPerHour: z.number().int().min(1).max(10_000),
});

export const SecuritySettingsSchema = z.object({
  passwordMinLength: z.number().int().min(6).max(128),
  /** Days after which users are asked to change their password; 0 disables. */
  requirePasswordReset: z.number().int().min(0),
  /** Session length in minutes: the lifetime of an access token. */
  sessionTimeout: z
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 30),
  /** Days a sign-in lasts at most, however often its refresh token is rotated. */
  refreshTokenMaxAgeDays: z.number().int().min(1).max(365),
  allowRegistration: z.boolean(),
  twoFactorAuth: z.boolean(),
});

export const StorageSettingsSchema = z.object({
  defaultVideoStorage: z.enum(VIDEO_STORAGE_KINDS),
  /** Days to keep videos; 0 keeps them forever. */
  videoRetentionPeriod: z.number().int().min(0),
  /** Comma-separated list of extensions, e.g. `.mp4, .mov`. */
  allowedVideoFormats: singleLineText('Allowed video formats', NAME_MAX),
  compressionLevel: z.enum(COMPRESSION_LEVELS),
});

export const NotificationSettingsSchema = z.object({
  emailNotifications: z.boolean(),
  analysisCompletedNotification: z.boolean(),
  systemUpdatesNotification: z.boolean(),
  newUserNotification: z.boolean(),
});

/** The four cards of the System Settings screen, each saved on its own. */
export const SystemSettingsSchema = z.object({
  general: GeneralSettingsSchema,
  security: SecuritySettingsSchema,
  storage: StorageSettingsSchema,
  notifications: NotificationSettingsSchema,
});
export type SystemSettings = z.infer<typeof SystemSettingsSchema>;
export type SystemSettingsSection = keyof SystemSettings;

/** A partial update: any subset of sections, each with any subset of its fields. */
export const UpdateSystemSettingsRequestSchema = z.object({
  general: GeneralSettingsSchema.partial().optional(),
  security: SecuritySettingsSchema.partial().optional(),
  storage: StorageSettingsSchema.partial().optional(),
  notifications: NotificationSettingsSchema.partial().optional(),
});
export type UpdateSystemSettingsRequest = z.infer<typeof UpdateSystemSettingsRequestSchema>;

export const DEFAULT_SYSTEM_SETTINGS: SystemSettings = {
  general: {
    siteName: 'SARM',
    siteDescription: '',
    adminEmail: '',
    contactEmail: '',
    maxUploadSize: 100,
    reportEmailsPerHour: 20,
  },
  security: {
    passwordMinLength: 8,
    requirePasswordReset: 90,
    sessionTimeout: 30,
    refreshTokenMaxAgeDays: 30,
    allowRegistration: true,
    twoFactorAuth: false,
  },
  storage: {
    defaultVideoStorage: 'local',
    videoRetentionPeriod: 30,
    allowedVideoFormats: '.mp4, .mov, .avi, .webm',
    compressionLevel: 'medium',
  },
  notifications: {
    emailNotifications: true,
    analysisCompletedNotification: true,
    systemUpdatesNotification: true,
    newUserNotification: true,
  },
};

/** What the sign-in and registration screens may read without a session. */
export const PublicSettingsSchema = z.object({
  allowRegistration: z.boolean(),
  passwordMinLength: z.number().int(),
  siteName: z.string(),
});
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;
