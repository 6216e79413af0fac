import { ProjectDashboardSchema } from '@sarm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../test/admin-helpers.js';
import { seedVideo } from '../test/business-helpers.js';
import { projectWithMember } from '../test/clinical-helpers.js';
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

describe('GET /sarm/project/dashboard', () => {
  it('sums datasets, videos, detections, analyses and members of the visible projects only', async () => {
    const clinician = await withPermissions(['sarm.view_motility']);
    const mine = await projectWithMember(server, clinician.user.id, 'Clinic Dashboard');
    await projectWithMember(server, (await caller(server)).user.id, 'Someone else');
    const analysed = await seedVideo(server, mine.id, { analysed: true });
    await seedVideo(server, mine.id);
    const { videos, detections } = server.context.repositories;
    await videos.insertFrames([
      {
        videoId: analysed.video.id,
        frameNumber: 0,
        timeOffset: 0,
        width: 640,
        height: 480,
        storageKey: 'frames/x.jpg',
        extractionSession: 's1',
      },
    ]);
    const [frame] = await videos.allFrames(analysed.video.id);
    const frameId = frame?.id ?? '';
    await detections.replaceForFrame(frameId, [
      { frameId, className: 'sperm', confidence: 0.9, x1: 1, y1: 1, x2: 9, y2: 9 },
      { frameId, className: 'sperm', confidence: 0.7, x1: 20, y1: 20, x2: 29, y2: 29 },
      // Only a detection with a segmentation mask is a segment.
      {
        frameId,
        className: 'sperm',
        confidence: 0.8,
        x1: 40,
        y1: 40,
        x2: 49,
        y2: 49,
        hasMask: true,
      },
    ]);

    const response = await clinician.call('GET', '/api/sarm/project/dashboard');
    expect(response.statusCode).toBe(200);
    const dashboard = ProjectDashboardSchema.parse(response.json());
    expect(dashboard.projects).toEqual([
      {
        id: mine.id,
        name: 'Clinic Dashboard',
        datasetsCount: 2,
        videosCount: 2,
        framesCount: 1,
        segmentsCount: 1,
        modelsCount: 0,
        analysedVideos: 1,
        progress: 50,
        status: 'active',
      },
    ]);
    expect(dashboard.members).toEqual([
      expect.objectContaining({ projectId: mine.id, userId: clinician.user.id, isActive: true }),
    ]);
    expect(dashboard.datasets.map((d) => d.analysedVideos).sort()).toEqual([0, 1]);
    expect(dashboard.datasets.map((d) => [d.detections, d.segments]).sort()).toEqual([
      [0, 0],
      [3, 1],
    ]);
    expect(dashboard.performance).toEqual([
      expect.objectContaining({
        projectId: mine.id,
        analyses: 1,
        meanConcentration: 12.5,
        meanProgressiveMotility: 30,
        meanTotalMotility: 55,
        normalConcentrationCount: 0,
        trainedModels: 0,
        bestValidationAccuracy: null,
      }),
    ]);
  });

  it('refuses callers without business access and anonymous ones', async () => {
    const outsider = await withPermissions(['finetune.manage_dataset']);
    expect((await outsider.call('GET', '/api/sarm/project/dashboard')).statusCode).toBe(403);
    const anonymous = await server.app.inject({
      method: 'GET',
      url: '/api/sarm/project/dashboard',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
