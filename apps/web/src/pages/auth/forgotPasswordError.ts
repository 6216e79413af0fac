import { ApiRequestError } from '../../api/client';

type ResetErrorKey = 'forgot.notFound' | 'forgot.tooMany' | 'forgot.invalidEmail' | 'forgot.failed';

const RESET_ERROR_BY_STATUS: ReadonlyMap<number, ResetErrorKey> = new Map([
  [404, 'forgot.notFound'],
  [429, 'forgot.tooMany'],
  [400, 'forgot.invalidEmail'],
]);

/** The password-reset texts of spec 1 §8, chosen by the server's status; anything else is a generic failure. */
export function forgotPasswordErrorKey(error: unknown): ResetErrorKey {
  const status = error instanceof ApiRequestError ? error.status : null;
  return RESET_ERROR_BY_STATUS.get(status ?? 0) ?? 'forgot.failed';
}
