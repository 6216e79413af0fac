import { readFile } from 'node:fs/promises';
import { z } from 'zod';

/** Bumped when the archive's layout changes; restore refuses formats it does not know. */
export const BACKUP_FORMAT_VERSION = 1;

export const MANIFEST_ENTRY = 'manifest.json';
export const DATABASE_PREFIX = 'database/';
export const FILES_PREFIX = 'files/';
export const JWT_SECRET_ENTRY = 'secrets/jwt-secret';

/** The first entry of every archive: what it holds, to check the target and verify the restore. */
export const BackupManifestSchema = z.object({
  format: z.literal('sarm-backup'),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  sarmVersion: z.string(),
  createdAt: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** Drizzle migrations applied when the dump was taken, and the last one's tag. */
    migrations: z.object({ count: z.number().int().min(1), tag: z.string() }),
    /** Tables in load order (parents before the tables that reference them). */
    tables: z.array(z.object({ name: z.string(), rows: z.number().int().min(0) })),
  }),
  files: z.object({
    storage: z.enum(['local', 's3']),
    count: z.number().int().min(0),
    bytes: z.number().int().min(0),
  }),
  /** pg-boss's queue is not saved: jobs waiting or running at backup time are marked failed on restore. */
  jobs: z.literal('not-included'),
});
export type BackupManifest = z.infer<typeof BackupManifestSchema>;

const JournalSchema = z.object({
  entries: z.array(z.object({ idx: z.number(), tag: z.string(), when: z.number() })),
});
export type MigrationJournal = z.infer<typeof JournalSchema>;

/** Drizzle's journal of the migrations this build carries. */
export async function readMigrationJournal(migrationsFolder: string): Promise<MigrationJournal> {
  const text = await readFile(`${migrationsFolder}/meta/_journal.json`, 'utf8');
  return JournalSchema.parse(JSON.parse(text));
}

/** The version of this server build, recorded in the manifest. */
export async function serverVersion(): Promise<string> {
  // Same relative path from src/backup and dist/backup.
  const text = await readFile(new URL('../../package.json', import.meta.url), 'utf8');
  const parsed = z.object({ version: z.string() }).safeParse(JSON.parse(text));
  return parsed.success ? parsed.data.version : 'unknown';
}

/** `database/0003-videos/000001.jsonl`: load position, table and chunk. */
export function databaseEntryName(position: number, table: string, chunk: number): string {
  return `${DATABASE_PREFIX}${String(position).padStart(4, '0')}-${table}/${String(chunk).padStart(6, '0')}.jsonl`;
}

/** The table a database entry belongs to, or `null` for another kind of entry. */
export function tableOfEntry(name: string): string | null {
  const match = /^database\/\d{4}-([^/]+)\/\d{6}\.jsonl$/.exec(name);
  return match?.[1] ?? null;
}
