import PgBoss from 'pg-boss';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteDatabase, type DatabaseHandle } from '../db/database.js';
import { LEASE_SECONDS, leaseTiming, renewLeaseSql, startHeartbeat } from './job-lease.js';

describe('leaseTiming', () => {
  it('renews and expires three times a lease, 45 s by default', () => {
    expect(leaseTiming()).toEqual({
      leaseSeconds: 45,
      heartbeatSeconds: 15,
      maintenanceIntervalSeconds: 15,
    });
    expect(leaseTiming(6)).toEqual({
      leaseSeconds: 6,
      heartbeatSeconds: 2,
      maintenanceIntervalSeconds: 2,
    });
    expect(() => leaseTiming(2)).toThrow(/at least 3/);
    expect(() => leaseTiming(4.5)).toThrow(/whole number/);
  });
});

describe('startHeartbeat', () => {
  it('renews until the job is no longer ours, then reports the loss once', async () => {
    const answers = [true, true, false, true];
    let renewals = 0;
    let losses = 0;
    const stop = startHeartbeat({
      renew: () => Promise.resolve(answers[renewals++] ?? true),
      onLost: () => (losses += 1),
      onError: () => undefined,
      intervalMs: 5,
    });
    await sleep(80);
    stop();
    expect(renewals).toBe(3);
    expect(losses).toBe(1);
  });

  it('keeps beating through a failed renewal and stops when told', async () => {
    let renewals = 0;
    const errors: unknown[] = [];
    const stop = startHeartbeat({
      renew: () =>
        ++renewals === 1 ? Promise.reject(new Error('database away')) : Promise.resolve(true),
      onLost: () => undefined,
      onError: (error) => errors.push(error),
      intervalMs: 5,
    });
    await sleep(40);
    stop();
    const afterStop = renewals;
    await sleep(30);
    expect(errors).toHaveLength(1);
    expect(afterStop).toBeGreaterThan(2);
    expect(renewals).toBe(afterStop);
  });
});

describe('renewLeaseSql on pg-boss', () => {
  let database: DatabaseHandle;
  let boss: PgBoss;
  const db = () => boss.getDb();

  beforeAll(async () => {
    database = await openPgliteDatabase();
    if (database.queueConnection.kind !== 'pglite') throw new Error('Expected PGlite');
    boss = new PgBoss({
      db: database.queueConnection.db,
      supervise: false,
      schedule: false,
    });
    await boss.start();
    await boss.createQueue('lease.test');
  });
  afterAll(async () => {
    await boss.stop({ graceful: false, wait: true });
    await database.close();
  });

  it('moves an active job’s expiry to a lease from now, and only while the job is active', async () => {
    const id = await boss.send('lease.test', {}, { expireInSeconds: 5 });
    const [job] = await boss.fetch('lease.test');
    expect(job?.id).toBe(id);
    const secondsLeft = async () => {
      const { rows } = await db().executeSql(
        `SELECT extract(epoch FROM (started_on + expire_in - now()))::float AS left FROM pgboss.job WHERE id = $1`,
        [id],
      );
      return Number((rows[0] as { left: number }).left);
    };
    expect(await secondsLeft()).toBeLessThanOrEqual(5);

    const renewed = await db().executeSql(renewLeaseSql('pgboss'), ['lease.test', id]);
    expect(renewed.rows).toHaveLength(1);
    expect(await secondsLeft()).toBeGreaterThan(LEASE_SECONDS - 5);
    expect(await secondsLeft()).toBeLessThanOrEqual(LEASE_SECONDS);
    await db().executeSql(renewLeaseSql('pgboss', 20), ['lease.test', id]);
    expect(await secondsLeft()).toBeGreaterThan(15);
    expect(await secondsLeft()).toBeLessThanOrEqual(20);

    await boss.complete('lease.test', id ?? '');
    const after = await db().executeSql(renewLeaseSql('pgboss'), ['lease.test', id]);
    expect(after.rows).toHaveLength(0);
  });

  it('refuses a schema name it would have to quote', () => {
    expect(() => renewLeaseSql('pgboss; drop table x')).toThrow(/Unsafe/);
  });
});
