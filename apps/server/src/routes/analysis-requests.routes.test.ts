import {
  AnalysisListResponseSchema,
  AnalysisRequestListResponseSchema,
  ApiErrorSchema,
  ExtractFramesResponseSchema,
  NotificationListSchema,
  SubmitAnalysisResponseSchema,
  WHOLE_VIDEO_SCOPE_MESSAGE,
  type AnalysisRequest,
} from '@sarm/contracts';
import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../test/admin-helpers.js';
import { seedSimulatedVideos } from '../test/analysis-helpers.js';
import { projectWithMember, waitForTask } from '../test/clinical-helpers.js';
import { grantCustomRole } from '../test/factories.js';
import { createTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
let analyst: Awaited<ReturnType<typeof caller>>;
let videos: { id: string; frameIds: string[] }[];

/** Extracts a few frames of the video through the worker; answers their ids. */
async function extractFrames(videoId: string): Promise<string[]> {
  const queued = await analyst.call('POST', '/api/sarm/frames/extract', {
    videoId,
    config: { method: 'count', count: 4 },
  });
  expect(queued.statusCode).toBe(202);
  await waitForTask(
    server,
    ExtractFramesResponseSchema.parse(queued.json()).taskId,
    analyst.headers,
  );
  const frames = await server.context.repositories.videos.allFrames(videoId);
  expect(frames.length).toBeGreaterThan(0);
  return frames.map((frame) => frame.id);
}

beforeAll(async () => {
  server = await createTestServer({ workers: true });
  analyst = await caller(server);
  await grantCustomRole(server, analyst.user.id, [
    'sarm.select_frames',
    'sarm.upload_video',
    'sarm.view_motility',
  ]);
  const project = await projectWithMember(server, analyst.user.id);
  const dataset = await server.context.repositories.datasets.insert({
    projectId: project.id,
    name: 'Submitted set',
  });
  const seeded = await seedSimulatedVideos(server, analyst.headers, dataset.id, 3);
  videos = [];
  for (const video of seeded)
    videos.push({ id: video.id, frameIds: await extractFrames(video.id) });
}, 120_000);
afterAll(async () => {
  await server.close();
});

const submit = (body: object, who = analyst) =>
  who.call('POST', '/api/sarm/frames/submit-analysis', body);

async function submitted(body: object): Promise<AnalysisRequest> {
  const response = await submit(body);
  expect(response.statusCode).toBe(202);
  const answer = SubmitAnalysisResponseSchema.parse(response.json());
  expect(answer).toMatchObject({ scope: 'whole_video', message: WHOLE_VIDEO_SCOPE_MESSAGE });
  return answer.request;
}

async function requestsOf(videoId: string) {
  const response = await analyst.call(
    'GET',
    `/api/sarm/frames/analysis-requests?video_id=${videoId}`,
  );
  expect(response.statusCode).toBe(200);
  return AnalysisRequestListResponseSchema.parse(response.json()).requests;
}

async function analysisItems() {
  const response = await analyst.call('GET', '/api/business/analyses');
  expect(response.statusCode).toBe(200);
  return AnalysisListResponseSchema.parse(response.json()).analyses;
}

async function notifications() {
  const response = await analyst.call('GET', '/api/notifications');
  return NotificationListSchema.parse(response.json()).notifications;
}

describe('submit for analysis', () => {
  it('stores the request, selects its frames, runs the engine in the job and shows the analysis completed', async () => {
    const [video] = videos;
    if (video === undefined) throw new Error('no video');
    const chosen = video.frameIds.slice(0, 2);
    const request = await submitted({
      videoId: video.id,
      frameIds: chosen,
      notes: ' Check motility ',
    });
    expect(request).toMatchObject({
      videoId: video.id,
      frameIds: chosen,
      notes: 'Check motility',
      analysisId: null,
      error: null,
      createdBy: analyst.user.id,
    });
    expect(['pending', 'in-progress']).toContain(request.status);
    expect(request.taskId).toEqual(expect.any(String));
    const frames = await server.context.repositories.videos.allFrames(video.id);
    expect(
      frames
        .filter((f) => f.selected)
        .map((f) => f.id)
        .sort(),
    ).toEqual([...chosen].sort());

    const { task } = await waitForTask(server, request.taskId ?? '', analyst.headers);
    expect(task.status).toBe('completed');
    const [stored] = await requestsOf(video.id);
    expect(stored).toMatchObject({ id: request.id, status: 'completed', error: null });
    const analysisId = stored?.analysisId ?? '';
    const [latest] = await server.context.repositories.analyses.latestByVideo([video.id]);
    expect(latest?.id).toBe(analysisId);

    const items = (await analysisItems()).filter((item) => item.video_id === video.id);
    expect(items).toEqual([
      expect.objectContaining({ id: analysisId, status: 'completed', error: null }),
    ]);
    expect(items[0]?.total_sperm_count).toEqual(expect.any(Number));
    const videoName = (await server.context.repositories.videos.findById(video.id))?.name ?? '';
    const analysisNotice = (await notifications()).find(
      (n) => n.title === `Analysis of ${videoName} (Submitted set) completed`,
    );
    expect(analysisNotice).toMatchObject({ type: 'success', link: `/sarm/analysis/${video.id}` });
    expect(analysisNotice?.message).toMatch(/^\d+% total motility, \d+\.\d million\/ml\.$/);
    // The frame extraction run by the set-up names the video and sample and links its frames.
    const extraction = (await notifications()).find(
      (n) => n.title === `Frame extraction of ${videoName} (Submitted set) completed`,
    );
    expect(extraction?.message).toMatch(/^\d+ frames? extracted\.$/);
    expect(extraction?.link).toMatch(new RegExp(`/datasets/[^/]+/videos/${video.id}/frames$`));
    // Routine preparation of the uploaded videos sends no notice; none is generic any more.
    expect((await notifications()).filter((n) => n.title.startsWith('Video preparation'))).toEqual(
      [],
    );
    expect((await notifications()).filter((n) => n.link === null)).toEqual([]);
    // One notice per run: the job's own, with its link; the generic runner notice is not sent.
    expect((await notifications()).filter((n) => n.title.startsWith('Video analysis'))).toEqual([]);

    // A second submission reuses the stored analysis made with the same settings.
    server.clock.advance(1000); // the fake clock stands still: make the second request newer
    const again = await submitted({ videoId: video.id, frameIds: chosen.slice(0, 1) });
    expect(
      (await waitForTask(server, again.taskId ?? '', analyst.headers)).task.result,
    ).toMatchObject({ analysisId, reused: true });
    expect(await server.context.repositories.analyses.latestByVideo([video.id])).toHaveLength(1);
    expect((await requestsOf(video.id)).map((r) => r.id)).toEqual([again.id, request.id]);
  }, 60_000);

  it('shows a submitted video as pending until the job picks it up', async () => {
    const [, , video] = videos;
    if (video === undefined) throw new Error('no video');
    // The request row as the route stores it, without a queued job.
    const row = await server.context.repositories.analysisRequests.insertSelecting({
      videoId: video.id,
      frameIds: video.frameIds.slice(0, 1),
      status: 'pending',
      createdBy: analyst.user.id,
    });
    const item = (await analysisItems()).find((i) => i.video_id === video.id);
    expect(item).toMatchObject({
      id: row.id,
      status: 'pending',
      concentration_million_per_ml: null,
    });
    await server.context.repositories.analysisRequests.update(row.id, { status: 'in-progress' });
    expect((await analysisItems()).find((i) => i.video_id === video.id)).toMatchObject({
      id: row.id,
      status: 'in-progress',
    });
    const inProgress = await analyst.call('GET', '/api/business/analyses?status=in-progress');
    expect(AnalysisListResponseSchema.parse(inProgress.json()).analyses.map((i) => i.id)).toContain(
      row.id,
    );
  });

  it('marks the request failed with the reason for a corrupt video and leaves the others alone', async () => {
    const [good, broken] = videos;
    if (good === undefined || broken === undefined) throw new Error('no video');
    const row = await server.context.repositories.videos.findById(broken.id);
    const file = server.context.storage.localPath(row?.originalKey ?? '');
    if (file === null) throw new Error('no file');
    await writeFile(file, 'not a video any more');
    const before = await requestsOf(good.id);

    const request = await submitted({ videoId: broken.id, frameIds: broken.frameIds });
    const { task } = await waitForTask(server, request.taskId ?? '', analyst.headers);
    expect(task.status).toBe('failed');
    const [stored] = await requestsOf(broken.id);
    expect(stored).toMatchObject({ id: request.id, status: 'failed', analysisId: null });
    expect(stored?.error).toEqual(expect.any(String));
    expect(stored?.error?.length).toBeGreaterThan(0);

    const items = await analysisItems();
    expect(items.filter((i) => i.video_id === broken.id)).toEqual([
      expect.objectContaining({ id: request.id, status: 'failed', error: stored?.error }),
    ]);
    expect(items.filter((i) => i.video_id === good.id).map((i) => i.status)).toEqual(['completed']);
    expect(await requestsOf(good.id)).toEqual(before);
    expect(await server.context.repositories.analyses.latestByVideo([broken.id])).toEqual([]);
    const brokenName = (await server.context.repositories.videos.findById(broken.id))?.name ?? '';
    expect(await notifications()).toContainEqual(
      expect.objectContaining({
        title: `Analysis of ${brokenName} (Submitted set) failed`,
        message: stored?.error,
        type: 'error',
        link: `/sarm/analysis/${broken.id}`,
      }),
    );
  }, 60_000);

  it('answers 400 for an empty body, no frames, or a frame of another video', async () => {
    const [first, second] = videos;
    if (first === undefined || second === undefined) throw new Error('no video');
    expect((await submit({})).statusCode).toBe(400);
    const none = await submit({ videoId: first.id, frameIds: [] });
    expect(none.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(none.json()).message).toBe(
      'Please select at least one frame for analysis',
    );
    const foreign = await submit({
      videoId: first.id,
      frameIds: [first.frameIds[0], second.frameIds[0]],
    });
    expect(foreign.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(foreign.json())).toMatchObject({
      message: 'Every selected frame must belong to the video',
      detail: { frameIds: [second.frameIds[0]] },
    });
    const aliased = await analyst.call('POST', '/api/business/frames/submit-analysis', {
      videoId: first.id,
      frameIds: ['nope'],
    });
    expect(aliased.statusCode).toBe(400);
  });

  it('answers 404 for an unknown or invisible video', async () => {
    const unknown = await submit({ videoId: 'nope', frameIds: ['x'] });
    expect(unknown.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(unknown.json()).message).toBe('Video not found');
    const outsider = await caller(server);
    await grantCustomRole(server, outsider.user.id, ['sarm.select_frames']);
    const [video] = videos;
    const hidden = await submit({ videoId: video?.id, frameIds: video?.frameIds }, outsider);
    expect(hidden.statusCode).toBe(404);
    expect(
      (await outsider.call('GET', `/api/sarm/frames/analysis-requests?video_id=${video?.id}`))
        .statusCode,
    ).toBe(404);
  });

  it('answers 403 without select_frames and stores nothing', async () => {
    const viewer = await caller(server);
    await grantCustomRole(server, viewer.user.id, ['sarm.view_frames', 'sarm.view_motility']);
    const [video] = videos;
    const before = await requestsOf(video?.id ?? '');
    const refused = await submit({ videoId: video?.id, frameIds: video?.frameIds }, viewer);
    expect(refused.statusCode).toBe(403);
    expect(await requestsOf(video?.id ?? '')).toEqual(before);
  });
});
