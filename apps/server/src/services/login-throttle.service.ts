import type { Clock } from '../clock.js';
import type { LoginAttemptsRepository } from '../repositories/login-attempts.repository.js';
import type {
  DelayRule,
  SignInThrottleRepository,
} from '../repositories/sign-in-throttle.repository.js';
import { RetryLaterError } from '../http/errors.js';

export interface ThrottlePolicy {
  /** Window of the reset-request limits. */
  readonly windowMinutes: number;
  readonly maxResetRequestsPerAccount: number;
  readonly maxResetRequestsPerIp: number;
  /** Failed sign-ins to one account from one address: strict, up to a long wait. */
  readonly signInPerAccountAndIp: DelayRule;
  /** Failed sign-ins from one address to any account (password spraying): strict. */
  readonly signInPerIp: DelayRule;
  /**
   * Failed sign-ins to one account from any address (a distributed guesser): only short waits,
   * so that strangers typing wrong passwords cannot lock the owner out for long.
   */
  readonly signInPerAccount: DelayRule;
}

const HOUR_SECONDS = 3600;

export const DEFAULT_THROTTLE_POLICY: ThrottlePolicy = {
  windowMinutes: 15,
  maxResetRequestsPerAccount: 3,
  maxResetRequestsPerIp: 10,
  signInPerAccountAndIp: {
    freeFailures: 5,
    baseDelaySeconds: 1,
    maxDelaySeconds: 15 * 60,
    forgetAfterSeconds: HOUR_SECONDS,
  },
  signInPerIp: {
    freeFailures: 20,
    baseDelaySeconds: 1,
    maxDelaySeconds: 15 * 60,
    forgetAfterSeconds: HOUR_SECONDS,
  },
  signInPerAccount: {
    freeFailures: 10,
    baseDelaySeconds: 1,
    maxDelaySeconds: 30,
    forgetAfterSeconds: HOUR_SECONDS,
  },
};

export const THROTTLE_MESSAGES = {
  login: 'Too many failed sign-in attempts. Please try again later.',
  passwordReset: 'Too many requests. Please try again later',
} as const;

/**
 * Slows failed sign-ins with growing delays per account and address, per address and per account
 * (429 with `Retry-After`), and limits password reset requests per account and per address within
 * a sliding window.
 *
 * Every sign-in attempt is counted as a failure before the password is checked (one atomic upsert
 * per key) and given back when it succeeds, so parallel attempts cannot slip past the limit.
 */
export function createLoginThrottleService(deps: {
  attempts: LoginAttemptsRepository;
  signIns: SignInThrottleRepository;
  clock: Clock;
  policy?: ThrottlePolicy;
}) {
  const policy = deps.policy ?? DEFAULT_THROTTLE_POLICY;
  const windowStart = () => new Date(deps.clock.now().getTime() - policy.windowMinutes * 60_000);

  const signInKeys = (email: string, ipAddress: string | null) => ({
    pair: ipAddress === null ? null : `pair:${email}|${ipAddress}`,
    ip: ipAddress === null ? null : `ip:${ipAddress}`,
    account: `account:${email}`,
  });

  /**
   * Takes a sign-in attempt on each key, or throws 429 with the wait of the first key that is
   * waiting (giving back what it had taken, so a refused attempt counts nowhere).
   */
  async function beginSignIn(email: string, ipAddress: string | null): Promise<void> {
    const keys = signInKeys(email, ipAddress);
    const steps: [string | null, DelayRule][] = [
      [keys.pair, policy.signInPerAccountAndIp],
      [keys.ip, policy.signInPerIp],
      [keys.account, policy.signInPerAccount],
    ];
    const taken: string[] = [];
    for (const [key, rule] of steps) {
      if (key === null) continue;
      const outcome = await deps.signIns.take(key, rule, deps.clock.now());
      if (!outcome.allowed) {
        for (const done of taken) await deps.signIns.giveBack(done);
        throw new RetryLaterError(THROTTLE_MESSAGES.login, outcome.retryAfterSeconds);
      }
      taken.push(key);
    }
  }

  /**
   * After the password was right: the account's counters start again; the address only gets its
   * attempt back, so a spraying address is not cleared by one account it owns.
   */
  async function signInSucceeded(email: string, ipAddress: string | null): Promise<void> {
    const keys = signInKeys(email, ipAddress);
    await deps.signIns.clear(keys.pair === null ? [keys.account] : [keys.account, keys.pair]);
    if (keys.ip !== null) await deps.signIns.giveBack(keys.ip);
  }

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

  async function assertResetRequestAllowed(email: string, ipAddress: string | null): Promise<void> {
    const limits = {
      perAccount: policy.maxResetRequestsPerAccount,
      perIp: policy.maxResetRequestsPerIp,
    };
    if (await isOverLimit('password_reset', email, ipAddress, limits)) {
      // The oldest request in the window may leave it sooner; the window is the longest wait.
      throw new RetryLaterError(THROTTLE_MESSAGES.passwordReset, policy.windowMinutes * 60);
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

  return { beginSignIn, signInSucceeded, assertResetRequestAllowed, recordResetRequest };
}
export type LoginThrottleService = ReturnType<typeof createLoginThrottleService>;
