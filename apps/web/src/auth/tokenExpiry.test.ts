import { describe, expect, it } from 'vitest';
import {
  MIN_REFRESH_DELAY_MS,
  REFRESH_MARGIN_MS,
  refreshDelayMs,
  renewalStep,
  shouldRenew,
  tokenExpiryMs,
} from './tokenExpiry';

/** Encodes like a JWT: base64url without padding. */
const jwtWith = (claims: object) =>
  `h.${btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.s`;

describe('token expiry', () => {
  it('reads the exp claim of a JWT in milliseconds', () => {
    expect(tokenExpiryMs(jwtWith({ sub: 'u', exp: 1_800 }))).toBe(1_800_000);
  });

  it('answers null for tokens it cannot read', () => {
    expect(tokenExpiryMs('bogus-token')).toBeNull();
    expect(tokenExpiryMs('a.@@@.c')).toBeNull();
    expect(tokenExpiryMs(jwtWith({ sub: 'u' }))).toBeNull();
  });

  it('schedules the renewal a minute before expiry, but not sooner than the minimum delay', () => {
    const token = jwtWith({ exp: 1_800 });
    expect(refreshDelayMs(token, 0)).toBe(1_800_000 - REFRESH_MARGIN_MS);
    expect(refreshDelayMs(token, 1_790_000)).toBe(MIN_REFRESH_DELAY_MS);
  });

  it('renews only after activity since the last renewal', () => {
    expect(shouldRenew(2_000, 1_000)).toBe(true);
    expect(shouldRenew(500, 1_000)).toBe(false);
  });
});

describe('renewalStep', () => {
  it('refreshes when the tab holds the stored token, adopts one another tab renewed, else nothing', () => {
    expect(renewalStep('a', { token: 'a', refreshToken: 'r' })).toBe('refresh');
    expect(renewalStep('a', { token: 'b', refreshToken: 'r2' })).toBe('adopt');
    expect(renewalStep('a', { token: null, refreshToken: null })).toBe('none');
    expect(renewalStep('a', { token: 'a', refreshToken: null })).toBe('none');
  });
});
