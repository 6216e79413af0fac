/**
 * The contracts' schemas that the start-up code (session, sign-in, keep-alive) validates with.
 * Schemas carry zod, so this module is only ever loaded through `loadAuthSchemas()` (a dynamic
 * import): the sign-in page of a signed-out visitor then downloads no zod at all (issue 32).
 */
export {
  CurrentUserSchema,
  LoginResponseSchema,
  RefreshSessionResponseSchema,
  UserSettingsSchema,
} from '@sarm/contracts';
