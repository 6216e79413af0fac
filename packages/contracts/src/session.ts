import { z } from 'zod';
import { UserSettingsSchema } from './auth.js';

/** A fresh access token for a still-valid session (sliding session of `sessionTimeout` minutes). */
export const RefreshSessionResponseSchema = z.object({
  access_token: z.string(),
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
