import { createReadStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { MIGRATIONS_FOLDER } from '../db/database.js';
import {
  BackupManifestSchema,
  FILES_PREFIX,
  JWT_SECRET_ENTRY,
  MANIFEST_ENTRY,
  readMigrationJournal,
  tableOfEntry,
  type BackupManifest,
  type MigrationJournal,
} from './backup-manifest.js';
import {
  countRows,
  databaseHasTables,
  dropPlatformSchemas,
  insertRows,
  openBackupConnection,
  otherSessionCount,
  resetSequences,
  type BackupConnection,
} from './database-dump.js';
import {
  jwtSecretFileOf,
  lockEmbeddedDatabase,
  openPlatformFiles,
  pgliteDirOf,
  silentProgress,
  type BackupPlatform,
  type BackupProgress,
} from './platform.js';
import { readTarEntries, type TarEntry } from './tar.js';

/** Rows per INSERT while loading a table. */
const INSERT_BATCH_ROWS = 500;
/** Tables this large get a progress line of their own. */
const LARGE_TABLE_ROWS = 10_000;

/** Stored on tasks, analysis requests and videos whose job was waiting or running at backup time. */
export const INTERRUPTED_BY_RESTORE =
  'Not finished when the backup was made (jobs are not part of a backup): run it again.';

/** The restore would overwrite something, or cannot run while a server uses the target. */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

export interface RestoreSummary {
  readonly manifest: BackupManifest;
  readonly rows: number;
  readonly files: number;
  readonly bytes: number;
  /** Tasks, analysis requests and videos marked failed because their job was not saved. */
  readonly interrupted: number;
  readonly seconds: number;
}

async function collect(body: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function folderHasEntries(folder: string): Promise<boolean> {
  const entries = await readdir(folder).catch(() => []);
  return entries.length > 0;
}

/** A migrations folder holding only the first `count` migrations of this build. */
async function migrationsUpTo(journal: MigrationJournal, count: number): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'sarm-restore-migrations-'));
  await mkdir(path.join(folder, 'meta'));
  const entries = journal.entries.slice(0, count);
  for (const entry of entries)
    await copyFile(
      path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`),
      path.join(folder, `${entry.tag}.sql`),
    );
  await writeFile(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries }),
  );
  return folder;
}

/** Marks what waited for a job as failed: pg-boss's queue is not in the backup. */
async function failInterruptedWork(sql: BackupConnection): Promise<number> {
  const updates = [
    `UPDATE tasks SET status = 'failed', error = $1, completed_at = now(), updated_at = now()
     WHERE status IN ('queued', 'running') RETURNING id`,
    `UPDATE analysis_requests SET status = 'failed', error = $1, updated_at = now()
     WHERE status IN ('pending', 'in-progress') RETURNING id`,
    `UPDATE videos SET processing_status = 'failed', error = $1, updated_at = now()
     WHERE processing_status = 'processing' RETURNING id`,
  ];
  let count = 0;
  for (const update of updates) count += (await sql.query(update, [INTERRUPTED_BY_RESTORE])).length;
  return count;
}

/**
 * Restores an archive written by `createBackup` into an empty platform (data folder, database and
 * storage); `force` first erases what is there. Applies the migrations up to the dump's level,
 * loads the rows in one transaction, applies this build's newer migrations, copies the files,
 * restores the JWT secret (unless `keepJwtSecret`) and verifies every count.
 */
export async function restoreBackup(
  platform: BackupPlatform,
  options: {
    inFile: string;
    force?: boolean;
    keepJwtSecret?: boolean;
    progress?: BackupProgress;
  },
): Promise<RestoreSummary> {
  const started = Date.now();
  const progress = options.progress ?? silentProgress;
  const entries = readTarEntries(createReadStream(options.inFile).pipe(createGunzip()));
  try {
    const first = await entries.next();
    if (first.done === true || first.value.name !== MANIFEST_ENTRY)
      throw new RestoreRefusedError(`${options.inFile} is not a SARM backup (no manifest first)`);
    const parsed = BackupManifestSchema.safeParse(
      JSON.parse((await collect(first.value.body)).toString('utf8')),
    );
    if (!parsed.success)
      throw new RestoreRefusedError(
        `${options.inFile} is not a SARM backup this version can read (${parsed.error.issues[0]?.message ?? 'bad manifest'})`,
      );
    const manifest = parsed.data;
    const journal = await readMigrationJournal(MIGRATIONS_FOLDER);
    const { count, tag } = manifest.database.migrations;
    if (journal.entries[count - 1]?.tag !== tag)
      throw new RestoreRefusedError(
        `The backup's database is at migration ${tag}, which this SARM build does not have: restore it with SARM ${manifest.sarmVersion} or newer`,
      );
    return await restoreInto(platform, manifest, journal, entries, {
      force: options.force ?? false,
      keepJwtSecret: options.keepJwtSecret ?? false,
      progress,
      started,
    });
  } finally {
    await entries.return(undefined);
  }
}

async function restoreInto(
  platform: BackupPlatform,
  manifest: BackupManifest,
  journal: MigrationJournal,
  entries: AsyncGenerator<TarEntry>,
  options: { force: boolean; keepJwtSecret: boolean; progress: BackupProgress; started: number },
): Promise<RestoreSummary> {
  const { progress } = options;
  const release = await lockEmbeddedDatabase(platform);
  try {
    const files = await openPlatformFiles(platform);
    try {
      const sql = await prepareEmptyTarget(platform, files, options.force);
      try {
        progress.stage(
          `Creating the database (migrations up to ${manifest.database.migrations.tag})`,
        );
        const partial = await migrationsUpTo(journal, manifest.database.migrations.count);
        try {
          await sql.migrate(partial);
        } finally {
          await rm(partial, { recursive: true, force: true });
        }
        const expectedRows = new Map(manifest.database.tables.map((t) => [t.name, t.rows]));
        let rows = 0;
        let databaseDone = false;
        let filesDone = 0;
        let bytesDone = 0;
        const finishDatabase = async () => {
          if (databaseDone) return;
          databaseDone = true;
          for (const [table, expected] of expectedRows) {
            const actual = await countRows(sql, table);
            if (actual !== expected)
              throw new Error(
                `Table ${table} has ${actual} rows after loading, expected ${expected}`,
              );
          }
          await sql.query('COMMIT');
          progress.stage('Applying the newer migrations of this build');
          await sql.migrate(MIGRATIONS_FOLDER);
          await resetSequences(sql);
        };

        const tablesStarted = new Set<string>();
        const totalRows = manifest.database.tables.reduce((sum, t) => sum + t.rows, 0);
        progress.stage(
          `Loading the database: ${manifest.database.tables.length} tables, ${totalRows} rows`,
        );
        await sql.query('BEGIN');
        for await (const entry of entries) {
          const table = tableOfEntry(entry.name);
          if (table !== null) {
            if (databaseDone || !expectedRows.has(table))
              throw new Error(`Unexpected database entry ${entry.name} in the backup`);
            if (!tablesStarted.has(table)) {
              tablesStarted.add(table);
              if ((expectedRows.get(table) ?? 0) >= LARGE_TABLE_ROWS)
                progress.stage(`  table ${table}: ${expectedRows.get(table)} rows`);
            }
            const lines = (await collect(entry.body)).toString('utf8').split('\n');
            const filled = lines.filter((line) => line !== '');
            for (let start = 0; start < filled.length; start += INSERT_BATCH_ROWS)
              await insertRows(sql, table, filled.slice(start, start + INSERT_BATCH_ROWS));
            rows += filled.length;
            continue;
          }
          await finishDatabase();
          if (entry.name.startsWith(FILES_PREFIX)) {
            await files.storage.put(entry.name.slice(FILES_PREFIX.length), entry.body);
            filesDone += 1;
            bytesDone += entry.size;
            progress.files(filesDone, manifest.files.count, bytesDone, manifest.files.bytes);
          } else if (entry.name === JWT_SECRET_ENTRY && !options.keepJwtSecret) {
            await writeFile(jwtSecretFileOf(platform), await collect(entry.body), { mode: 0o600 });
          }
        }
        await finishDatabase();
        if (filesDone !== manifest.files.count || bytesDone !== manifest.files.bytes)
          throw new Error(
            `The backup holds ${filesDone} files (${bytesDone} bytes), its manifest ${manifest.files.count} (${manifest.files.bytes} bytes): the archive is incomplete`,
          );
        const interrupted = await failInterruptedWork(sql);
        return {
          manifest,
          rows,
          files: filesDone,
          bytes: bytesDone,
          interrupted,
          seconds: (Date.now() - options.started) / 1000,
        };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(
          `${reason}. The target may now be partly restored: fix the cause and run the restore again with --force.`,
          { cause: error },
        );
      } finally {
        await sql.close();
      }
    } finally {
      files.close();
    }
  } finally {
    await release();
  }
}

/** Checks (or with `force` empties) the database and storage; answers an open connection. */
async function prepareEmptyTarget(
  platform: BackupPlatform,
  files: Awaited<ReturnType<typeof openPlatformFiles>>,
  force: boolean,
): Promise<BackupConnection> {
  const found: string[] = [];
  const firstFile = await files.lister.list().next();
  if (firstFile.done !== true)
    found.push(
      platform.storage.kind === 'local'
        ? `files in ${path.join(platform.dataDir, 'files')}`
        : `objects in bucket ${platform.storage.bucket}`,
    );
  if (platform.databaseUrl === null && (await folderHasEntries(pgliteDirOf(platform)))) {
    found.push(`a database in ${pgliteDirOf(platform)}`);
    if (force) await rm(pgliteDirOf(platform), { recursive: true, force: true });
  }
  const sql = await openBackupConnection({
    databaseUrl: platform.databaseUrl,
    pgliteDir: pgliteDirOf(platform),
  });
  try {
    if (platform.databaseUrl !== null) {
      const sessions = await otherSessionCount(sql);
      if (sessions > 0)
        throw new RestoreRefusedError(
          `${sessions} other connections use the target database: stop every SARM server and worker first`,
        );
      if (await databaseHasTables(sql)) {
        found.push('tables in the PostgreSQL database');
        if (force) await dropPlatformSchemas(sql);
      }
    }
    if (found.length > 0 && !force)
      throw new RestoreRefusedError(
        `The target is not empty (${found.join('; ')}). Restore into an empty DATA_DIR and database, or add --force to erase them.`,
      );
    if (firstFile.done !== true) {
      const keys: string[] = [];
      for await (const file of files.lister.list()) keys.push(file.key);
      for (const key of keys) await files.storage.delete(key);
    }
    return sql;
  } catch (error) {
    await sql.close();
    throw error;
  }
}
