import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { upgradeAcross } from '../test/migration-upgrade.js';

const client = new PGlite();
afterAll(async () => {
  await client.close();
});

describe('migration 0014_assessments: model deployments by kind', () => {
  it('keeps a deployed detector as the detector and lets a morphology model sit beside it', async () => {
    // A database from before: one project with a deployed detector.
    await upgradeAcross(client, '0014_assessments', (older) =>
      older.exec(`
      INSERT INTO projects (id, name) VALUES ('p1', 'Clinic');
      INSERT INTO models (id, name, type, config) VALUES
        ('m1', 'Heads', 'detection', '{}'), ('m2', 'Shapes', 'morphology', '{}');
      INSERT INTO model_deployments (project_id, model_id) VALUES ('p1', 'm1');
    `),
    );
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
