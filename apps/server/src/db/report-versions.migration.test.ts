import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './database.js';

interface Journal {
  readonly entries: readonly { readonly tag: string }[];
}

const client = new PGlite();
let folder = '';
afterAll(async () => {
  await client.close();
  if (folder !== '') await rm(folder, { recursive: true, force: true });
});

describe('migration 0008_report_versions', () => {
  it('turns each stored dataset report into its version 1 and drops the old table', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'sarm-migrations-'));
    await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as Journal;
    const upTo = journal.entries.findIndex((entry) => entry.tag === '0008_report_versions');
    expect(upTo).toBeGreaterThan(0);
    const db = drizzle({ client });

    // A database as it was before report versions, holding one stored report.
    await writeFile(
      journalFile,
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }),
    );
    await migrate(db, { migrationsFolder: folder });
    await client.exec(`
      INSERT INTO projects (id, name) VALUES ('p1', 'Clinic');
      INSERT INTO datasets (id, project_id, name) VALUES ('d1', 'p1', 'Sample 1');
      INSERT INTO dataset_reports (id, dataset_id, payload, updated_at)
        VALUES ('r1', 'd1', '{"dataset_name":"Sample 1"}', '2026-01-02T03:04:05Z');
    `);

    await writeFile(journalFile, JSON.stringify(journal));
    await migrate(db, { migrationsFolder: folder });
    const { rows } = await client.query<{
      dataset_id: string;
      version: number;
      payload: unknown;
      created_at: Date;
      signed_at: Date | null;
      amends: number | null;
    }>('SELECT * FROM dataset_report_versions');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      dataset_id: 'd1',
      version: 1,
      payload: { dataset_name: 'Sample 1' },
      signed_at: null,
      amends: null,
    });
    expect(rows[0]?.created_at.toISOString()).toBe('2026-01-02T03:04:05.000Z');
    const old = await client.query("SELECT to_regclass('public.dataset_reports') AS name");
    expect(old.rows).toEqual([{ name: null }]);
  }, 60_000);
});
