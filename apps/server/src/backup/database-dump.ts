import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { mkdir } from 'node:fs/promises';
import pg from 'pg';

type Row = Record<string, unknown>;

/** One database connection for the backup: plain SQL, transactions by `BEGIN`/`COMMIT`. */
export interface BackupConnection {
  readonly kind: 'pglite' | 'postgres';
  query(text: string, params?: unknown[]): Promise<Row[]>;
  /** Applies the migrations of `folder` (drizzle's journal and SQL files). */
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

/** Opens PostgreSQL at `databaseUrl`, else PGlite in `pgliteDir`, on a single connection. */
export async function openBackupConnection(target: {
  databaseUrl: string | null;
  pgliteDir: string;
}): Promise<BackupConnection> {
  if (target.databaseUrl === null) {
    await mkdir(target.pgliteDir, { recursive: true });
    const client = new PGlite(target.pgliteDir);
    await client.waitReady;
    const db = drizzlePglite({ client });
    return {
      kind: 'pglite',
      query: async (text, params) => (await client.query<Row>(text, params)).rows,
      migrate: (migrationsFolder) => migratePglite(db, { migrationsFolder }),
      close: () => client.close(),
    };
  }
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  const db = drizzlePostgres({ client });
  return {
    kind: 'postgres',
    query: async (text, params) => (await client.query<Row>(text, params)).rows,
    migrate: (migrationsFolder) => migratePostgres(db, { migrationsFolder }),
    close: () => client.end(),
  };
}

/** Quotes an SQL identifier. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

const tableRef = (table: string) => `public.${quoteIdentifier(table)}`;

/**
 * The tables of the `public` schema, every table after the tables its foreign keys point to, so
 * rows load without deferring constraints. A cycle (none exists today) is reported, not guessed.
 */
export async function tablesInDependencyOrder(sql: BackupConnection): Promise<string[]> {
  const tables = (
    await sql.query(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
       ORDER BY c.relname`,
    )
  ).map((row) => String(row.name));
  const edges = await sql.query(
    `SELECT child.relname AS child, parent.relname AS parent FROM pg_constraint k
     JOIN pg_class child ON child.oid = k.conrelid JOIN pg_class parent ON parent.oid = k.confrelid
     JOIN pg_namespace n ON n.oid = child.relnamespace
     WHERE k.contype = 'f' AND n.nspname = 'public'`,
  );
  const parentsOf = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const edge of edges) {
    const [child, parent] = [String(edge.child), String(edge.parent)];
    if (child === parent)
      throw new Error(`Table ${child} references itself; the backup cannot order its rows yet`);
    parentsOf.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (table) =>
        !placed.has(table) && [...(parentsOf.get(table) ?? [])].every((p) => placed.has(p)),
    );
    if (ready.length === 0)
      throw new Error(
        `Foreign keys form a cycle among ${tables.filter((t) => !placed.has(t)).join(', ')}`,
      );
    for (const table of ready) {
      ordered.push(table);
      placed.add(table);
    }
  }
  return ordered;
}

/** Rows in `table`. */
export async function countRows(sql: BackupConnection, table: string): Promise<number> {
  const [row] = await sql.query(`SELECT count(*)::text AS count FROM ${tableRef(table)}`);
  return Number(row?.count ?? 0);
}

/** How many drizzle migrations the database has applied (0 for an empty database). */
export async function appliedMigrationCount(sql: BackupConnection): Promise<number> {
  const [exists] = await sql.query(
    `SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`,
  );
  if (exists?.present !== true) return 0;
  const [row] = await sql.query(`SELECT count(*)::text AS count FROM drizzle.__drizzle_migrations`);
  return Number(row?.count ?? 0);
}

/**
 * Each row of `table` as one line of JSON made by PostgreSQL itself (`row_to_json`), read through a
 * cursor so a large table never sits in memory. Call inside a transaction.
 */
export async function* dumpTableRows(
  sql: BackupConnection,
  table: string,
  batchSize = 1000,
): AsyncGenerator<string> {
  await sql.query(
    `DECLARE sarm_backup_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS line FROM ${tableRef(table)} t`,
  );
  try {
    for (;;) {
      const rows = await sql.query(`FETCH ${batchSize} FROM sarm_backup_rows`);
      for (const row of rows) yield String(row.line);
      if (rows.length < batchSize) return;
    }
  } finally {
    await sql.query('CLOSE sarm_backup_rows');
  }
}

/** Inserts rows given as JSON objects (as {@link dumpTableRows} wrote them) into `table`. */
export async function insertRows(
  sql: BackupConnection,
  table: string,
  jsonRows: readonly string[],
): Promise<void> {
  if (jsonRows.length === 0) return;
  const columns = (
    await sql.query(
      `SELECT column_name FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name = $1 AND is_generated <> 'ALWAYS'
       ORDER BY ordinal_position`,
      [table],
    )
  ).map((row) => quoteIdentifier(String(row.column_name)));
  const list = columns.join(', ');
  // PostgreSQL parses the JSON back into each column's type, so values round-trip exactly.
  await sql.query(
    `INSERT INTO ${tableRef(table)} (${list}) OVERRIDING SYSTEM VALUE
     SELECT ${list} FROM json_populate_recordset(NULL::${tableRef(table)}, $1::json)`,
    [`[${jsonRows.join(',')}]`],
  );
}

/** Moves every sequence of the `public` schema past the largest value its column holds. */
export async function resetSequences(sql: BackupConnection): Promise<void> {
  const owned = await sql.query(
    `SELECT s.relname AS sequence, t.relname AS "table", a.attname AS "column"
     FROM pg_class s JOIN pg_depend d ON d.objid = s.oid AND d.deptype IN ('a', 'i')
     JOIN pg_class t ON t.oid = d.refobjid JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
     JOIN pg_namespace n ON n.oid = s.relnamespace
     WHERE s.relkind = 'S' AND n.nspname = 'public'`,
  );
  for (const row of owned) {
    const [sequence, table, column] = [String(row.sequence), String(row.table), String(row.column)];
    await sql.query(
      `SELECT setval('public.${quoteIdentifier(sequence)}', COALESCE((SELECT max(${quoteIdentifier(column)}) FROM ${tableRef(table)}), 0) + 1, false)`,
    );
  }
}

/** True when the database holds any table of SARM's (or anything else in `public`). */
export async function databaseHasTables(sql: BackupConnection): Promise<boolean> {
  const [row] = await sql.query(
    `SELECT count(*)::int AS count FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'p') AND n.nspname IN ('public', 'drizzle', 'pgboss')`,
  );
  return Number(row?.count ?? 0) > 0;
}

/** Removes SARM's schemas: `public` (recreated empty), `drizzle` and `pgboss`. */
export async function dropPlatformSchemas(sql: BackupConnection): Promise<void> {
  await sql.query('DROP SCHEMA IF EXISTS pgboss CASCADE');
  await sql.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
  await sql.query('DROP SCHEMA IF EXISTS public CASCADE');
  await sql.query('CREATE SCHEMA public');
}

/** Other sessions on the same PostgreSQL database (a running SARM server holds some). */
export async function otherSessionCount(sql: BackupConnection): Promise<number> {
  if (sql.kind === 'pglite') return 0;
  const [row] = await sql.query(
    `SELECT count(*)::int AS count FROM pg_stat_activity
     WHERE datname = current_database() AND pid <> pg_backend_pid()`,
  );
  return Number(row?.count ?? 0);
}
