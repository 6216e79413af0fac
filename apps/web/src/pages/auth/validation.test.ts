import { describe, expect, it } from 'vitest';
import {
  isEmailShaped,
  validateForgotPassword,
  validateLogin,
  validatePasswordReset,
  validateRegistration,
  withMinimumDuration,
  type RegisterForm,
} from './validation';

const valid: RegisterForm = {
  name: 'Ana',
  email: 'ana@example.org',
  password: 'secret1',
  confirmPassword: 'secret1',
};

describe('validateRegistration', () => {
  it('reports the rules in the order of the spec as each field gets filled in', () => {
    const steps: [Partial<RegisterForm>, string | null][] = [
      [{ name: '', email: '', password: '', confirmPassword: '' }, 'validation.nameRequired'],
      [{ email: '', password: '', confirmPassword: '' }, 'validation.emailRequired'],
      [{ email: 'ana', password: '', confirmPassword: '' }, 'validation.emailInvalid'],
      [{ password: '', confirmPassword: '' }, 'validation.passwordRequired'],
      [{ password: '12345', confirmPassword: '' }, 'validation.passwordTooShort'],
      [{ confirmPassword: 'other1' }, 'validation.passwordsMismatch'],
      [{}, null],
    ];
    for (const [changes, expected] of steps) {
      expect(validateRegistration({ ...valid, ...changes })?.key ?? null).toBe(expected);
    }
  });

  it('treats a name of spaces as missing and passes the minimum length to the message', () => {
    expect(validateRegistration({ ...valid, name: '   ' })?.key).toBe('validation.nameRequired');
    expect(validateRegistration({ ...valid, password: 'abc', confirmPassword: 'abc' })).toEqual({
      key: 'validation.passwordTooShort',
      values: { min: 6 },
    });
  });
});

describe('other forms', () => {
  it('login needs both fields', () => {
    expect(validateLogin('', 'x')?.key).toBe('validation.loginRequired');
    expect(validateLogin('a@b.co', '')?.key).toBe('validation.loginRequired');
    expect(validateLogin('a@b.co', 'x')).toBeNull();
  });

  it('forgot password checks presence, then shape', () => {
    expect(validateForgotPassword(' ')?.key).toBe('validation.emailRequired');
    expect(validateForgotPassword('a@b')?.key).toBe('validation.emailInvalid');
    expect(validateForgotPassword('a@b.co')).toBeNull();
  });

  it('reset password checks presence, length, then match', () => {
    expect(validatePasswordReset('', '')?.key).toBe('validation.passwordRequired');
    expect(validatePasswordReset('12345', '12345')?.key).toBe('validation.passwordTooShort');
    expect(validatePasswordReset('123456', '123457')?.key).toBe('validation.passwordsMismatch');
  });

  it('accepts simple addresses only', () => {
    expect(['a@b.co', 'first.last@lab.example.org'].every(isEmailShaped)).toBe(true);
    expect(['a@b', 'a b@c.de', '@c.de', 'a@.'].some(isEmailShaped)).toBe(false);
  });
});

describe('withMinimumDuration', () => {
  it('waits for the minimum even when the work is instant, and passes failures through', async () => {
    const waits: number[] = [];
    const wait = (ms: number) => {
      waits.push(ms);
      return Promise.resolve();
    };
    await expect(withMinimumDuration(Promise.resolve('ok'), 900, wait)).resolves.toBe('ok');
    await expect(
      withMinimumDuration(Promise.reject(new Error('Login failed')), 900, wait),
    ).rejects.toThrow('Login failed');
    expect(waits).toEqual([900, 900]);
  });
});
