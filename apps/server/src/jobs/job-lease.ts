/**
 * Leases: pg-boss fails an active job whose `expire_in` has passed and hands it to the next worker.
 * Instead of a lease as long as the job's time limit (an hour for an analysis), a job gets a short
 * one that its worker renews while it works. A worker killed mid-job stops renewing, so its job is
 * retried by another worker within LEASE_SECONDS plus one maintenance interval.
 */
export const LEASE_SECONDS = 45;
/** How often a working attempt renews its lease: three renewals fit in one lease. */
export const HEARTBEAT_SECONDS = 15;
/** How often the maintaining worker fails jobs whose lease ran out (pg-boss default: 120 s). */
export const MAINTENANCE_INTERVAL_SECONDS = 15;

/** How long a lease lasts, how often its worker renews it and how often expired ones are failed. */
export interface LeaseTiming {
  readonly leaseSeconds: number;
  readonly heartbeatSeconds: number;
  readonly maintenanceIntervalSeconds: number;
}

/**
 * The timing of a lease of `leaseSeconds` (whole seconds, at least 3; LEASE_SECONDS by default):
 * three renewals and three maintenance passes fit in one lease, as with the defaults.
 */
export function leaseTiming(leaseSeconds: number = LEASE_SECONDS): LeaseTiming {
  if (!Number.isInteger(leaseSeconds) || leaseSeconds < 3)
    throw new Error(`A lease must be a whole number of seconds, at least 3: ${leaseSeconds}`);
  const third = Math.round(leaseSeconds / 3);
  return { leaseSeconds, heartbeatSeconds: third, maintenanceIntervalSeconds: third };
}

/**
 * The SQL that extends the lease of an active job: its expiry moves to `leaseSeconds` (default
 * LEASE_SECONDS) from now. Parameters: $1 queue name, $2 job id. Answers a row only when the job is
 * still active here.
 */
export function renewLeaseSql(schema: string, leaseSeconds: number = LEASE_SECONDS): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Unsafe pg-boss schema name: ${schema}`);
  if (!Number.isInteger(leaseSeconds)) throw new Error(`Unsafe lease: ${leaseSeconds}`);
  return (
    `UPDATE ${schema}.job SET expire_in = (now() - started_on) + interval '${leaseSeconds} seconds' ` +
    `WHERE name = $1 AND id = $2::uuid AND state = 'active' RETURNING id`
  );
}

/**
 * Renews a lease every HEARTBEAT_SECONDS until stopped. `renew` answers false when the job is no
 * longer active for us (another worker took it over): `onLost` is then called once.
 */
export function startHeartbeat(options: {
  readonly renew: () => Promise<boolean>;
  readonly onLost: () => void;
  readonly onError: (error: unknown) => void;
  readonly intervalMs?: number;
}): () => void {
  let stopped = false;
  const timer = setInterval(
    () => {
      options.renew().then(
        (held) => {
          if (!held && !stopped) {
            stopped = true;
            clearInterval(timer);
            options.onLost();
          }
        },
        // A failed renewal (database unreachable for a moment) is retried at the next beat; the
        // lease is three beats long.
        options.onError,
      );
    },
    options.intervalMs ?? HEARTBEAT_SECONDS * 1000,
  );
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
