import { z } from 'zod';
import type { Clock } from '../clock.js';
import type { LoginAttemptsRepository } from '../repositories/login-attempts.repository.js';
import type { PasswordResetRepository } from '../repositories/password-reset.repository.js';
import type { SessionsRepository } from '../repositories/sessions.repository.js';
import type { SignInThrottleRepository } from '../repositories/sign-in-throttle.repository.js';
import { defineJob } from './job-definition.js';

export const SystemCleanupPayloadSchema = z.object({
  reason: z.enum(['scheduled', 'manual']).default('manual'),
});

/** Sign-in attempts older than this no longer matter for throttling. */
const LOGIN_ATTEMPT_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes expired or used password reset tokens, sign-in attempts and throttle counters older
 * than a day, and sessions that ended more than a day ago (with their refresh tokens).
 * Deleting by age is naturally idempotent, so retries are safe.
 */
export function createSystemCleanupJob(deps: {
  passwordResets: PasswordResetRepository;
  loginAttempts: LoginAttemptsRepository;
  sessions: SessionsRepository;
  signInThrottle: SignInThrottleRepository;
  clock: Clock;
}) {
  return defineJob({
    name: 'system.cleanup',
    title: 'System cleanup',
    payload: SystemCleanupPayloadSchema,
    retryLimit: 1,
    schedule: { cron: '0 * * * *', payload: { reason: 'scheduled' } },
    async handler(payload, context) {
      await context.reportProgress(0, 'initializing', `Cleanup started (${payload.reason})`);
      const now = deps.clock.now();
      const deletedResetTokens = await deps.passwordResets.deleteStale(now);
      await context.reportProgress(
        50,
        'cleaning',
        `Deleted ${deletedResetTokens} stale reset tokens`,
      );
      const dayAgo = new Date(now.getTime() - LOGIN_ATTEMPT_RETENTION_MS);
      const deletedLoginAttempts = await deps.loginAttempts.deleteOlderThan(dayAgo);
      const deletedSessions = await deps.sessions.deleteEnded(dayAgo);
      const deletedThrottleCounters = await deps.signInThrottle.deleteQuietSince(dayAgo);
      await context.reportProgress(
        100,
        'completed',
        `Deleted ${deletedLoginAttempts} old sign-in attempts`,
      );
      return {
        deletedResetTokens,
        deletedLoginAttempts,
        deletedSessions,
        deletedThrottleCounters,
      };
    },
  });
}
