/**
 * No N+1 queries: every GET route answers with as many database queries for a project holding
 * eight of everything as for one holding two. A route whose query count grows with its data
 * would slow down with every sample a laboratory adds.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../test/admin-helpers.js';
import { seedVideo } from '../test/business-helpers.js';
import { createTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ workers: false });
});
afterAll(async () => {
  await server.close();
});

describe('query counts of GET routes', () => {
  it('do not grow with the number of projects, samples, videos, frames, detections and users', async () => {
    const admin = await caller(server, { roles: ['system_admin'] });
    const { repositories } = server.context;
    const project = await repositories.projects.insertProject({ name: 'Counted', description: '' });
    await repositories.projects.addMember({
      projectId: project.id,
      userId: admin.user.id,
      accessLevel: 'admin',
    });
    const first = await seedVideo(server, project.id, { analysed: true });
    const ids = {
      project: project.id,
      dataset: first.dataset.id,
      video: first.video.id,
      frame: '',
    };

    /** Adds one of everything: project, sample with an analysed video, frame with detections, patient, user. */
    const addOneOfEach = async (n: number) => {
      const other = await repositories.projects.insertProject({ name: `P${n}`, description: '' });
      await repositories.projects.addMember({
        projectId: other.id,
        userId: admin.user.id,
        accessLevel: 'member',
      });
      const extra = await seedVideo(server, project.id, { analysed: true });
      await repositories.videos.insert({
        datasetId: ids.dataset,
        name: `Video ${n}`,
        fileName: 'v.mp4',
        originalFilename: 'v.mp4',
        originalKey: `videos/${extra.video.id}/v.mp4`,
        processingStatus: 'completed',
      });
      await repositories.videos.insertFrames([
        {
          videoId: ids.video,
          frameNumber: n,
          timeOffset: n / 25,
          width: 64,
          height: 48,
          storageKey: `videos/${ids.video}/frames/f${n}.jpg`,
          size: 10,
          extractionSession: 'counted',
        },
      ]);
      const frames = await repositories.videos.allFrames(ids.video);
      ids.frame = frames[0]?.id ?? '';
      await repositories.detections.replaceForFrame(
        ids.frame,
        Array.from({ length: n }, (_, i) => ({
          frameId: ids.frame,
          confidence: 0.9,
          x1: i * 6,
          y1: 0,
          x2: i * 6 + 5,
          y2: 5,
        })),
      );
      await repositories.patients.insert({
        projectId: project.id,
        name: `Patient ${n}`,
        createdBy: admin.user.id,
      });
      await repositories.users.insert({
        email: `user-${randomUUID().slice(0, 8)}@counted.test`,
        displayName: `User ${n}`,
        passwordHash: 'x',
      });
    };

    const routes = server.app.declaredRoutes.filter(
      (route) =>
        route.method === 'GET' &&
        route.permission !== null &&
        (route.url.match(/:[A-Za-z_]+/g) ?? []).every((p) =>
          [':projectId', ':datasetId', ':videoId', ':frameId'].includes(p),
        ) &&
        !route.url.includes('/media/') &&
        !route.url.includes('/export'),
    );
    const urlOf = (url: string) =>
      url
        .replace(':projectId', ids.project)
        .replace(':datasetId', ids.dataset)
        .replace(':videoId', ids.video)
        .replace(':frameId', ids.frame) +
      `?dataset_id=${ids.dataset}&video_id=${ids.video}&project_id=${ids.project}`;
    const count = async () => {
      const counts = new Map<string, number>();
      for (const route of routes) {
        const url = urlOf(route.url);
        await server.app.inject({ method: 'GET', url, headers: admin.headers }); // warm caches
        const before = server.database.queryCount();
        const response = await server.app.inject({ method: 'GET', url, headers: admin.headers });
        counts.set(`${route.url} (${response.statusCode})`, server.database.queryCount() - before);
      }
      return counts;
    };

    for (let n = 1; n <= 2; n++) await addOneOfEach(n);
    const small = await count();
    for (let n = 3; n <= 8; n++) await addOneOfEach(n);
    const large = await count();
    const grown = [...large].filter(([route, queries]) => queries > (small.get(route) ?? 0));
    expect(grown).toEqual([]);
    expect(small.size).toBeGreaterThan(30);
    // On PGlite a warm request finds its user, roles and session in memory, so a route with
    // nothing of its own to read may send no query at all; the lists still query.
    expect(Math.max(...small.values())).toBeGreaterThanOrEqual(2);
  }, 120_000);
});
