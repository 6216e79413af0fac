import {
  DatasetSchema,
  DEMO_VIDEO_COUNT,
  DemoStatusResponseSchema,
  UserProjectListResponseSchema,
  VersionedStoredReportSchema,
  type Demo,
} from '@sarm/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { createSimulation } from '@sarm/casa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFieldParams, meanTruth } from '../services/demo-videos.js';
import { adminCaller, audited, caller } from '../test/admin-helpers.js';
import { createTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

/** Audit entries are never deleted (the trail is append-only): the demo's stay, by rule. */
const KEPT_BY_RULE = new Set(['audit_logs']);

async function rowsOf<T>(query: SQL): Promise<T[]> {
  const result: unknown = await server.database.db.execute(query);
  if (
    typeof result === 'object' &&
    result !== null &&
    'rows' in result &&
    Array.isArray(result.rows)
  )
    return result.rows as T[];
  throw new Error('Unexpected database answer');
}

/** Rows in every table of the application's schema. */
async function tableCounts(): Promise<Record<string, number>> {
  const tables = await rowsOf<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name: table } of tables) {
    if (KEPT_BY_RULE.has(table) || table.startsWith('__')) continue;
    const [row] = await rowsOf<{ n: number | string }>(
      sql.raw(`select count(*) as n from "${table}"`),
    );
    counts[table] = Number(row?.n ?? 0);
  }
  return counts;
}

/** Every stored file (path relative to the storage folder). */
async function storedFiles(): Promise<string[]> {
  const root = path.join(server.dataDir, 'files');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

async function waitUntilMade(call: Awaited<ReturnType<typeof adminCaller>>['call']): Promise<Demo> {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const { demo } = DemoStatusResponseSchema.parse((await call('GET', '/api/sarm/demo')).json());
    if (demo === null) throw new Error('The demo disappeared');
    if (demo.state === 'ready' || demo.state === 'failed') return demo;
    if (Date.now() > deadline) throw new Error(`The demo is still ${demo.state}: ${demo.message}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the demo sample', () => {
  it('may be made and deleted only by a project administrator; anyone signed in sees its status', async () => {
    const clinician = await caller(server, { roles: ['clinician'] });
    expect((await clinician.call('GET', '/api/sarm/demo')).json()).toEqual({ demo: null });
    expect((await clinician.call('POST', '/api/sarm/demo')).statusCode).toBe(403);
    expect((await clinician.call('DELETE', '/api/sarm/demo')).statusCode).toBe(403);
    const admin = await adminCaller(server);
    expect((await admin.call('DELETE', '/api/sarm/demo')).statusCode).toBe(404);
  });

  it('makes a project with a patient, an analysed report of five simulated videos and an annotation set, then deletes all it made', async () => {
    const admin = await adminCaller(server);
    const rowsBefore = await tableCounts();
    const filesBefore = await storedFiles();

    const started = Date.now();
    const created = DemoStatusResponseSchema.parse(
      (await admin.call('POST', '/api/sarm/demo')).json(),
    );
    expect(created.demo?.state).toBe('creating');
    const again = DemoStatusResponseSchema.parse(
      (await admin.call('POST', '/api/sarm/demo')).json(),
    );
    expect(again.demo?.projectId).toBe(created.demo?.projectId);
    const demo = await waitUntilMade(admin.call);
    console.log(`demo made in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(demo.message).toBe('The demo sample is ready');
    expect(demo.state).toBe('ready');

    const projects = UserProjectListResponseSchema.parse(
      (await admin.call('GET', '/api/sarm/project')).json(),
    ).projects;
    expect(projects.filter((project) => project.isDemo === true).map((p) => p.id)).toEqual([
      demo.projectId,
    ]);

    const report = VersionedStoredReportSchema.parse(
      (await admin.call('GET', `/api/sarm/report/get-report/${demo.datasetId ?? ''}`)).json(),
    );
    const concentration = report.concentration_report?.aggregated_results;
    const motility = report.motility_report?.aggregated_results;
    const truth = meanTruth(
      Array.from({ length: DEMO_VIDEO_COUNT }, (_, field) => {
        const { expected } = createSimulation(demoFieldParams(field)).truth;
        return {
          concentrationMillionPerMl: expected.concentration_million_per_ml,
          progressivePercent: expected.progressive_percent,
          totalMotilityPercent: expected.total_motility_percent,
        };
      }),
    );
    console.log('demo truth', truth, 'engine', {
      concentration: concentration?.mean_concentration_million_per_ml,
      progressive: motility?.progressive_percent,
      total: motility?.total_motility_percent,
    });
    // The real report of the real engine, near what the simulator put in the videos.
    expect(concentration?.mean_concentration_million_per_ml).toBeCloseTo(
      truth.concentrationMillionPerMl,
      -1,
    );
    expect(
      Math.abs((motility?.progressive_percent ?? -100) - truth.progressivePercent),
    ).toBeLessThan(15);
    const sample = DatasetSchema.parse(
      (await admin.call('GET', `/api/sarm/dataset/get-dataset/${demo.datasetId ?? ''}`)).json(),
    );
    expect(sample.stats.totalVideos).toBe(5);
    expect(sample.settings.patient_id).toEqual(expect.any(String));
    expect(sample.description).toMatch(/^Demo sample - not a patient result\. .* million\/ml/);
    const technical = DatasetSchema.parse(
      (
        await admin.call('GET', `/api/sarm/dataset/get-dataset/${demo.technicalDatasetId ?? ''}`)
      ).json(),
    );
    expect(technical.stats.totalVideos).toBe(1);
    expect(technical.stats.totalFrames).toBeGreaterThan(0);
    expect(technical.stats.totalDetections).toBeGreaterThan(0);
    expect((await storedFiles()).length).toBeGreaterThan(filesBefore.length);

    const deleted = await admin.call('DELETE', '/api/sarm/demo');
    expect(deleted.json()).toEqual({ success: true, message: 'Demo sample deleted' });
    expect((await admin.call('GET', '/api/sarm/demo')).json()).toEqual({ demo: null });
    expect(await tableCounts()).toEqual(rowsBefore);
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await audited(server, 'Demo sample deleted')).toBe(true);
  }, 300_000);
});
