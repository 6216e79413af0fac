import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { upgradeAcross } from '../test/migration-upgrade.js';

const client = new PGlite();
afterAll(async () => {
  await client.close();
});

describe('migration 0008_report_versions', () => {
  it('turns each stored dataset report into its version 1 and drops the old table', async () => {
    // A database as it was before report versions, holding one stored report.
    await upgradeAcross(client, '0008_report_versions', (older) =>
      older.exec(`
      INSERT INTO projects (id, name) VALUES ('p1', 'Clinic');
      INSERT INTO datasets (id, project_id, name) VALUES ('d1', 'p1', 'Sample 1');
      INSERT INTO dataset_reports (id, dataset_id, payload, updated_at)
        VALUES ('r1', 'd1', '{"dataset_name":"Sample 1"}', '2026-01-02T03:04:05Z');
    `),
    );
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
