import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../clock.js';

/** `[key, userId, expiry in epoch seconds]`, the signed payload. */
const ClaimsSchema = z.tuple([z.string(), z.string(), z.number()]);

/** What a media token grants: one user may read one stored file until `expiresAt`. */
export interface MediaTokenClaims {
  readonly key: string;
  readonly userId: string;
  readonly expiresAt: Date;
}

/**
 * Signs `key|userId|expiry` with HMAC-SHA256 under a key derived from the server secret, so a
 * media link can carry `?token=` instead of a bearer header (for `<video src>` and `<img src>`).
 */
export function createMediaTokenSigner(options: { secret: string; clock: Clock }) {
  const signingKey = createHmac('sha256', options.secret).update('sarm-media-token-v1').digest();
  const signature = (payload: string) => createHmac('sha256', signingKey).update(payload).digest();

  function sign(claims: { key: string; userId: string; ttlSeconds: number }): string {
    const expiresAt =
      Math.floor(options.clock.now().getTime() / 1000) + Math.max(1, Math.floor(claims.ttlSeconds));
    const payload = Buffer.from(JSON.stringify([claims.key, claims.userId, expiresAt])).toString(
      'base64url',
    );
    return `${payload}.${signature(payload).toString('base64url')}`;
  }

  function verify(token: string, expectedKey?: string): MediaTokenClaims | null {
    const [payload, mac, extra] = token.split('.');
    if (payload === undefined || mac === undefined || extra !== undefined) return null;
    const expected = signature(payload);
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const claims = ClaimsSchema.safeParse(
      JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')),
    );
    if (!claims.success) return null;
    const [key, userId, expiresAt] = claims.data;
    if (expiresAt * 1000 <= options.clock.now().getTime()) return null;
    if (expectedKey !== undefined && expectedKey !== key) return null;
    return { key, userId, expiresAt: new Date(expiresAt * 1000) };
  }

  return { sign, verify };
}
