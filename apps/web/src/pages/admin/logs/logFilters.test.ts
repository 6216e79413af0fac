import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildLogsCsv, logsCsvFileName, type SystemLog } from '@sarm/contracts';
import { dayRange, EMPTY_LOG_FILTERS, toApiFilters } from './logFilters';

describe('log date range', () => {
  beforeEach(() => vi.stubEnv('TZ', 'Asia/Ho_Chi_Minh'));
  afterEach(() => vi.unstubAllEnvs());

  it('runs from the start of the from-day to the end of the to-day in local time', () => {
    const { from, to } = dayRange('2026-03-01', '2026-03-02');
    if (from === undefined || to === undefined) throw new Error('range missing');
    const start = new Date(from);
    const end = new Date(to);
    expect([start.getDate(), start.getHours(), start.getMinutes()]).toEqual([1, 0, 0]);
    expect([end.getDate(), end.getHours(), end.getMinutes(), end.getSeconds()]).toEqual([
      2, 23, 59, 59,
    ]);
    expect(end.getMilliseconds()).toBe(999);
  });

  it('leaves open ends open and ignores malformed dates', () => {
    expect(dayRange('', '')).toEqual({});
    expect(Object.keys(dayRange('2026-03-01', 'nope'))).toEqual(['from']);
  });

  it('sends only the filters that are set', () => {
    expect(toApiFilters({ ...EMPTY_LOG_FILTERS, search: '  sign ', type: 'auth' })).toEqual({
      search: 'sign',
      type: 'auth',
    });
  });
});

describe('log CSV export', () => {
  const log: SystemLog = {
    id: '1',
    timestamp: '2026-03-01T10:00:00.000Z',
    type: 'auth',
    severity: 'warning',
    message: 'Failed sign-in, "twice"',
    userId: null,
    userName: null,
    userEmail: 'x@sarm.test',
    resourceId: null,
    resourceType: null,
    ipAddress: '127.0.0.1',
    userAgent: 'Mozilla/5.0 (X11; Linux)',
  };

  it('writes the spec columns in order and quotes cells with commas and quotes', () => {
    const [header, row] = buildLogsCsv([log]).split('\r\n');
    expect(header).toBe(
      'timestamp,type,severity,message,userId,userName,userEmail,resourceId,resourceType,ipAddress,userAgent',
    );
    expect(row).toBe(
      '2026-03-01T10:00:00.000Z,auth,warning,"Failed sign-in, ""twice""",,,x@sarm.test,,,127.0.0.1,Mozilla/5.0 (X11; Linux)',
    );
  });

  it('names the file with the current date', () => {
    expect(logsCsvFileName(new Date(2026, 0, 5, 12))).toBe('system-logs-2026-01-05.csv');
  });
});
