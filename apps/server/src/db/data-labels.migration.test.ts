import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './database.js';

interface Journal {
  readonly entries: readonly { readonly tag: string; readonly when: number }[];
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A copy of the committed migrations whose journal the test may rewrite. */
async function migrationsCopy() {
  const folder = await mkdtemp(path.join(tmpdir(), 'sarm-migrations-'));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const file = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(file, 'utf8')) as Journal;
  return { folder, journal, write: (value: Journal) => writeFile(file, JSON.stringify(value)) };
}

function database() {
  const client = new PGlite();
  cleanups.push(() => client.close());
  return { client, db: drizzle({ client }) };
}

const tables = async (client: PGlite) =>
  (
    await client.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
    )
  ).rows.map((row) => row.table_name);

describe('migration order', () => {
  it('is strictly increasing in time, as the migrator requires', async () => {
    const { journal } = await migrationsCopy();
    const times = journal.entries.map((entry) => entry.when);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(times.length);
  });

  it('gives a database migrated to 0010 the data label tables and every later change', async () => {
    const { folder, journal, write } = await migrationsCopy();
    const upTo = journal.entries.findIndex((entry) => entry.tag === '0011_data_labels');
    const { client, db } = database();
    await write({ ...journal, entries: journal.entries.slice(0, upTo) });
    await migrate(db, { migrationsFolder: folder });
    expect(await tables(client)).not.toContain('data_labels');

    await write(journal);
    await migrate(db, { migrationsFolder: folder });
    expect(await tables(client)).toEqual(
      expect.arrayContaining(['data_labels', 'data_label_items']),
    );
    const { rows } = await client.query<{ column_name: string }>(
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'data_label_items'",
    );
    expect(rows.map((row) => row.column_name)).toEqual(
      expect.arrayContaining(['notes', 'annotator_confidence', 'morphometry']),
    );
  });

  it('runs 0011 again harmlessly where it was applied under its old timestamp', async () => {
    const { folder, journal, write } = await migrationsCopy();
    const upTo = journal.entries.findIndex((entry) => entry.tag === '0011_data_labels');
    const { client, db } = database();
    // As such a database was: 0011 applied with a timestamp older than 0010's.
    await write({
      ...journal,
      entries: journal.entries
        .slice(0, upTo + 1)
        .map((entry) =>
          entry.tag === '0011_data_labels' ? { ...entry, when: 1795572197987 } : entry,
        ),
    });
    await migrate(db, { migrationsFolder: folder });
    await client.exec(`
      INSERT INTO projects (id, name) VALUES ('p1', 'Lab');
      INSERT INTO datasets (id, project_id, name) VALUES ('d1', 'p1', 'Set');
      INSERT INTO data_labels (id, dataset_id, name) VALUES ('l1', 'd1', 'Label');
    `);

    await write(journal);
    await migrate(db, { migrationsFolder: folder });
    const { rows } = await client.query<{ name: string }>('SELECT name FROM data_labels');
    expect(rows).toEqual([{ name: 'Label' }]);
  });
});
