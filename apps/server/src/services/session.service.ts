import jwt from 'jsonwebtoken';
import { createHash, createSecretKey, randomBytes } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { SessionsRepository } from '../repositories/sessions.repository.js';
import type { LiveSessionCache } from './live-session-cache.js';

/** The outcome of checking a bearer token. */
export type SessionVerification =
  | { readonly ok: true; readonly userId: string; readonly sessionId: string }
  | { readonly ok: false; readonly reason: 'expired' | 'invalid' };

export interface IssuedSession {
  readonly accessToken: string;
  readonly refreshToken: string;
  readonly expiresInSeconds: number;
}

/** How long a new access token lives and how long a sign-in lasts at most. */
export interface SessionLifetimes {
  readonly accessMinutes: number;
  readonly maxAgeDays: number;
}

/** The outcome of exchanging a refresh token. */
export type SessionRefresh =
  | { readonly ok: true; readonly userId: string; readonly session: IssuedSession }
  | { readonly ok: false; readonly reason: 'invalid' | 'ended' }
  /** A used refresh token came back: the whole session was revoked. */
  | { readonly ok: false; readonly reason: 'reused'; readonly sessionId: string };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Only the SHA-256 of a refresh token is stored, so a database leak reveals no usable token. */
const hashRefreshToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/**
 * Server-side sessions: a row per sign-in, HS256 access tokens carrying the user (`sub`) and the
 * session (`sid`), and one-time refresh tokens that rotate on every use.
 */
export function createSessionService(options: {
  secret: string;
  clock: Clock;
  repository: SessionsRepository;
  /** Only where this process sees every write to the sessions (the embedded database). */
  liveSessions?: LiveSessionCache;
}) {
  const { clock, repository, liveSessions } = options;
  // A key object made once: given a string, jsonwebtoken first tries to parse it as a public key
  // on every call, which cost about half a millisecond of CPU per request.
  const secret = createSecretKey(Buffer.from(options.secret, 'utf8'));
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  /** A pair for the session: the access token never outlives the session itself. */
  async function issuePair(
    userId: string,
    sessionId: string,
    sessionEnds: Date,
    accessMinutes: number,
  ): Promise<IssuedSession> {
    const iat = nowSeconds();
    const sessionLeftSeconds = Math.floor(sessionEnds.getTime() / 1000) - iat;
    const expiresInSeconds = Math.max(1, Math.min(accessMinutes * 60, sessionLeftSeconds));
    const accessToken = jwt.sign(
      { sub: userId, sid: sessionId, iat, exp: iat + expiresInSeconds },
      secret,
      { algorithm: 'HS256' },
    );
    const refreshToken = randomBytes(32).toString('base64url');
    await repository.insertRefreshToken({
      tokenHash: hashRefreshToken(refreshToken),
      sessionId,
      createdAt: clock.now(),
    });
    return { accessToken, refreshToken, expiresInSeconds };
  }

  /** Opens a session for a sign-in. */
  async function start(userId: string, lifetimes: SessionLifetimes): Promise<IssuedSession> {
    const now = clock.now();
    const session = await repository.insertSession({
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + lifetimes.maxAgeDays * DAY_MS),
    });
    return issuePair(userId, session.id, session.expiresAt, lifetimes.accessMinutes);
  }

  /**
   * Exchanges a refresh token for a new pair. A token used before revokes its session: either the
   * client or a thief holds a copy, and the server cannot tell which.
   */
  async function refresh(
    refreshToken: string,
    lifetimes: SessionLifetimes,
  ): Promise<SessionRefresh> {
    const now = clock.now();
    const use = await repository.useRefreshToken(hashRefreshToken(refreshToken), now);
    switch (use.kind) {
      case 'unknown':
        return { ok: false, reason: 'invalid' };
      case 'reused':
        await repository.revoke(use.sessionId, now, 'refresh token reused');
        return { ok: false, reason: 'reused', sessionId: use.sessionId };
      case 'fresh': {
        const { session } = use;
        // The absolute lifetime counts from the sign-in, read from today's setting.
        const ends = new Date(
          Math.min(
            session.expiresAt.getTime(),
            session.createdAt.getTime() + lifetimes.maxAgeDays * DAY_MS,
          ),
        );
        if (session.revokedAt !== null || ends.getTime() <= now.getTime())
          return { ok: false, reason: 'ended' };
        return {
          ok: true,
          userId: session.userId,
          session: await issuePair(session.userId, session.id, ends, lifetimes.accessMinutes),
        };
      }
    }
  }

  /**
   * Whether the session is neither revoked nor past its absolute end: one primary-key lookup, or
   * none when the live-session cache already knows it.
   */
  async function isLive(sessionId: string, userId: string): Promise<boolean> {
    const now = clock.now();
    if (liveSessions === undefined) return repository.isLive(sessionId, userId, now);
    if (liveSessions.knowsLive(sessionId, userId, now)) return true;
    const seenAt = liveSessions.generation();
    const endsAt = await repository.liveUntil(sessionId, userId, now);
    if (endsAt === undefined) return false;
    liveSessions.remember(sessionId, userId, endsAt, seenAt);
    return true;
  }

  const revoke = (sessionId: string, reason: string) =>
    repository.revoke(sessionId, clock.now(), reason);
  /** Ends every session of the user, except `keep` (the caller's own, after a password change). */
  const revokeAllOfUser = (userId: string, reason: string, keep?: string) =>
    repository.revokeAllOfUser(userId, clock.now(), reason, keep);

  /** Checks signature and expiry only; `isLive` must still be asked before trusting the token. */
  function verifySignature(token: string): SessionVerification {
    try {
      const payload = jwt.verify(token, secret, {
        algorithms: ['HS256'],
        clockTimestamp: nowSeconds(),
      });
      if (typeof payload === 'string' || typeof payload.sub !== 'string' || payload.sub === '') {
        return { ok: false, reason: 'invalid' };
      }
      const sessionId: unknown = payload.sid;
      if (typeof sessionId !== 'string' || sessionId === '')
        return { ok: false, reason: 'invalid' };
      return { ok: true, userId: payload.sub, sessionId };
    } catch (error) {
      return { ok: false, reason: error instanceof jwt.TokenExpiredError ? 'expired' : 'invalid' };
    }
  }

  return { start, refresh, verifySignature, isLive, revoke, revokeAllOfUser };
}
export type SessionService = ReturnType<typeof createSessionService>;
