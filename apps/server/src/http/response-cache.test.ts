/**
 * The response cache of opted-in GET routes: a repeated read is answered without a query, and
 * every write, sign-out or lost permission shows on the very next request.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { userRoles } from '../db/schema/index.js';
import { caller } from '../test/admin-helpers.js';
import { seedVideo } from '../test/business-helpers.js';
import { grantCustomRole, signedInUser } from '../test/factories.js';
import { createTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ workers: false });
});
afterAll(async () => {
  await server.close();
});

type Headers = Record<string, string>;

/** A GET with its `x-cache` header and the number of queries it made. */
async function get(url: string, headers: Headers) {
  const before = server.database.queryCount();
  const response = await server.app.inject({ method: 'GET', url, headers });
  return {
    status: response.statusCode,
    cache: response.headers['x-cache'],
    body: response.body,
    queries: server.database.queryCount() - before,
  };
}

/** A project (with the admin as a member) holding one dataset, one video and one frame. */
async function seedProject(adminId: string) {
  const { repositories } = server.context;
  const project = await repositories.projects.insertProject({ name: 'Cached', description: '' });
  await repositories.projects.addMember({
    projectId: project.id,
    userId: adminId,
    accessLevel: 'admin',
  });
  const { dataset, video } = await seedVideo(server, project.id);
  await repositories.videos.insertFrames([frameOf(video.id, 1)]);
  const [frame] = await repositories.videos.allFrames(video.id);
  if (frame === undefined) throw new Error('No frame');
  return { project, dataset, video, frame };
}

const frameOf = (videoId: string, frameNumber: number) => ({
  videoId,
  frameNumber,
  timeOffset: frameNumber / 25,
  width: 64,
  height: 48,
  storageKey: `videos/${videoId}/frames/f${frameNumber}.jpg`,
  size: 10,
  extractionSession: 'cached',
});

/** The next video lookup writes a frame of the video before it answers, as a job may. */
function writeDuringNextLookup(videoId: string, frameNumber: number) {
  const { videos } = server.context.repositories;
  const findById = videos.findById.bind(videos);
  return vi.spyOn(videos, 'findById').mockImplementationOnce(async (id) => {
    const found = await findById(id);
    await videos.insertFrames([frameOf(videoId, frameNumber)]);
    return found;
  });
}

describe('response cache', () => {
  it('answers a repeated GET from the cache without a query, with the same body', async () => {
    const admin = await caller(server, { roles: ['system_admin'] });
    const { video } = await seedProject(admin.user.id);
    const url = `/api/sarm/video/get-video/${video.id}`;
    const first = await get(url, admin.headers);
    expect(first).toMatchObject({ status: 200, cache: 'miss' });
    expect(first.queries).toBeGreaterThan(0);
    const second = await get(url, admin.headers);
    expect(second).toMatchObject({ status: 200, cache: 'hit', queries: 0, body: first.body });
    const response = await server.app.inject({ method: 'GET', url, headers: admin.headers });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ id: video.id });
  });

  it('runs the queries of an answer once when many ask for it at the same time', async () => {
    const admin = await caller(server, { roles: ['system_admin'] });
    const { video } = await seedProject(admin.user.id);
    const url = `/api/sarm/video/get-video/${video.id}`;
    const alone = (await get(url, admin.headers)).queries;
    // A write makes the entry stale; then ten clients ask at once.
    await server.context.repositories.videos.update(video.id, { name: 'Renamed' });
    const before = server.database.queryCount();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        server.app.inject({ method: 'GET', url, headers: admin.headers }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((answer) => answer.headers['x-cache'] === 'miss')).toHaveLength(1);
    expect(answers.every((answer) => answer.json<{ name: string }>().name === 'Renamed')).toBe(
      true,
    );
    expect(server.database.queryCount() - before).toBeLessThanOrEqual(alone + 2);
  });

  it('has one waiter compute again when the answer waited for could not be kept', async () => {
    const admin = await caller(server, { roles: ['system_admin'] });
    const { video } = await seedProject(admin.user.id);
    // The first computation reads a table that is written before it answers: it is not kept.
    const racing = writeDuringNextLookup(video.id, 7);
    const url = `/api/sarm/video/get-video/${video.id}`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        server.app.inject({ method: 'GET', url, headers: admin.headers }),
      ),
    );
    racing.mockRestore();
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((answer) => answer.headers['x-cache'] === 'miss')).toHaveLength(2);
  });

  it('misses after an API write and answers the new data', async () => {
    const admin = await caller(server, { roles: ['system_admin'] });
    const { dataset, frame, video } = await seedProject(admin.user.id);
    const datasetUrl = `/api/sarm/dataset/get-dataset/${dataset.id}`;
    await get(datasetUrl, admin.headers);
    expect((await get(datasetUrl, admin.headers)).cache).toBe('hit');
    const renamed = await admin.call('PUT', `/api/sarm/dataset/update-dataset/${dataset.id}`, {
      name: 'Renamed',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const afterRename = await get(datasetUrl, admin.headers);
    expect(afterRename.cache).toBe('miss');
    expect(JSON.parse(afterRename.body)).toMatchObject({ name: 'Renamed' });

    await server.context.repositories.detections.replaceForFrame(frame.id, [
      { frameId: frame.id, confidence: 0.9, x1: 1, y1: 1, x2: 20, y2: 20 },
    ]);
    const detectionsUrl = `/api/sarm/detection/get-sperm/${frame.id}`;
    const before = JSON.parse((await get(detectionsUrl, admin.headers)).body) as {
      detections: { id: string }[];
    };
    expect(before.detections).toHaveLength(1);
    expect((await get(detectionsUrl, admin.headers)).cache).toBe('hit');
    const reclassified = await admin.call(
      'PATCH',
      `/api/sarm/detection/update-sperm/${before.detections[0]?.id ?? ''}`,
      { class: 'cluster' },
    );
    expect(reclassified.statusCode, reclassified.body).toBe(200);
    const afterEdit = await get(detectionsUrl, admin.headers);
    expect(afterEdit.cache).toBe('miss');
    expect(JSON.parse(afterEdit.body)).toMatchObject({ detections: [{ class: 'cluster' }] });

    const videoUrl = `/api/sarm/video/get-video/${video.id}`;
    await get(videoUrl, admin.headers);
    expect((await get(videoUrl, admin.headers)).cache).toBe('hit');
    const deleted = await admin.call('DELETE', `/api/sarm/video/delete-video/${video.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await get(videoUrl, admin.headers)).toMatchObject({ status: 404, cache: 'miss' });
  });

  it('misses after a write made directly through a repository, as a job makes them', async () => {
    const admin = await caller(server, { roles: ['system_admin'] });
    const { video } = await seedProject(admin.user.id);
    const url = `/api/sarm/media/list-frames/${video.id}?limit=100`;
    expect(JSON.parse((await get(url, admin.headers)).body)).toMatchObject({ total: 1 });
    expect((await get(url, admin.headers)).cache).toBe('hit');
    await server.context.repositories.videos.insertFrames([frameOf(video.id, 2)]);
    const after = await get(url, admin.headers);
    expect(after.cache).toBe('miss');
    expect(JSON.parse(after.body)).toMatchObject({ total: 2 });
  });

  it('keeps nothing when a table it read is written while the request runs', async () => {
    const admin = await caller(server, { roles: ['system_admin'] });
    const { video } = await seedProject(admin.user.id);
    const racing = writeDuringNextLookup(video.id, 3);
    const url = `/api/sarm/video/get-video/${video.id}`;
    expect((await get(url, admin.headers)).cache).toBe('miss');
    racing.mockRestore();
    expect((await get(url, admin.headers)).cache).toBe('miss');
    expect((await get(url, admin.headers)).cache).toBe('hit');
  });

  it('keeps one entry per URL, query string included', async () => {
    const admin = await caller(server, { roles: ['system_admin'] });
    const { video } = await seedProject(admin.user.id);
    await server.context.repositories.videos.insertFrames([frameOf(video.id, 2)]);
    const url = `/api/sarm/media/list-frames/${video.id}`;
    const one = await get(`${url}?limit=1`, admin.headers);
    const two = await get(`${url}?limit=2`, admin.headers);
    expect([one.cache, two.cache]).toEqual(['miss', 'miss']);
    const framesOf = (body: string) => (JSON.parse(body) as { frames: unknown[] }).frames;
    expect(framesOf(one.body)).toHaveLength(1);
    expect(framesOf(two.body)).toHaveLength(2);
    expect(await get(`${url}?limit=1`, admin.headers)).toMatchObject({
      cache: 'hit',
      body: one.body,
    });
  });

  it("never answers one user with another user's entry", async () => {
    const admin = await caller(server, { roles: ['system_admin'] });
    const { project } = await seedProject(admin.user.id);
    const outsider = await signedInUser(server);
    const url = '/api/sarm/project';
    await get(url, admin.headers);
    const adminHit = await get(url, admin.headers);
    expect(adminHit.cache).toBe('hit');
    expect(adminHit.body).toContain(project.id);
    const outsiderFirst = await get(url, outsider.headers);
    expect(outsiderFirst.cache).toBe('miss');
    expect(JSON.parse(outsiderFirst.body)).toEqual({ projects: [] });
    expect(await get(url, outsider.headers)).toMatchObject({
      cache: 'hit',
      body: outsiderFirst.body,
    });
  });

  it('answers 403 at once when the user loses the role that allowed the route', async () => {
    const admin = await caller(server, { roles: ['system_admin'] });
    const { video } = await seedProject(admin.user.id);
    const viewer = await signedInUser(server);
    await grantCustomRole(server, viewer.user.id, ['sarm.view_frames', 'system.manage_projects']);
    const url = `/api/sarm/video/get-video/${video.id}`;
    expect((await get(url, viewer.headers)).status).toBe(200);
    expect((await get(url, viewer.headers)).cache).toBe('hit');
    await server.database.db.delete(userRoles).where(eq(userRoles.userId, viewer.user.id));
    expect((await get(url, viewer.headers)).status).toBe(403);
  });

  it('answers 404 at once when the user leaves the project', async () => {
    const admin = await caller(server, { roles: ['system_admin'] });
    const { project, video } = await seedProject(admin.user.id);
    const member = await signedInUser(server);
    await grantCustomRole(server, member.user.id, ['sarm.view_frames']);
    await server.context.repositories.projects.addMember({
      projectId: project.id,
      userId: member.user.id,
      accessLevel: 'member',
    });
    const url = `/api/sarm/video/get-video/${video.id}`;
    expect((await get(url, member.headers)).status).toBe(200);
    expect((await get(url, member.headers)).cache).toBe('hit');
    await server.context.repositories.projects.removeMember(project.id, member.user.id);
    expect(await get(url, member.headers)).toMatchObject({ status: 404, cache: 'miss' });
  });

  it('answers 401 at once after sign-out', async () => {
    const admin = await caller(server, { roles: ['system_admin'] });
    const url = '/api/sarm/project';
    await get(url, admin.headers);
    expect((await get(url, admin.headers)).cache).toBe('hit');
    const out = await admin.call('POST', '/api/sarm/auth/logout');
    expect(out.statusCode).toBe(200);
    expect((await get(url, admin.headers)).status).toBe(401);
  });

  it('does not keep error answers', async () => {
    const admin = await caller(server, { roles: ['system_admin'] });
    const url = '/api/sarm/video/get-video/no-such-video';
    const first = await get(url, admin.headers);
    const second = await get(url, admin.headers);
    expect([first.status, second.status]).toEqual([404, 404]);
    expect(second.cache).toBe('miss');
    expect(second.queries).toBeGreaterThan(0);
  });

  it('leaves routes that did not opt in alone', async () => {
    const admin = await caller(server, { roles: ['system_admin'] });
    await get('/api/sarm/auth/get-me', admin.headers);
    const again = await get('/api/sarm/auth/get-me', admin.headers);
    expect(again.status).toBe(200);
    expect(again.cache).toBeUndefined();
  });
});
