/**
 * Tells a database that is away (restarting, unreachable, refusing connections) from a query that
 * is wrong, and logs an outage once rather than once per failed request, connection or poll.
 */

/** PostgreSQL error codes that mean the server is going away or not accepting connections yet. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: a restart or pg_terminate_backend
  '57P02', // crash_shutdown: another backend crashed, everyone is thrown out
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections: full for the moment
]);

/** Node system errors of a socket that could not reach, or lost, the server. */
const UNAVAILABLE_SYSTEM_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** node-postgres and pg-pool wording for a connection that died or never came. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated\b/, // "... unexpectedly", "... due to connection timeout"
  /^timeout exceeded when trying to connect$/, // pg-pool's connectionTimeoutMillis
  /^Client has encountered a connection error and is not queryable$/,
];

/** How deep to follow `cause` links (Drizzle wraps the driver's error in its own). */
const MAX_CAUSE_DEPTH = 5;

function codeOf(error: object): string | undefined {
  return 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

function isUnavailableItself(error: object): boolean {
  const code = codeOf(error);
  if (code !== undefined) {
    if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SYSTEM_CODES.has(code)) return true;
    // Class 08: connection exceptions (08000, 08003, 08006, 08001, 08004, ...).
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  return (
    error instanceof Error && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message))
  );
}

/**
 * True when `error` (or what it wraps: `cause`, an AggregateError's `errors`) says the database
 * cannot be reached right now, as opposed to a query that failed on its own merits.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > MAX_CAUSE_DEPTH) return false;
  if (isUnavailableItself(error)) return true;
  if (
    error instanceof AggregateError &&
    error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))
  )
    return true;
  return 'cause' in error && isDatabaseUnavailable(error.cause, depth + 1);
}

/** A short reason for the log: the innermost code or message, never a query or its parameters. */
export function unavailableReason(error: unknown, depth = 0): string {
  if (typeof error !== 'object' || error === null || depth > MAX_CAUSE_DEPTH) return String(error);
  if (isUnavailableItself(error)) {
    const message = error instanceof Error ? error.message : '';
    const code = codeOf(error);
    return code === undefined ? message : `${code} ${message}`.trim();
  }
  if (error instanceof AggregateError) {
    const inner: unknown = error.errors.find((e) => isDatabaseUnavailable(e, depth + 1));
    if (inner !== undefined) return unavailableReason(inner, depth + 1);
  }
  if ('cause' in error && isDatabaseUnavailable(error.cause, depth + 1))
    return unavailableReason(error.cause, depth + 1);
  return error instanceof Error ? error.message : 'unknown error';
}

/** Enough of a logger (pino's, Fastify's) to report an outage. */
export interface OutageLogger {
  warn(details: Record<string, unknown>, message: string): void;
  info(message: string): void;
}

/** After this long without a failure, the next one is reported as a new outage. */
export const OUTAGE_QUIET_MS = 30_000;

/**
 * Remembers whether the database is known to be away. The first failure of an outage is logged at
 * `warn`; the ones after it (every request, pooled connection and queue poll meanwhile) are not;
 * the first successful connection afterwards logs the recovery at `info`.
 */
export function createOutageMonitor(now: () => number = Date.now) {
  let since: number | null = null;
  let lastFailure = 0;

  return {
    /** Notes a failure that `isDatabaseUnavailable` recognised; logs it if it starts an outage. */
    reportUnavailable(error: unknown, logger: OutageLogger, source: string): void {
      const at = now();
      const isNew = since === null || at - lastFailure > OUTAGE_QUIET_MS;
      lastFailure = at;
      if (!isNew) return;
      since = at;
      logger.warn(
        { source, reason: unavailableReason(error) },
        'The database is unavailable; requests answer 503 with Retry-After until it is back',
      );
    },
    /** Notes that a connection succeeded; logs the end of an outage if one was under way. */
    reportAvailable(logger: OutageLogger): void {
      if (since === null) return;
      const seconds = ((now() - since) / 1000).toFixed(1);
      since = null;
      logger.info(`The database is available again (unavailable for ${seconds} s)`);
    },
    isOutage: () => since !== null,
  };
}
export type OutageMonitor = ReturnType<typeof createOutageMonitor>;

/**
 * The process's monitor: one process talks to one database, and the HTTP layer, the connection
 * pool and the task queue all report to it, so an outage is logged once whoever meets it first.
 */
export const databaseOutage: OutageMonitor = createOutageMonitor();
