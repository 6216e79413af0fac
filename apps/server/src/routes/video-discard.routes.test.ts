import {
  ConcentrationReportSchema,
  MotilityReportSchema,
  ReportRunResponseSchema,
  VIDEO_DISCARDED_MESSAGE,
  VideoListResponseSchema,
  VideoSchema,
} from '@sarm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, recentAudit } from '../test/admin-helpers.js';
import { seedSimulatedVideos } from '../test/analysis-helpers.js';
import { projectWithMember } from '../test/clinical-helpers.js';
import { grantCustomRole } from '../test/factories.js';
import { createTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
let technician: Awaited<ReturnType<typeof caller>>;
let reader: Awaited<ReturnType<typeof caller>>;
let datasetId: string;
let videoIds: string[];

beforeAll(async () => {
  server = await createTestServer({ workers: true });
  technician = await caller(server, { displayName: 'Tess Technician' });
  await grantCustomRole(server, technician.user.id, ['sarm.upload_video', 'sarm.generate_report']);
  reader = await caller(server, { displayName: 'Rita Reader' });
  await grantCustomRole(server, reader.user.id, ['sarm.generate_report']);
  const project = await projectWithMember(server, technician.user.id);
  await server.context.repositories.projects.addMember({
    projectId: project.id,
    userId: reader.user.id,
    accessLevel: 'member',
  });
  const dataset = await server.context.repositories.datasets.insert({
    projectId: project.id,
    name: 'Live sample',
  });
  datasetId = dataset.id;
  videoIds = (await seedSimulatedVideos(server, technician.headers, datasetId, 3)).map((v) => v.id);
}, 180_000);
afterAll(async () => {
  await server.close();
});

const discard = (who: typeof technician, id: string, reason?: string) =>
  who.call('POST', `/api/sarm/video/${id}/discard`, reason === undefined ? {} : { reason });

const listed = async () =>
  VideoListResponseSchema.parse(
    (await technician.call('GET', `/api/business/videos/dataset/${datasetId}`)).json(),
  ).videos;

describe('discarding a field', () => {
  it('needs the upload permission and keeps the video as it was when refused', async () => {
    const [first] = videoIds;
    if (first === undefined) throw new Error('no video');
    const refused = await discard(reader, first, 'bubble');
    expect(refused.statusCode).toBe(403);
    const video = (await listed()).find((v) => v.id === first);
    expect(video?.discarded).toBeNull();
  });

  it('marks the video discarded with who and why, lists it so, and audits it', async () => {
    const [first] = videoIds;
    if (first === undefined) throw new Error('no video');
    const response = await discard(technician, first, 'Out of focus');
    expect(response.statusCode).toBe(200);
    const video = VideoSchema.parse(response.json());
    expect(video.discarded).toMatchObject({ by: technician.user.id, reason: 'Out of focus' });
    expect((await listed()).find((v) => v.id === first)?.discarded?.reason).toBe('Out of focus');
    const entry = (await recentAudit(server)).find(
      (row) => row.resourceId === first && row.message.includes('discarded'),
    );
    expect(entry?.message).toMatch(/^Video ".+" discarded: Out of focus$/);
    expect(entry?.userId).toBe(technician.user.id);
  });

  it('leaves a discarded video out of the pooled figures and of the saved report', async () => {
    const [first, ...kept] = videoIds;
    if (first === undefined) throw new Error('no video');
    const motility = MotilityReportSchema.parse(
      (
        await technician.call('POST', '/api/sarm/calculation/cal-motility', {
          video_ids: videoIds,
        })
      ).json(),
    );
    expect(motility.video_summaries.map((s) => s.video_id).sort()).toEqual([...kept].sort());
    const concentration = ConcentrationReportSchema.parse(
      (
        await technician.call('POST', '/api/sarm/calculation/cal-concentration', {
          video_ids: videoIds,
        })
      ).json(),
    );
    expect(concentration.video_summaries).toHaveLength(kept.length);
    const run = await technician.call('POST', `/api/sarm/report/run/${datasetId}`, {
      video_ids: videoIds,
    });
    expect(run.statusCode).toBe(200);
    const report = ReportRunResponseSchema.parse(run.json());
    const reported = report.concentration_report.video_summaries.map((s) => s.video_id);
    expect(reported).not.toContain(first);
    expect(reported.sort()).toEqual([...kept].sort());
  }, 120_000);

  it('refuses a report of discarded videos only', async () => {
    const [first] = videoIds;
    if (first === undefined) throw new Error('no video');
    const run = await technician.call('POST', `/api/sarm/report/run/${datasetId}`, {
      video_ids: [first],
    });
    expect(run.statusCode).toBe(400);
    expect(run.json()).toMatchObject({ message: VIDEO_DISCARDED_MESSAGE });
  });

  it('takes a discarded video back into the sample, audited', async () => {
    const [first] = videoIds;
    if (first === undefined) throw new Error('no video');
    const response = await technician.call('POST', `/api/sarm/video/${first}/restore`);
    expect(response.statusCode).toBe(200);
    expect(VideoSchema.parse(response.json()).discarded).toBeNull();
    const entry = (await recentAudit(server)).find(
      (row) => row.resourceId === first && row.message.includes('restored'),
    );
    expect(entry?.userId).toBe(technician.user.id);
    const motility = MotilityReportSchema.parse(
      (
        await technician.call('POST', '/api/sarm/calculation/cal-motility', {
          video_ids: videoIds,
        })
      ).json(),
    );
    expect(motility.video_summaries).toHaveLength(videoIds.length);
  }, 120_000);
});
