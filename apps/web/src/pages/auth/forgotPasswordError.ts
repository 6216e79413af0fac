import { ApiRequestError } from '../../api/client';

type ResetErrorKey = 'forgot.tooMany' | 'forgot.invalidEmail' | 'forgot.failed';

const RESET_ERROR_BY_STATUS: ReadonlyMap<number, ResetErrorKey> = new Map([
  [429, 'forgot.tooMany'],
  [400, 'forgot.invalidEmail'],
]);

/**
 * The password-reset texts of spec 1 §8, chosen by the server's status; anything else is a generic
 * failure. The spec's "No account found" is never shown: the server answers unknown addresses like
 * known ones, so the page cannot be used to find out who has an account.
 */
export function forgotPasswordErrorKey(error: unknown): ResetErrorKey {
  const status = error instanceof ApiRequestError ? error.status : null;
  return RESET_ERROR_BY_STATUS.get(status ?? 0) ?? 'forgot.failed';
}
