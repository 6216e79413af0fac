import { describe, expect, it } from 'vitest';
import {
  EMPTY_PASSWORD_CHANGE,
  avatarInitial,
  profileFormResult,
  validatePasswordChange,
} from './profileForms';

const form = (newPassword: string, confirmPassword = newPassword, currentPassword = 'old-one') => ({
  currentPassword,
  newPassword,
  confirmPassword,
});

describe('validatePasswordChange', () => {
  it('asks for the current password first', () => {
    expect(validatePasswordChange(EMPTY_PASSWORD_CHANGE)).toEqual({
      field: 'currentPassword',
      key: 'profile.currentPasswordRequired',
    });
  });

  it('refuses a confirmation that differs', () => {
    expect(validatePasswordChange(form('abcdefgh', 'abcdefgi'))).toEqual({
      field: 'confirmPassword',
      key: 'validation.passwordsMismatch',
    });
  });

  it('refuses fewer than 6 characters, with 6 in the message', () => {
    expect(validatePasswordChange(form('abcde'))).toEqual({
      field: 'newPassword',
      key: 'profile.passwordTooShort',
      values: { min: 6 },
    });
    expect(validatePasswordChange(form(''))).toMatchObject({ key: 'profile.passwordTooShort' });
    expect(validatePasswordChange(form('abcdef'))).toBeNull();
  });

  it('uses the server minimum when it is higher, never a lower one', () => {
    expect(validatePasswordChange(form('abcdefg'), 8)).toMatchObject({ values: { min: 8 } });
    expect(validatePasswordChange(form('abcdefgh'), 8)).toBeNull();
    expect(validatePasswordChange(form('abcde'), 4)).toMatchObject({ values: { min: 6 } });
  });
});

describe('profileFormResult', () => {
  const user = { displayName: 'Ana Lab' };

  it('requires a display name', () => {
    expect(profileFormResult(user, '   ')).toEqual({
      kind: 'invalid',
      key: 'profile.displayNameRequired',
    });
  });

  it('sends nothing when the name did not change', () => {
    expect(profileFormResult(user, ' Ana Lab ')).toEqual({ kind: 'unchanged' });
  });

  it('sends only the trimmed display name', () => {
    expect(profileFormResult(user, '  Ana Lab-Smith ')).toEqual({
      kind: 'save',
      changes: { displayName: 'Ana Lab-Smith' },
    });
  });
});

describe('avatarInitial', () => {
  it('takes the first letter of the name, else of the e-mail', () => {
    expect(avatarInitial({ displayName: 'ana', email: 'x@y.z' })).toBe('A');
    expect(avatarInitial({ displayName: ' ', email: 'zoe@y.z' })).toBe('Z');
    expect(avatarInitial({ displayName: 'Đức', email: 'd@y.z' })).toBe('Đ');
  });
});
