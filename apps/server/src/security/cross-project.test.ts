/**
 * Cross-project access (IDOR): a user with every clinical and technical permission, member of
 * project B only, calls every route of the API with the ids of project A's data in the path, the
 * query and the body. No answer may succeed on an A id in the path, no answer may contain an A id,
 * and afterwards no table has changed except the caller's own audit trail.
 */
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeclaredRoute } from '../http/route-access.js';
import { caller } from '../test/admin-helpers.js';
import { seedVideo } from '../test/business-helpers.js';
import { projectWithMember } from '../test/clinical-helpers.js';
import { seedSimulatedFrames } from '../test/detection-helpers.js';
import { grantCustomRole } from '../test/factories.js';
import { createTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;

/**
 * Tables the refused caller may legitimately write to: its own traces, and the laboratory-wide
 * report templates (seeded on first use, shared by every project).
 */
const OWN_TRACES = new Set([
  'report_templates',
  'audit_logs',
  'login_attempts',
  'sign_in_throttle',
  'auth_sessions',
  'refresh_tokens',
  'notifications',
]);

/** Rows of a raw query (PGlite and node-postgres both answer `{ rows }`). */
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

/** A digest of every table's content, but the caller's own traces. */
async function tableFingerprints(): Promise<Map<string, string>> {
  const tables = await rowsOf<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const prints = new Map<string, string>();
  for (const { table_name: table } of tables) {
    if (OWN_TRACES.has(table) || table.startsWith('__')) continue;
    const [row] = await rowsOf<{ fingerprint: string | null }>(
      sql.raw(
        `select md5(string_agg(t::text, '|' order by t::text)) as fingerprint from "${table}" t`,
      ),
    );
    prints.set(table, row?.fingerprint ?? 'empty');
  }
  return prints;
}

beforeAll(async () => {
  server = await createTestServer({ workers: false });
});
afterAll(async () => {
  await server.close();
});

describe('a member of another project', () => {
  it('can neither read, change nor delete project A’s data through any route', async () => {
    const owner = await caller(server, { roles: ['lab_technician'] });
    const stranger = await caller(server);
    await grantCustomRole(server, stranger.user.id, ['sarm.*', 'finetune.*']);
    await projectWithMember(server, stranger.user.id, 'Project B');

    // Project A: frames with detections, a patient, an analysed video, a task.
    const seeded = await seedSimulatedFrames(server, owner.user.id, 2);
    const frame = seeded.frames[0];
    if (frame === undefined) throw new Error('No frame seeded');
    const detected = await owner.call('POST', '/api/sarm/detection/detect-sperm', {
      frame_id: frame.id,
    });
    expect(detected.statusCode).toBe(200);
    const detections = await server.context.repositories.detections.listByFrame(frame.id);
    const patient = await server.context.repositories.patients.insert({
      projectId: seeded.project.id,
      name: 'Patient of A',
      createdBy: owner.user.id,
    });
    const analysed = await seedVideo(server, seeded.project.id, {
      patientId: patient.id,
      analysed: true,
    });
    const task = await server.context.repositories.tasks.insert(
      {
        id: randomUUID(),
        taskType: 'frames.extract',
        createdBy: owner.user.id,
        message: 'queued',
        now: new Date(),
      },
      { ignoreExisting: false },
    );
    const ids: Record<string, string> = {
      project: seeded.project.id,
      dataset: seeded.dataset.id,
      video: seeded.video.id,
      frame: frame.id,
      detection: detections[0]?.id ?? '',
      patient: patient.id,
      analysedDataset: analysed.dataset.id,
      analysedVideo: analysed.video.id,
      analysis: analysed.analysis?.id ?? '',
      task: task?.id ?? '',
      owner: owner.user.id,
    };
    const aIds = Object.values(ids).filter((id) => id !== '');
    expect(aIds).toHaveLength(Object.keys(ids).length);

    /** An A id for a path or body parameter name; every A id when the name says nothing. */
    const candidates = (name: string): string[] => {
      const lower = name.toLowerCase();
      for (const [kind, id] of Object.entries(ids))
        if (lower.startsWith(kind.toLowerCase())) return [id];
      if (lower.startsWith('user')) return [ids.owner ?? ''];
      return aIds;
    };
    const body = {
      projectId: ids.project,
      project_id: ids.project,
      datasetId: ids.dataset,
      dataset_id: ids.dataset,
      videoId: ids.video,
      video_id: ids.video,
      frameId: ids.frame,
      frame_id: ids.frame,
      frameIds: [ids.frame],
      patientId: ids.patient,
      patient_id: ids.patient,
      analysisId: ids.analysis,
      id: ids.video,
      name: 'Stranger',
    };
    const query = new URLSearchParams({
      project_id: ids.project ?? '',
      projectId: ids.project ?? '',
      dataset_id: ids.dataset ?? '',
      video_id: ids.video ?? '',
      patient_id: ids.patient ?? '',
    }).toString();

    const before = await tableFingerprints();
    const findings: string[] = [];
    const routes = server.app.declaredRoutes.filter(
      (route: DeclaredRoute) =>
        route.permission !== null &&
        // Signing out would end the stranger's own session before the sweep is done.
        !route.url.endsWith('/logout'),
    );
    for (const route of routes) {
      const params = route.url.match(/:[A-Za-z_]+/g) ?? [];
      const fill = (first: string) =>
        params.reduce(
          (url, param, index) =>
            url.replace(param, index === 0 ? first : (candidates(param.slice(1))[0] ?? first)),
          route.url,
        );
      const urls: string[] =
        params.length === 0 ? [route.url] : candidates(params[0]?.slice(1) ?? '').map(fill);
      for (const url of urls) {
        const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
        const response = await server.app.inject({
          method,
          url: `${url}?${query}`,
          headers: stranger.headers,
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: body }),
        });
        const ok = response.statusCode >= 200 && response.statusCode < 300;
        const leaked = aIds.find((id) => response.body.includes(id));
        if (ok && params.length > 0)
          findings.push(`${method} ${url} answered ${response.statusCode} on an A id`);
        else if (leaked !== undefined)
          findings.push(`${method} ${url} (${response.statusCode}) answered an A id (${leaked})`);
      }
    }
    const after = await tableFingerprints();
    for (const [table, print] of before)
      if (after.get(table) !== print) findings.push(`table ${table} changed`);
    expect(findings).toEqual([]);

    // A's owner still sees all of it.
    expect((await owner.call('GET', `/api/sarm/video/get-video/${ids.video}`)).statusCode).toBe(
      200,
    );
    expect(routes.length).toBeGreaterThan(100);
  }, 120_000);
});
