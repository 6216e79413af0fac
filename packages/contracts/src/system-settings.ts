import { z } from 'zod';
import {
  DESCRIPTION_MAX,
  EMAIL_MAX,
  NAME_MAX,
  PHONE_MAX,
  multiLineText,
  singleLineText,
} from './limits.js';

/** Storage back-ends the settings screen offers; only `local` is implemented by the server today. */
export const VIDEO_STORAGE_KINDS = ['local', 'cloud', 'firebase'] as const;
export const COMPRESSION_LEVELS = ['none', 'low', 'medium', 'high'] as const;

/**
 * The laboratory logo is kept in the settings as a data URL (PNG or JPEG, base64), not as an
 * uploaded file: the PDF is drawn in the browser and needs the bytes anyway, the settings travel
 * in backups with everything else, and no file route or storage key is needed. 256 KB of text
 * (about 190 KB of image) is plenty for a letterhead logo.
 */
export const LOGO_DATA_URL_MAX = 256 * 1024;
export const LOGO_DATA_URL_PATTERN = /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/;
export const LOGO_INVALID = 'The logo must be a PNG or JPEG image';
export const LogoDataUrlSchema = z
  .string()
  .max(LOGO_DATA_URL_MAX, `The logo must be at most ${LOGO_DATA_URL_MAX / 1024} KB`)
  .refine((value) => value === '' || LOGO_DATA_URL_PATTERN.test(value), LOGO_INVALID);

export const GeneralSettingsSchema = z.object({
  siteName: singleLineText('Site name', NAME_MAX).min(1),
  siteDescription: multiLineText('Site description', DESCRIPTION_MAX),
  adminEmail: singleLineText('Admin email', EMAIL_MAX),
  contactEmail: singleLineText('Contact email', EMAIL_MAX),
  /** Largest accepted upload, in megabytes. */
  maxUploadSize: z.number().int().min(1).max(100_000),
  /** Report e-mails one user may send per hour (429 beyond). */
  reportEmailsPerHour: z.number().int().min(1).max(10_000),
  /** Laboratory identity printed at the head of every report (ISO 15189). */
  laboratoryName: singleLineText('Laboratory name', NAME_MAX),
  laboratoryAddress: multiLineText('Laboratory address', DESCRIPTION_MAX),
  laboratoryPhone: singleLineText('Laboratory phone', PHONE_MAX),
  /** E.g. "ISO 15189:2022 accredited, certificate no. 1234". */
  laboratoryAccreditation: singleLineText('Accreditation', NAME_MAX),
  /** PNG or JPEG data URL; empty for no logo. */
  laboratoryLogo: LogoDataUrlSchema,
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

/**
 * First-run setup (issue 32): kept on the server so that an administrator who finished or skipped
 * it is not led through it again in another browser. Not a card of the settings screen.
 */
export const SetupSettingsSchema = z.object({
  /** When an administrator finished or skipped the last step; null until then. */
  completedAt: z.iso.datetime({ offset: true }).nullable(),
});

/** The four cards of the System Settings screen, each saved on its own, and the setup state. */
export const SystemSettingsSchema = z.object({
  general: GeneralSettingsSchema,
  security: SecuritySettingsSchema,
  storage: StorageSettingsSchema,
  notifications: NotificationSettingsSchema,
  setup: SetupSettingsSchema,
});
export type SystemSettings = z.infer<typeof SystemSettingsSchema>;
export type SystemSettingsSection = keyof SystemSettings;

/** A partial update: any subset of sections, each with any subset of its fields. */
export const UpdateSystemSettingsRequestSchema = z.object({
  general: GeneralSettingsSchema.partial().optional(),
  security: SecuritySettingsSchema.partial().optional(),
  storage: StorageSettingsSchema.partial().optional(),
  notifications: NotificationSettingsSchema.partial().optional(),
  setup: SetupSettingsSchema.partial().optional(),
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
    laboratoryName: '',
    laboratoryAddress: '',
    laboratoryPhone: '',
    laboratoryAccreditation: '',
    laboratoryLogo: '',
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
  setup: { completedAt: null },
};

/** What the sign-in and registration screens may read without a session. */
export const PublicSettingsSchema = z.object({
  allowRegistration: z.boolean(),
  passwordMinLength: z.number().int(),
  siteName: z.string(),
});
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;
