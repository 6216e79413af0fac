import type { CurrentUser, UpdateProfileRequest } from '@sarm/contracts';
import { MIN_PASSWORD_LENGTH } from '../auth/validation';

export interface PasswordChangeForm {
  readonly currentPassword: string;
  readonly newPassword: string;
  readonly confirmPassword: string;
}

export const EMPTY_PASSWORD_CHANGE: PasswordChangeForm = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

/** A message key plus the field it belongs to, so the rules stay pure and the screen translates. */
export type PasswordChangeError =
  | { readonly field: 'currentPassword'; readonly key: 'profile.currentPasswordRequired' }
  | { readonly field: 'confirmPassword'; readonly key: 'validation.passwordsMismatch' }
  | {
      readonly field: 'newPassword';
      readonly key: 'profile.passwordTooShort';
      readonly values: { readonly min: number };
    };

/**
 * The first failing rule of the Change Password form (spec 3 §5): the current password is needed by
 * the server, then new and confirmation must match, then the length. The minimum is the spec's 6,
 * raised to the administrator's minimum when that is higher, since the server enforces it.
 */
export function validatePasswordChange(
  form: PasswordChangeForm,
  serverMinLength = 0,
): PasswordChangeError | null {
  if (form.currentPassword.length === 0)
    return { field: 'currentPassword', key: 'profile.currentPasswordRequired' };
  if (form.newPassword !== form.confirmPassword)
    return { field: 'confirmPassword', key: 'validation.passwordsMismatch' };
  const min = Math.max(MIN_PASSWORD_LENGTH, serverMinLength);
  if (form.newPassword.length < min)
    return { field: 'newPassword', key: 'profile.passwordTooShort', values: { min } };
  return null;
}

export type ProfileFormResult =
  | { readonly kind: 'invalid'; readonly key: 'profile.displayNameRequired' }
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'save'; readonly changes: UpdateProfileRequest };

/**
 * What saving the profile form should do. Only the display name is sent: the e-mail is the sign-in
 * identity and is not editable here.
 */
export function profileFormResult(
  user: Pick<CurrentUser, 'displayName'>,
  displayName: string,
): ProfileFormResult {
  const trimmed = displayName.trim();
  if (trimmed.length === 0) return { kind: 'invalid', key: 'profile.displayNameRequired' };
  if (trimmed === user.displayName) return { kind: 'unchanged' };
  return { kind: 'save', changes: { displayName: trimmed } };
}

/** The avatar letter: first character of the display name, else of the e-mail. */
export function avatarInitial(user: Pick<CurrentUser, 'displayName' | 'email'>): string {
  const source = user.displayName.trim() || user.email;
  return (Array.from(source)[0] ?? '?').toUpperCase();
}
