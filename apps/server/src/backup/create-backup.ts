import { createWriteStream } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { MIGRATIONS_FOLDER } from '../db/database.js';
import {
  appliedMigrationCount,
  countRows,
  dumpTableRows,
  openBackupConnection,
  tablesInDependencyOrder,
} from './database-dump.js';
import {
  BACKUP_FORMAT_VERSION,
  FILES_PREFIX,
  JWT_SECRET_ENTRY,
  MANIFEST_ENTRY,
  databaseEntryName,
  readMigrationJournal,
  serverVersion,
  type BackupManifest,
} from './backup-manifest.js';
import {
  embeddedDatabaseExists,
  jwtSecretFileOf,
  lockEmbeddedDatabase,
  openPlatformFiles,
  pgliteDirOf,
  silentProgress,
  type BackupPlatform,
  type BackupProgress,
} from './platform.js';
import type { ListedFile } from './stored-file-listing.js';
import { TAR_END, tarEntryHeader, tarEntryPadding } from './tar.js';

/** Rows are written in entries of about this many bytes, each buffered once in memory. */
const DATABASE_CHUNK_BYTES = 4 * 1024 * 1024;
/** Tables this large get a progress line of their own. */
const LARGE_TABLE_ROWS = 10_000;

export interface BackupSummary {
  readonly manifest: BackupManifest;
  readonly archiveBytes: number;
  readonly seconds: number;
}

/**
 * Writes the whole platform to one gzipped tar: a manifest, every table of the `public` schema as
 * JSON lines (one read-only snapshot, tables in foreign-key order), every stored file and the
 * generated JWT secret. The archive is written under a temporary name and renamed when complete.
 * On PGlite the server must be stopped (the data folder's lock says so); on PostgreSQL it may run.
 */
export async function createBackup(
  platform: BackupPlatform,
  options: { outFile: string; progress?: BackupProgress },
): Promise<BackupSummary> {
  const started = Date.now();
  const progress = options.progress ?? silentProgress;
  const outFile = path.resolve(options.outFile);
  const release = await lockEmbeddedDatabase(platform);
  try {
    if (platform.databaseUrl === null && !(await embeddedDatabaseExists(platform)))
      throw new Error(
        `There is no database in ${pgliteDirOf(platform)}: check DATA_DIR (or set DATABASE_URL)`,
      );
    const sql = await openBackupConnection({
      databaseUrl: platform.databaseUrl,
      pgliteDir: pgliteDirOf(platform),
    });
    const files = await openPlatformFiles(platform).catch(async (error: unknown) => {
      await sql.close();
      throw error;
    });
    try {
      await sql.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      progress.stage('Reading the database');
      const journal = await readMigrationJournal(MIGRATIONS_FOLDER);
      const migrationCount = await appliedMigrationCount(sql);
      const tag = journal.entries[migrationCount - 1]?.tag;
      if (migrationCount === 0 || tag === undefined)
        throw new Error(
          migrationCount === 0
            ? 'The database has no SARM tables: start the server once, or check DATA_DIR / DATABASE_URL'
            : `The database has ${migrationCount} migrations but this SARM build knows ${journal.entries.length}: back it up with the newer build`,
        );
      const tableNames = await tablesInDependencyOrder(sql);
      const tables: { name: string; rows: number }[] = [];
      for (const name of tableNames) tables.push({ name, rows: await countRows(sql, name) });
      // Listed after the snapshot: every file its rows name already exists.
      progress.stage('Listing stored files');
      const listed: ListedFile[] = [];
      for await (const file of files.lister.list()) listed.push(file);
      const manifest: BackupManifest = {
        format: 'sarm-backup',
        formatVersion: BACKUP_FORMAT_VERSION,
        sarmVersion: await serverVersion(),
        createdAt: new Date().toISOString(),
        database: { kind: sql.kind, migrations: { count: migrationCount, tag }, tables },
        files: {
          storage: platform.storage.kind,
          count: listed.length,
          bytes: listed.reduce((sum, file) => sum + file.size, 0),
        },
        jobs: 'not-included',
      };
      const jwtSecret = await readFile(jwtSecretFileOf(platform)).catch(() => null);

      async function* archive(): AsyncGenerator<Buffer> {
        yield* bufferEntry(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2)));
        const rows = tables.reduce((sum, table) => sum + table.rows, 0);
        progress.stage(`Saving the database: ${tables.length} tables, ${rows} rows`);
        for (const [index, table] of tables.entries()) {
          if (table.rows >= LARGE_TABLE_ROWS)
            progress.stage(`  table ${table.name}: ${table.rows} rows`);
          let chunk = 0;
          let lines: string[] = [];
          let bytes = 0;
          const flush = function* (): Generator<Buffer> {
            chunk += 1;
            yield* bufferEntry(
              databaseEntryName(index + 1, table.name, chunk),
              Buffer.from(lines.join('\n') + '\n'),
            );
            lines = [];
            bytes = 0;
          };
          for await (const line of dumpTableRows(sql, table.name)) {
            lines.push(line);
            bytes += Buffer.byteLength(line) + 1;
            if (bytes >= DATABASE_CHUNK_BYTES) yield* flush();
          }
          if (lines.length > 0) yield* flush();
        }
        progress.stage(`Saving ${listed.length} stored files`);
        let bytesDone = 0;
        for (const [index, file] of listed.entries()) {
          const body = await files.storage.get(file.key).catch((error: unknown) => {
            throw new Error(
              `The stored file ${file.key} disappeared during the backup; run it again`,
              { cause: error },
            );
          });
          yield tarEntryHeader(`${FILES_PREFIX}${file.key}`, file.size, file.modifiedAt);
          let written = 0;
          for await (const chunk of body) {
            const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
            written += bytes.length;
            if (written > file.size) break;
            yield bytes;
          }
          if (written !== file.size)
            throw new Error(`The stored file ${file.key} changed during the backup; run it again`);
          yield tarEntryPadding(file.size);
          bytesDone += file.size;
          progress.files(index + 1, listed.length, bytesDone, manifest.files.bytes);
        }
        if (jwtSecret !== null) yield* bufferEntry(JWT_SECRET_ENTRY, jwtSecret);
        yield TAR_END;
      }

      const partFile = `${outFile}.part`;
      let archiveBytes = 0;
      try {
        await pipeline(
          Readable.from(archive()),
          createGzip({ level: 6 }),
          async function* countArchiveBytes(source: AsyncIterable<Buffer>) {
            for await (const chunk of source) {
              archiveBytes += chunk.length;
              yield chunk;
            }
          },
          createWriteStream(partFile, { mode: 0o600 }),
        );
        await rename(partFile, outFile);
      } catch (error) {
        await rm(partFile, { force: true });
        throw error;
      }
      await sql.query('COMMIT');
      return { manifest, archiveBytes, seconds: (Date.now() - started) / 1000 };
    } finally {
      files.close();
      await sql.close();
    }
  } finally {
    await release();
  }
}

function* bufferEntry(name: string, content: Buffer): Generator<Buffer> {
  yield tarEntryHeader(name, content.length);
  yield content;
  yield tarEntryPadding(content.length);
}
