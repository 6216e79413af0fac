import {
  AnalysisListResponseSchema,
  BusinessDashboardSchema,
  PatientDetailSchema,
  PatientListResponseSchema,
  PatientSchema,
} from '@sarm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../test/admin-helpers.js';
import { seedVideo } from '../test/business-helpers.js';
import { projectWithMember, uploadFile } from '../test/clinical-helpers.js';
import { grantCustomRole } from '../test/factories.js';
import { createTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ workers: false });
});
afterAll(async () => {
  await server.close();
});

async function withPermissions(codes: string[]) {
  const who = await caller(server);
  await grantCustomRole(server, who.user.id, codes);
  return who;
}

describe('patients', () => {
  it('creates, lists, reads with videos and analyses, updates and deletes', async () => {
    const manager = await withPermissions(['sarm.manage_patients', 'sarm.view_motility']);
    const project = await projectWithMember(server, manager.user.id);
    const created = await manager.call('POST', '/api/business/patients', {
      name: ' Nguyen Van A ',
      age: 34,
      contact_number: '0901 234 567',
      projectId: project.id,
    });
    expect(created.statusCode).toBe(201);
    const patient = PatientSchema.parse(created.json());
    expect(patient).toMatchObject({ name: 'Nguyen Van A', age: 34, contactNumber: '0901 234 567' });

    const { analysis } = await seedVideo(server, project.id, {
      patientId: patient.id,
      analysed: true,
    });
    const list = PatientListResponseSchema.parse(
      (await manager.call('GET', '/api/business/patients?search=nguyen')).json(),
    );
    expect(list.patients.map((p) => p.id)).toEqual([patient.id]);

    const detail = PatientDetailSchema.parse(
      (await manager.call('GET', `/api/business/patients/${patient.id}`)).json(),
    );
    expect(detail.videos).toHaveLength(1);
    expect(detail.analyses[0]).toMatchObject({
      id: analysis?.id,
      status: 'completed',
      concentration_million_per_ml: 12.5,
      total_motility_percent: 55,
      patient_name: 'Nguyen Van A',
      morphometry: { area_um2: 12, length_um: 5 },
    });

    const updated = await manager.call('PUT', `/api/business/patients/${patient.id}`, {
      name: 'Nguyen Van B',
      notes: 'Follow-up',
    });
    expect(PatientSchema.parse(updated.json())).toMatchObject({ name: 'Nguyen Van B', age: 34 });

    const removed = await manager.call('DELETE', `/api/business/patients/${patient.id}`);
    expect(removed.statusCode).toBe(200);
    const gone = await manager.call('GET', `/api/business/patients/${patient.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ message: 'Patient not found' });
  });

  it('answers 400 for invalid bodies and 404 for unknown patients and projects', async () => {
    const manager = await withPermissions(['sarm.manage_patients']);
    for (const body of [{}, { name: '' }, { name: 'A', age: -1 }, { name: 'A', age: 'x' }]) {
      const response = await manager.call('POST', '/api/business/patients', body);
      expect(response.statusCode).toBe(400);
    }
    const put = await manager.call('PUT', '/api/business/patients/missing', { name: 'A' });
    expect(put.statusCode).toBe(404);
    const del = await manager.call('DELETE', '/api/business/patients/missing');
    expect(del.json()).toMatchObject({ statusCode: 404, message: 'Patient not found' });
    const project = await manager.call('POST', '/api/business/patients', {
      name: 'A',
      projectId: 'nope',
    });
    expect(project.json()).toMatchObject({ statusCode: 404, message: 'Project not found' });
  });

  it('lets uploaders read but not write, hides other projects and refuses others', async () => {
    const manager = await withPermissions(['sarm.manage_patients']);
    const other = await projectWithMember(server, manager.user.id, 'Clinic B');
    const hidden = PatientSchema.parse(
      (
        await manager.call('POST', '/api/business/patients', {
          name: 'Hidden',
          projectId: other.id,
        })
      ).json(),
    );
    const uploader = await withPermissions(['sarm.upload_video']);
    expect((await uploader.call('GET', '/api/business/patients')).statusCode).toBe(200);
    const read = await uploader.call('GET', `/api/business/patients/${hidden.id}`);
    expect(read.statusCode).toBe(404);
    const write = await uploader.call('POST', '/api/business/patients', { name: 'X' });
    expect(write.statusCode).toBe(403);
    const nobody = await withPermissions(['finetune.manage_dataset']);
    expect((await nobody.call('GET', '/api/business/patients')).statusCode).toBe(403);
  });
});

describe('video upload', () => {
  it('refuses an unknown patient id with 404', async () => {
    const uploader = await withPermissions(['sarm.upload_video']);
    const project = await projectWithMember(server, uploader.user.id);
    const { dataset } = await seedVideo(server, project.id);
    const response = await uploadFile(
      server,
      uploader.headers,
      { dataset_id: dataset.id, patientId: 'no-such-patient' },
      { name: 'a.mp4', content: Buffer.from('not a video') },
    );
    expect(response.json()).toMatchObject({ statusCode: 404, message: 'Patient not found' });
  });
});

describe('analyses and dashboard', () => {
  it('lists completed, in-progress and pending items and counts them on the dashboard', async () => {
    const user = await withPermissions(['sarm.view_concentration', 'sarm.manage_patients']);
    const project = await projectWithMember(server, user.user.id);
    await seedVideo(server, project.id, { analysed: true });
    await seedVideo(server, project.id, { status: 'processing' });
    await seedVideo(server, project.id);
    const all = AnalysisListResponseSchema.parse(
      (await user.call('GET', '/api/business/analyses')).json(),
    );
    expect(all.analyses.map((item) => item.status).sort()).toEqual([
      'completed',
      'in-progress',
      'pending',
    ]);
    const done = AnalysisListResponseSchema.parse(
      (await user.call('GET', '/api/business/analyses?status=completed')).json(),
    );
    expect(done.total).toBe(1);
    const bad = await user.call('GET', '/api/business/analyses?status=odd');
    expect(bad.statusCode).toBe(400);

    const dashboard = BusinessDashboardSchema.parse(
      (await user.call('GET', '/api/business/dashboard')).json(),
    );
    expect(dashboard.counts).toEqual({ patients: 0, videos: 3, analyses: 1, pending: 2 });
    expect(dashboard.recent_analyses).toHaveLength(1);
    expect(dashboard.recent_patients).toEqual([]);
  });

  it('narrows the dashboard to one patient', async () => {
    const user = await withPermissions(['sarm.view_concentration', 'sarm.manage_patients']);
    const project = await projectWithMember(server, user.user.id);
    const patient = await server.context.repositories.patients.insert({
      projectId: project.id,
      name: 'Dashboard Patient',
      createdBy: user.user.id,
    });
    await seedVideo(server, project.id, { analysed: true, patientId: patient.id });
    await seedVideo(server, project.id, { patientId: patient.id });
    await seedVideo(server, project.id, { analysed: true });
    const dashboard = BusinessDashboardSchema.parse(
      (await user.call('GET', `/api/business/dashboard?patient_id=${patient.id}`)).json(),
    );
    expect(dashboard.counts).toEqual({ patients: 1, videos: 2, analyses: 1, pending: 1 });
    expect(dashboard.recent_analyses.map((item) => item.patient_id)).toEqual([patient.id]);
    expect(dashboard.recent_patients.map((item) => item.id)).toEqual([patient.id]);
    const everyone = BusinessDashboardSchema.parse(
      (await user.call('GET', '/api/business/dashboard')).json(),
    );
    expect(everyone.counts.videos).toBe(3);
  });

  it('reflects analysis requests: pending, in progress, failed with the error, completed as the analysis', async () => {
    const user = await withPermissions(['sarm.view_motility']);
    const project = await projectWithMember(server, user.user.id);
    const requests = server.context.repositories.analysisRequests;
    const request = async (videoId: string, status: 'pending' | 'in-progress' | 'failed') =>
      requests.insertSelecting({
        videoId,
        frameIds: [],
        status,
        error: status === 'failed' ? 'Cannot read video' : null,
        createdBy: user.user.id,
        createdAt: server.clock.now(),
        updatedAt: server.clock.now(),
      });
    const pending = await request((await seedVideo(server, project.id)).video.id, 'pending');
    const running = await request((await seedVideo(server, project.id)).video.id, 'in-progress');
    const failed = await request((await seedVideo(server, project.id)).video.id, 'failed');
    // A request running again on an analysed video: the video's one row shows the request.
    const rerun = await seedVideo(server, project.id, { analysed: true });
    const again = await request(rerun.video.id, 'pending');
    const done = await seedVideo(server, project.id, { analysed: true });
    await requests.update((await request(done.video.id, 'in-progress')).id, {
      status: 'completed',
      analysisId: done.analysis?.id ?? null,
    });

    const list = async (query = '') =>
      AnalysisListResponseSchema.parse(
        (await user.call('GET', `/api/business/analyses${query}`)).json(),
      ).analyses;
    const all = await list();
    const byId = new Map(all.map((item) => [item.id, item]));
    expect(all).toHaveLength(5);
    expect(new Set(all.map((item) => item.video_id)).size).toBe(5);
    expect(all.every((item) => item.dataset_name === 'Batch')).toBe(true);
    expect(byId.get(pending.id)).toMatchObject({ status: 'pending', error: null });
    expect(byId.get(running.id)).toMatchObject({ status: 'in-progress', error: null });
    expect(byId.get(failed.id)).toMatchObject({
      status: 'failed',
      error: 'Cannot read video',
      video_id: failed.videoId,
      concentration_million_per_ml: null,
    });
    expect(all.filter((item) => item.video_id === rerun.video.id)).toEqual([
      expect.objectContaining({ id: again.id, status: 'pending' }),
    ]);
    expect(all.filter((item) => item.video_id === done.video.id)).toEqual([
      expect.objectContaining({ id: done.analysis?.id, status: 'completed', error: null }),
    ]);
    expect((await list('?status=failed')).map((item) => item.id)).toEqual([failed.id]);

    // A newer saved analysis (e.g. from the calculation routes) supersedes a failed request.
    server.clock.advance(60_000);
    await server.context.repositories.analyses.insert({
      videoId: failed.videoId,
      settings: {},
      result: done.analysis?.result ?? {},
      createdAt: server.clock.now(),
    });
    expect((await list()).filter((item) => item.video_id === failed.videoId)).toEqual([
      expect.objectContaining({ status: 'completed' }),
    ]);
  });

  it('lists a video analysed twice once, with its newest analysis, and keeps its key when a request completes', async () => {
    const user = await withPermissions(['sarm.view_motility']);
    const project = await projectWithMember(server, user.user.id);
    const seeded = await seedVideo(server, project.id, { analysed: true });
    server.clock.advance(60_000);
    const newer = await server.context.repositories.analyses.insert({
      videoId: seeded.video.id,
      settings: { force: true },
      result: seeded.analysis?.result ?? {},
      createdAt: server.clock.now(),
    });
    const rowsOf = async () =>
      AnalysisListResponseSchema.parse(
        (await user.call('GET', '/api/business/analyses')).json(),
      ).analyses.filter((item) => item.video_id === seeded.video.id);
    expect(await rowsOf()).toEqual([
      expect.objectContaining({ id: newer.id, status: 'completed', dataset_name: 'Batch' }),
    ]);

    const requests = server.context.repositories.analysisRequests;
    const request = await requests.insertSelecting({
      videoId: seeded.video.id,
      frameIds: [],
      status: 'in-progress',
      createdBy: user.user.id,
      createdAt: server.clock.now(),
      updatedAt: server.clock.now(),
    });
    const running = await rowsOf();
    expect(running).toEqual([expect.objectContaining({ id: request.id, status: 'in-progress' })]);
    await requests.update(request.id, { status: 'completed', analysisId: newer.id });
    const completed = await rowsOf();
    expect(completed).toEqual([expect.objectContaining({ id: newer.id, status: 'completed' })]);
    expect(completed[0]?.video_id).toBe(running[0]?.video_id);
  });

  it('refuses callers without the permission', async () => {
    const uploader = await withPermissions(['sarm.upload_video']);
    expect((await uploader.call('GET', '/api/business/analyses')).statusCode).toBe(403);
    const technical = await withPermissions(['finetune.manage_dataset']);
    expect((await technical.call('GET', '/api/business/dashboard')).statusCode).toBe(403);
  });
});
