import jwt from 'jsonwebtoken';
import type { Clock } from '../clock.js';

/** The outcome of checking a bearer token. */
export type SessionVerification =
  | { readonly ok: true; readonly userId: string }
  | { readonly ok: false; readonly reason: 'expired' | 'invalid' };

export interface IssuedSession {
  readonly accessToken: string;
  readonly expiresInSeconds: number;
}

/** Issues and verifies HS256 access tokens whose `sub` is the user id. */
export function createSessionService(options: { secret: string; clock: Clock }) {
  const { secret, clock } = options;
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  function issue(userId: string, lifetimeMinutes: number): IssuedSession {
    const expiresInSeconds = lifetimeMinutes * 60;
    const iat = nowSeconds();
    const accessToken = jwt.sign({ sub: userId, iat, exp: iat + expiresInSeconds }, secret, {
      algorithm: 'HS256',
    });
    return { accessToken, expiresInSeconds };
  }

  function verify(token: string): SessionVerification {
    try {
      const payload = jwt.verify(token, secret, {
        algorithms: ['HS256'],
        clockTimestamp: nowSeconds(),
      });
      if (typeof payload === 'string' || typeof payload.sub !== 'string' || payload.sub === '') {
        return { ok: false, reason: 'invalid' };
      }
      return { ok: true, userId: payload.sub };
    } catch (error) {
      return { ok: false, reason: error instanceof jwt.TokenExpiredError ? 'expired' : 'invalid' };
    }
  }

  return { issue, verify };
}
export type SessionService = ReturnType<typeof createSessionService>;
