import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { createBackup } from '../backup/create-backup.js';
import type { BackupProgress } from '../backup/platform.js';
import { restoreBackup } from '../backup/restore-backup.js';
import { PRIVATE_UMASK } from '../process/data-dir-permissions.js';

const USAGE = `Usage:
  npm run backup -- --out FILE        save the database and every stored file to FILE (.tar.gz)
  npm run restore -- FILE [--force]   restore FILE into an empty DATA_DIR / DATABASE_URL / STORAGE_URL

Both read the same environment as the server (DATA_DIR, DATABASE_URL, STORAGE_URL, JWT_SECRET).
On the embedded database (no DATABASE_URL) stop the server first. Jobs waiting or running are
not saved: after a restore they show as failed, to be run again.
  --force   erase the target's database and files before restoring`;

class UsageError extends Error {}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Stages as lines; file progress on one rewritten line on a terminal, else every 2 seconds. */
function terminalProgress(stream: NodeJS.WriteStream = process.stderr): BackupProgress {
  let lastPrinted = 0;
  let openLine = false;
  const endLine = () => {
    if (openLine) stream.write('\n');
    openLine = false;
  };
  return {
    stage(message) {
      endLine();
      stream.write(`${message}\n`);
    },
    files(done, total, bytesDone, bytesTotal) {
      const now = Date.now();
      const last = done === total;
      if (!last && now - lastPrinted < (stream.isTTY ? 200 : 2000)) return;
      lastPrinted = now;
      const line = `  files ${done}/${total}, ${megabytes(bytesDone)} of ${megabytes(bytesTotal)}`;
      if (stream.isTTY) {
        stream.write(`\r${line}`);
        openLine = true;
        if (last) endLine();
      } else stream.write(`${line}\n`);
    },
  };
}

/** Paths given on the command line are relative to where `npm run` was typed. */
const fromCaller = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

async function runBackup(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { out: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help === true) return console.log(USAGE);
  if (values.out === undefined) throw new UsageError('Missing --out FILE');
  const outFile = fromCaller(values.out);
  const config = await loadConfig(process.env);
  const summary = await createBackup(config, { outFile, progress: terminalProgress() });
  const { database, files } = summary.manifest;
  const rows = database.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `Backup written to ${outFile}: ${rows} rows in ${database.tables.length} tables, ` +
      `${files.count} files (${megabytes(files.bytes)}), archive ${megabytes(summary.archiveBytes)}, ` +
      `in ${summary.seconds.toFixed(1)} s.`,
  );
}

async function runRestore(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { force: { type: 'boolean' }, help: { type: 'boolean' } },
  });
  if (values.help === true) return console.log(USAGE);
  const [file, ...extra] = positionals;
  if (file === undefined || extra.length > 0) throw new UsageError('Give one backup FILE');
  const inFile = fromCaller(file);
  const config = await loadConfig(process.env);
  const summary = await restoreBackup(config, {
    inFile,
    force: values.force === true,
    keepJwtSecret: process.env.JWT_SECRET !== undefined && process.env.JWT_SECRET !== '',
    progress: terminalProgress(),
  });
  console.log(
    `Restored ${inFile} (made ${summary.manifest.createdAt}) into ${config.databaseUrl === null ? config.dataDir : 'DATABASE_URL'}: ` +
      `${summary.rows} rows, ${summary.files} files (${megabytes(summary.bytes)}), in ${summary.seconds.toFixed(1)} s.`,
  );
  if (summary.interrupted > 0)
    console.log(
      `${summary.interrupted} tasks, requests or videos were waiting for a job when the backup was made; they are marked failed, to be run again.`,
    );
}

/** `node dist/cli/backup-cli.js backup|restore [options]` (through `npm run backup` / `npm run restore`). */
async function main(argv: string[]): Promise<void> {
  process.umask(PRIVATE_UMASK);
  const [command, ...args] = argv;
  if (command === 'backup') return runBackup(args);
  if (command === 'restore') return runRestore(args);
  throw new UsageError(`Unknown command ${command ?? '(none)'}`);
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error)) {
      console.error(`${message}\n\n${USAGE}`);
      process.exit(2);
    }
    console.error(`Failed: ${message}`);
    process.exit(1);
  },
);
