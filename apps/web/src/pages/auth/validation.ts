/** Minimum password length on registration, reset and profile screens (spec 1 §9). */
export const MIN_PASSWORD_LENGTH = 6;

/** Login shows its busy state for at least this long so a fast answer does not flicker (spec 1 §9). */
export const MIN_LOGIN_BUSY_MS = 900;

/** A message key plus its values, so validation stays pure and the screens translate. */
export type ValidationError =
  | { readonly key: 'validation.loginRequired' }
  | { readonly key: 'validation.nameRequired' }
  | { readonly key: 'validation.emailRequired' }
  | { readonly key: 'validation.emailInvalid' }
  | { readonly key: 'validation.passwordRequired' }
  | { readonly key: 'validation.passwordTooShort'; readonly values: { readonly min: number } }
  | { readonly key: 'validation.passwordsMismatch' };

/** "A simple address shape": something, @, something, dot, something, without spaces. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailShaped(email: string): boolean {
  return EMAIL_SHAPE.test(email.trim());
}

export function validateLogin(email: string, password: string): ValidationError | null {
  return email.trim().length === 0 || password.length === 0
    ? { key: 'validation.loginRequired' }
    : null;
}

function validateEmail(email: string): ValidationError | null {
  if (email.trim().length === 0) return { key: 'validation.emailRequired' };
  if (!isEmailShaped(email)) return { key: 'validation.emailInvalid' };
  return null;
}

function validateNewPassword(
  password: string,
  confirmation: string,
  minLength: number,
): ValidationError | null {
  if (password.length === 0) return { key: 'validation.passwordRequired' };
  if (password.length < minLength)
    return { key: 'validation.passwordTooShort', values: { min: minLength } };
  if (password !== confirmation) return { key: 'validation.passwordsMismatch' };
  return null;
}

export interface RegisterForm {
  readonly name: string;
  readonly email: string;
  readonly password: string;
  readonly confirmPassword: string;
}

/** The first failing rule, in the order of spec 1 §5: name, e-mail, e-mail shape, password, length, match. */
export function validateRegistration(
  form: RegisterForm,
  minLength = MIN_PASSWORD_LENGTH,
): ValidationError | null {
  if (form.name.trim().length === 0) return { key: 'validation.nameRequired' };
  return (
    validateEmail(form.email) ?? validateNewPassword(form.password, form.confirmPassword, minLength)
  );
}

export function validateForgotPassword(email: string): ValidationError | null {
  return validateEmail(email);
}

export function validatePasswordReset(
  password: string,
  confirmation: string,
  minLength = MIN_PASSWORD_LENGTH,
): ValidationError | null {
  return validateNewPassword(password, confirmation, minLength);
}

/** Resolves with the work's result, but not before `minMs` have passed since the call. */
export async function withMinimumDuration<T>(
  work: Promise<T>,
  minMs: number,
  wait = defaultWait,
): Promise<T> {
  const [outcome] = await Promise.allSettled([work, wait(minMs)]);
  if (outcome.status === 'rejected') throw outcome.reason;
  return outcome.value;
}

function defaultWait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
