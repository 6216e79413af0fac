import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import type PgBoss from 'pg-boss';
import {
  databaseOutage,
  isDatabaseUnavailable,
  type OutageLogger,
} from './database-availability.js';
import * as schema from './schema/index.js';
import { writeEffectOf, type WriteEffect } from './sql-tables.js';
import { createTableVersions, type TableVersions } from './table-versions.js';
import { INSTALL_WRITE_NOTICES_SQL, listenForWriteNotices } from './write-notices.js';

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
   * Calls `listener` before every statement sent through `db` that writes one of `tables`
   * (INSERT, UPDATE, DELETE, TRUNCATE, also inside WITH; every listener for a statement whose
   * targets are unknown, such as DDL); answers a function that stops listening. On PostgreSQL
   * also after every write another process commits (heard once `migrate` has run), so caches fed
   * by it hold in every process. A property, not a method: callers pass it on unbound
   * (`onWrite: database.onWrite`).
   */
  readonly onWrite: (tables: readonly string[], listener: () => void) => () => void;
  /** Per-table write versions and every statement sent, for the HTTP response cache. */
  readonly tableVersions: TableVersions;
  close(): Promise<void>;
}

/**
 * A Drizzle logger (called before each statement runs, inside transactions too) that counts
 * queries, bumps the versions of the tables each statement writes and tells `onWrite` listeners
 * of their tables (of every table for a write whose targets are unknown, such as DDL).
 */
function queryWatcher() {
  let queries = 0;
  const versions = createTableVersions();
  const listeners = new Set<{ tables: ReadonlySet<string>; listener: () => void }>();
  const tellListeners = (effect: WriteEffect) => {
    if (effect.kind === 'none') return;
    for (const entry of listeners)
      if (effect.kind === 'all' || effect.tables.some((table) => entry.tables.has(table)))
        entry.listener();
  };
  const logQuery = (query: string) => {
    queries += 1;
    const effect = writeEffectOf(query);
    versions.record(query, effect);
    tellListeners(effect);
  };
  return {
    logger: { logQuery },
    count: () => queries,
    versions,
    /** A write announced by the database (see `write-notices.ts`), or notices that were missed. */
    noteCommitted(effect: WriteEffect): void {
      if (effect.kind === 'tables') versions.bump(effect.tables);
      else if (effect.kind === 'all') versions.bumpAll();
      tellListeners(effect);
    },
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

/**
 * Creates a new database folder in a worker thread that then ends. initdb grows PGlite's
 * WebAssembly memory to about 800 MB, and WebAssembly memory never shrinks: in this thread it
 * would stay the server's resident size for its whole life (an instance opening an existing folder
 * needs about 400 MB), and every process the server starts (ffmpeg, ffprobe) would pay for it,
 * since forking copies the page tables of the whole process while the event loop waits. A worker's
 * memory is freed when it exits.
 */
async function initialiseFolder(dataDir: string): Promise<void> {
  const worker = new Worker(INITIALISE_FOLDER_SOURCE, {
    eval: true,
    workerData: { module: createRequire(import.meta.url).resolve('@electric-sql/pglite'), dataDir },
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`Creating the database failed (${code})`)),
    );
  });
}
const INITIALISE_FOLDER_SOURCE = `
const { workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.module);
const db = new PGlite(workerData.dataDir);
db.waitReady.then(() => db.close()).then(() => process.exit(0));
`;

/**
 * Opens an embedded PGlite database: in `dataDir` when given, otherwise in memory, empty or as in
 * `template` (a `dumpDataDir` tarball: tests start from a migrated one instead of running initdb).
 */
export async function openPgliteDatabase(
  dataDir?: string,
  template?: Blob,
): Promise<DatabaseHandle> {
  if (dataDir !== undefined) {
    await mkdir(dataDir, { recursive: true });
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await initialiseFolder(dataDir);
  }
  const client =
    dataDir !== undefined
      ? new PGlite(dataDir)
      : template === undefined
        ? new PGlite()
        : new PGlite({ loadDataDir: template });
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
    tableVersions: counter.versions,
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
  let notices: ReturnType<typeof listenForWriteNotices> | undefined;
  return {
    db,
    kind: 'postgres',
    queueConnection: { kind: 'postgres', connectionString },
    // Other processes write here too: after the migrations, the database announces every
    // committed write and this process listens, so its caches hear of them (write-notices.ts).
    migrate: async () => {
      await migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER });
      await pool.query(INSTALL_WRITE_NOTICES_SQL);
      if (notices !== undefined) return;
      notices = listenForWriteNotices(connectionString, {
        onTableWritten: (table) => counter.noteCommitted({ kind: 'tables', tables: [table] }),
        onNoticesMissed: () => counter.noteCommitted({ kind: 'all' }),
      });
      await notices.ready;
    },
    runExclusive: (work) => withAdvisoryLock(connectionString, work),
    queryCount: counter.count,
    onWrite: counter.onWrite,
    tableVersions: counter.versions,
    close: async () => {
      await notices?.stop();
      await pool.end();
    },
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
