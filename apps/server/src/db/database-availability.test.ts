import { describe, expect, it } from 'vitest';
import {
  createOutageMonitor,
  isDatabaseUnavailable,
  OUTAGE_QUIET_MS,
  unavailableReason,
} from './database-availability.js';

function recordingLogger() {
  const warnings: { details: Record<string, unknown>; message: string }[] = [];
  const infos: string[] = [];
  return {
    warnings,
    infos,
    logger: {
      warn: (details: Record<string, unknown>, message: string) =>
        warnings.push({ details, message }),
      info: (message: string) => infos.push(message),
    },
  };
}

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
  code: 'ECONNREFUSED',
});

describe('isDatabaseUnavailable', () => {
  it('follows cause links, and stops at a cycle', () => {
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: refused }))).toBe(true);
    const cyclic: Error & { cause?: unknown } = new Error('loop');
    cyclic.cause = cyclic;
    expect(isDatabaseUnavailable(cyclic)).toBe(false);
  });

  it('ignores values that are not errors', () => {
    for (const value of [null, undefined, 'ECONNREFUSED', 57, { code: 42 }])
      expect(isDatabaseUnavailable(value)).toBe(false);
  });

  it('names the innermost reason without the query', () => {
    const wrapped = new Error('Failed query: select * from "users"', { cause: refused });
    expect(unavailableReason(wrapped)).toBe('ECONNREFUSED connect ECONNREFUSED 127.0.0.1:5432');
  });
});

describe('createOutageMonitor', () => {
  it('warns once per outage, reports the recovery once, and warns again for the next outage', () => {
    let now = 1_000;
    const monitor = createOutageMonitor(() => now);
    const log = recordingLogger();
    monitor.reportAvailable(log.logger);
    expect(log.infos).toEqual([]);

    for (let failure = 0; failure < 20; failure += 1) {
      monitor.reportUnavailable(refused, log.logger, 'GET /api/sarm/auth/get-me');
      now += 100;
    }
    expect(log.warnings).toHaveLength(1);
    expect(log.warnings[0]?.details).toEqual({
      source: 'GET /api/sarm/auth/get-me',
      reason: 'ECONNREFUSED connect ECONNREFUSED 127.0.0.1:5432',
    });
    expect(monitor.isOutage()).toBe(true);

    monitor.reportAvailable(log.logger);
    monitor.reportAvailable(log.logger);
    expect(log.infos).toEqual(['The database is available again (unavailable for 2.0 s)']);
    expect(monitor.isOutage()).toBe(false);

    monitor.reportUnavailable(refused, log.logger, 'task queue');
    expect(log.warnings).toHaveLength(2);
  });

  it('counts failures after a long quiet spell as a new outage though no recovery was seen', () => {
    let now = 0;
    const monitor = createOutageMonitor(() => now);
    const log = recordingLogger();
    monitor.reportUnavailable(refused, log.logger, 'task queue');
    now += OUTAGE_QUIET_MS - 1;
    monitor.reportUnavailable(refused, log.logger, 'task queue');
    expect(log.warnings).toHaveLength(1);
    now += OUTAGE_QUIET_MS + 1;
    monitor.reportUnavailable(refused, log.logger, 'task queue');
    expect(log.warnings).toHaveLength(2);
  });
});
