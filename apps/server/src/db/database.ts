import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type PgBoss from 'pg-boss';
import {
  databaseOutage,
  isDatabaseUnavailable,
  type OutageLogger,
} from './database-availability.js';
import * as schema from './schema/index.js';

export type DatabaseSchema = typeof schema;
/** The Drizzle database every repository receives; identical on PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, DatabaseSchema>;
export type DatabaseKind = 'pglite' | 'postgres';

/** How pg-boss reaches the same database: its own pool for PostgreSQL, an adapter for PGlite. */
export type QueueConnection =
  | { readonly kind: 'postgres'; readonly connectionString: string }
  | { readonly kind: 'pglite'; readonly db: PgBoss.Db };

/** An open database with its migration and shutdown operations. */
export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: DatabaseKind;
  readonly queueConnection: QueueConnection;
  /** Applies the committed SQL migrations in `apps/server/drizzle`. */
  migrate(): Promise<void>;
  /**
   * Runs start-up work (migrations, seeding) while holding a database-wide lock, so processes
   * starting together against one PostgreSQL database take turns.
   */
  runExclusive<T>(work: () => Promise<T>): Promise<T>;
  /** Queries sent through `db` so far (tests count the queries of an endpoint with it). */
  queryCount(): number;
  /**
   * Calls `listener` after every statement sent through `db` that writes one of `tables`
   * (INSERT, UPDATE or DELETE); answers a function that stops listening. A property, not a
   * method: callers pass it on unbound (`onWrite: database.onWrite`).
   */
  readonly onWrite: (tables: readonly string[], listener: () => void) => () => void;
  close(): Promise<void>;
}

const WRITE_TARGET = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?([a-z_0-9]+)"?/i;

/** A Drizzle logger that counts queries and tells listeners which tables were written. */
function queryWatcher() {
  let queries = 0;
  const listeners = new Set<{ tables: ReadonlySet<string>; listener: () => void }>();
  const logQuery = (query: string) => {
    queries += 1;
    if (listeners.size === 0) return;
    const table = WRITE_TARGET.exec(query)?.[1];
    if (table === undefined) return;
    for (const entry of listeners) if (entry.tables.has(table)) entry.listener();
  };
  return {
    logger: { logQuery },
    count: () => queries,
    onWrite: (tables: readonly string[], listener: () => void) => {
      const entry = { tables: new Set(tables), listener };
      listeners.add(entry);
      return () => void listeners.delete(entry);
    },
  };
}

/** The committed migrations; the same relative path from `src/db` and `dist/db`. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * Lets pg-boss run on PGlite: statements with parameters go through `query`; parameterless
 * (possibly multi-statement) SQL through `exec`, answering with the last statement's rows.
 */
export function createPgliteQueueAdapter(client: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values !== undefined && values.length > 0) {
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows };
      }
      const results = await client.exec(text);
      const last = results.at(-1);
      return { rows: last === undefined ? [] : last.rows };
    },
  };
}

/** Opens an embedded PGlite database: in `dataDir` when given, otherwise in memory. */
export async function openPgliteDatabase(dataDir?: string): Promise<DatabaseHandle> {
  if (dataDir !== undefined) await mkdir(dataDir, { recursive: true });
  const client = dataDir === undefined ? new PGlite() : new PGlite(dataDir);
  await client.waitReady;
  const counter = queryWatcher();
  const db = drizzlePglite({ client, schema, logger: counter.logger });
  return {
    db,
    kind: 'pglite',
    queueConnection: { kind: 'pglite', db: createPgliteQueueAdapter(client) },
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    // One process owns a PGlite folder, so there is nobody to take turns with.
    runExclusive: (work) => work(),
    queryCount: counter.count,
    onWrite: counter.onWrite,
    close: () => client.close(),
  };
}

/** Where the pool reports connections it lost (the server logger, by default the console). */
export type DatabaseLogger = OutageLogger;

const consoleDatabaseLogger: DatabaseLogger = {
  warn: (details, message) => console.warn(message, details),
  info: () => undefined,
};

/** How long a request waits for a pooled connection before answering 503. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * A pool that survives the server going away: a connection that dies, idle or in use, is logged
 * (once per outage) and dropped instead of throwing an unhandled `'error'` event, and the next
 * query opens a fresh one.
 */
function createResilientPool(connectionString: string, logger: DatabaseLogger): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  const reportConnectionError = (error: unknown) => {
    if (isDatabaseUnavailable(error))
      databaseOutage.reportUnavailable(error, logger, 'database pool');
    else logger.warn({ err: error }, 'A pooled database connection failed');
  };
  // Idle clients' errors: without a listener, node-postgres would crash the process.
  pool.on('error', reportConnectionError);
  pool.on('connect', (client) => {
    // A checked-out client (a transaction) has no pool listener while its socket dies; its query
    // rejects on its own, and this keeps the client's 'error' event from being unhandled.
    client.on('error', () => undefined);
    databaseOutage.reportAvailable(logger);
  });
  return pool;
}

/** Opens a PostgreSQL database through a node-postgres pool. */
export function openPostgresDatabase(
  connectionString: string,
  options: { logger?: DatabaseLogger } = {},
): DatabaseHandle {
  const pool = createResilientPool(connectionString, options.logger ?? consoleDatabaseLogger);
  const counter = queryWatcher();
  const db = drizzlePostgres({ client: pool, schema, logger: counter.logger });
  return {
    db,
    kind: 'postgres',
    queueConnection: { kind: 'postgres', connectionString },
    migrate: () => migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    runExclusive: (work) => withAdvisoryLock(connectionString, work),
    queryCount: counter.count,
    onWrite: counter.onWrite,
    close: () => pool.end(),
  };
}

/** Arbitrary constant naming SARM's start-up lock. */
const STARTUP_LOCK_KEY = 7_265_310_042;

/** Holds a session-level advisory lock on a dedicated connection while `work` runs. */
async function withAdvisoryLock<T>(connectionString: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}

/** PostgreSQL when a connection string is configured, otherwise PGlite in `dataDir/db`. */
export async function openDatabase(options: {
  databaseUrl: string | null;
  pgliteDir: string;
  logger?: DatabaseLogger;
}): Promise<DatabaseHandle> {
  return options.databaseUrl === null
    ? openPgliteDatabase(options.pgliteDir)
    : openPostgresDatabase(options.databaseUrl, { logger: options.logger });
}
