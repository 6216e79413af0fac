import type { Clock } from '../clock.js';
import type { LoginAttemptsRepository } from '../repositories/login-attempts.repository.js';
import { tooManyRequests } from '../http/errors.js';

export interface ThrottlePolicy {
  readonly windowMinutes: number;
  readonly maxFailedLoginsPerAccount: number;
  readonly maxFailedLoginsPerIp: number;
  readonly maxResetRequestsPerAccount: number;
  readonly maxResetRequestsPerIp: number;
}

export const DEFAULT_THROTTLE_POLICY: ThrottlePolicy = {
  windowMinutes: 15,
  maxFailedLoginsPerAccount: 5,
  maxFailedLoginsPerIp: 20,
  maxResetRequestsPerAccount: 3,
  maxResetRequestsPerIp: 10,
};

export const THROTTLE_MESSAGES = {
  login: 'Too many failed sign-in attempts. Please try again later.',
  passwordReset: 'Too many requests. Please try again later',
} as const;

/**
 * Limits failed sign-ins and password reset requests per account and per IP address within a
 * sliding window. A successful sign-in clears the account's failures.
 */
export function createLoginThrottleService(deps: {
  attempts: LoginAttemptsRepository;
  clock: Clock;
  policy?: ThrottlePolicy;
}) {
  const policy = deps.policy ?? DEFAULT_THROTTLE_POLICY;
  const windowStart = () => new Date(deps.clock.now().getTime() - policy.windowMinutes * 60_000);

  async function isOverLimit(
    action: 'login' | 'password_reset',
    email: string,
    ipAddress: string | null,
    limits: { perAccount: number; perIp: number },
  ): Promise<boolean> {
    const since = windowStart();
    const failuresOnly = action === 'login';
    const byAccount = await deps.attempts.countAttempts({
      action,
      since,
      failuresOnly,
      by: { email },
    });
    if (byAccount >= limits.perAccount) return true;
    if (ipAddress === null) return false;
    const byIp = await deps.attempts.countAttempts({
      action,
      since,
      failuresOnly,
      by: { ipAddress },
    });
    return byIp >= limits.perIp;
  }

  async function assertLoginAllowed(email: string, ipAddress: string | null): Promise<void> {
    const limits = {
      perAccount: policy.maxFailedLoginsPerAccount,
      perIp: policy.maxFailedLoginsPerIp,
    };
    if (await isOverLimit('login', email, ipAddress, limits))
      throw tooManyRequests(THROTTLE_MESSAGES.login);
  }

  async function recordLogin(
    email: string,
    ipAddress: string | null,
    succeeded: boolean,
  ): Promise<void> {
    await deps.attempts.record({
      action: 'login',
      email,
      ipAddress,
      succeeded,
      at: deps.clock.now(),
    });
    if (succeeded) await deps.attempts.clearFailures('login', email);
  }

  async function assertResetRequestAllowed(email: string, ipAddress: string | null): Promise<void> {
    const limits = {
      perAccount: policy.maxResetRequestsPerAccount,
      perIp: policy.maxResetRequestsPerIp,
    };
    if (await isOverLimit('password_reset', email, ipAddress, limits)) {
      throw tooManyRequests(THROTTLE_MESSAGES.passwordReset);
    }
  }

  async function recordResetRequest(
    email: string,
    ipAddress: string | null,
    accountFound: boolean,
  ): Promise<void> {
    await deps.attempts.record({
      action: 'password_reset',
      email,
      ipAddress,
      succeeded: accountFound,
      at: deps.clock.now(),
    });
  }

  return { assertLoginAllowed, recordLogin, assertResetRequestAllowed, recordResetRequest };
}
export type LoginThrottleService = ReturnType<typeof createLoginThrottleService>;
