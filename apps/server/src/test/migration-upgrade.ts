import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from '../db/database.js';

interface Journal {
  readonly entries: readonly { readonly tag: string }[];
}

/**
 * An installation upgraded across one migration: migrates `client` to just before `tag` (from a
 * copy of the migrations with a shortened journal), runs `seed` on that older database, then
 * applies `tag` and everything after it.
 */
export async function upgradeAcross(
  client: PGlite,
  tag: string,
  seed: (client: PGlite) => Promise<unknown>,
): Promise<void> {
  const folder = await mkdtemp(path.join(tmpdir(), 'sarm-migrations-'));
  try {
    await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as Journal;
    const upTo = journal.entries.findIndex((entry) => entry.tag === tag);
    if (upTo <= 0) throw new Error(`No migration ${tag} after the first`);
    const db = drizzle({ client });
    await writeFile(
      journalFile,
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }),
    );
    await migrate(db, { migrationsFolder: folder });
    await seed(client);
    await writeFile(journalFile, JSON.stringify(journal));
    await migrate(db, { migrationsFolder: folder });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
