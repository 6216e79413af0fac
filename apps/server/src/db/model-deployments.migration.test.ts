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

describe('migration 0014_assessments: model deployments by kind', () => {
  it('keeps a deployed detector as the detector and lets a morphology model sit beside it', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'sarm-migrations-'));
    await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as Journal;
    const upTo = journal.entries.findIndex((entry) => entry.tag === '0014_assessments');
    expect(upTo).toBeGreaterThan(0);
    const db = drizzle({ client });

    // A database from before: one project with a deployed detector.
    await writeFile(
      journalFile,
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }),
    );
    await migrate(db, { migrationsFolder: folder });
    await client.exec(`
      INSERT INTO projects (id, name) VALUES ('p1', 'Clinic');
      INSERT INTO models (id, name, type, config) VALUES
        ('m1', 'Heads', 'detection', '{}'), ('m2', 'Shapes', 'morphology', '{}');
      INSERT INTO model_deployments (project_id, model_id) VALUES ('p1', 'm1');
    `);

    await writeFile(journalFile, JSON.stringify(journal));
    await migrate(db, { migrationsFolder: folder });
    await client.exec(
      `INSERT INTO model_deployments (project_id, kind, model_id) VALUES ('p1', 'morphology', 'm2')`,
    );
    const { rows } = await client.query<{ kind: string; model_id: string }>(
      'SELECT kind, model_id FROM model_deployments ORDER BY kind',
    );
    expect(rows).toEqual([
      { kind: 'detector', model_id: 'm1' },
      { kind: 'morphology', model_id: 'm2' },
    ]);
    // Still one deployment per project and kind.
    await expect(
      client.exec(`INSERT INTO model_deployments (project_id, model_id) VALUES ('p1', 'm2')`),
    ).rejects.toThrow(/model_deployments_project_id_kind_pk/);
  });
});
