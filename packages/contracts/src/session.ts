import { z } from 'zod';
import { UserSettingsSchema } from './auth.js';

/** Exchanges a refresh token (from sign-in or the previous refresh) for a new pair. */
export const RefreshSessionRequestSchema = z.object({
  refresh_token: z.string().min(1).max(512),
});
export type RefreshSessionRequest = z.infer<typeof RefreshSessionRequestSchema>;

/**
 * A fresh access token (valid `sessionTimeout` minutes) and a new refresh token that replaces the
 * one sent; the session ends `refreshTokenMaxAgeDays` after the sign-in whatever the refreshes.
 */
export const RefreshSessionResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
});
export type RefreshSessionResponse = z.infer<typeof RefreshSessionResponseSchema>;

/** Saving settings sends any subset of the fields. */
export const UpdateUserSettingsRequestSchema = UserSettingsSchema.partial();
export type UpdateUserSettingsRequest = z.infer<typeof UpdateUserSettingsRequestSchema>;

/** Error codes carried in `detail.code` where the client must react to a specific failure. */
export const API_ERROR_CODES = ['ACCOUNT_INACTIVE'] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];
