import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { createHash } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from '../db/database.js';

/** What the template depends on: every migration file and the PGlite version. */
async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  // The package exports no package.json: its entry file sits in `dist/`.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(await readFile(path.join(entry, '..', '..', 'package.json')));
  const files = (await readdir(MIGRATIONS_FOLDER, { recursive: true })).sort();
  for (const file of files) {
    const content = await readFile(path.join(MIGRATIONS_FOLDER, file)).catch(() => null);
    if (content === null) continue; // a folder
    hash.update(file).update(content);
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * An in-memory database with every migration applied, as a `dumpDataDir` tarball. Each test file
 * runs in its own process, and a fresh PGlite spends seconds in initdb: the first process to need
 * the template writes it to the temporary folder and the others load it from there.
 */
export async function migratedTemplate(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `sarm-test-db-${await templateKey()}.tar`);
  const saved = await readFile(file).catch(() => null);
  if (saved !== null) return new Blob([saved]);
  const client = new PGlite();
  await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  const dump = await client.dumpDataDir('none');
  await client.close();
  // Written whole under another name first: a process reading it never sees half a file.
  const partial = `${file}.${process.pid}`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
  return dump;
}
