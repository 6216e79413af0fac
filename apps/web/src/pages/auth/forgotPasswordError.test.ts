import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../api/client';
import { forgotPasswordErrorKey } from './forgotPasswordError';

describe('forgotPasswordErrorKey', () => {
  it('maps the server statuses to the texts of the spec', () => {
    expect(forgotPasswordErrorKey(new ApiRequestError('http', 'x', 404))).toBe('forgot.failed');
    expect(forgotPasswordErrorKey(new ApiRequestError('http', 'x', 429))).toBe('forgot.tooMany');
    expect(forgotPasswordErrorKey(new ApiRequestError('http', 'x', 400))).toBe(
      'forgot.invalidEmail',
    );
    expect(forgotPasswordErrorKey(new ApiRequestError('http', 'x', 500))).toBe('forgot.failed');
    expect(forgotPasswordErrorKey(new ApiRequestError('fetch', 'x'))).toBe('forgot.failed');
  });
});
