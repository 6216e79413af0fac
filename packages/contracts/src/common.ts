import { z } from 'zod';
import { idText } from './limits.js';

/** The one error shape every API failure uses. */
export const ApiErrorSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  detail: z.unknown().optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const IdParamsSchema = z.object({ id: idText() });
export const OkResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
});
export type OkResponse = z.infer<typeof OkResponseSchema>;

/** ISO-8601 timestamp string as it travels in JSON. */
export const TimestampSchema = z.string();
