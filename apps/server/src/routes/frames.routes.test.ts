import {
  ExtractFramesResponseSchema,
  FRAME_EXTRACTION_STAGES,
  FrameListResponseSchema,
  FrameSchema,
  UploadVideoResponseSchema,
  VideoSchema,
} from '@sarm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplingPlan } from '../jobs/frames-extract.job.js';
import { caller } from '../test/admin-helpers.js';
import {
  projectWithMember,
  uploadFile,
  waitForTask,
  writeTestVideo,
} from '../test/clinical-helpers.js';
import { grantCustomRole } from '../test/factories.js';
import { createTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
let worker: Awaited<ReturnType<typeof caller>>;
let videoId: string;

beforeAll(async () => {
  server = await createTestServer({ workers: true });
  worker = await caller(server);
  await grantCustomRole(server, worker.user.id, [
    'sarm.upload_video',
    'sarm.select_frames',
    'sarm.manage_videos',
  ]);
  const project = await projectWithMember(server, worker.user.id);
  const dataset = await server.context.repositories.datasets.insert({
    projectId: project.id,
    name: 'Frames',
  });
  const file = await writeTestVideo(server.dataDir, 'frames.mp4', { frames: 30 });
  const upload = await uploadFile(
    server,
    worker.headers,
    { dataset_id: dataset.id },
    {
      name: 'frames.mp4',
      path: file,
    },
  );
  const { video, task_id } = UploadVideoResponseSchema.parse(upload.json());
  await waitForTask(server, task_id, worker.headers);
  videoId = video.id;
}, 30_000);
afterAll(async () => {
  await server.close();
});

describe('sampling plan', () => {
  it('takes fps frames per second or an even count, capped by maxFrames', () => {
    const video = { duration: 3, fps: 10 };
    expect(samplingPlan({ method: 'fps', fps: 3, quality: 95, maxFrames: 50 }, video)).toEqual({
      rate: 3,
      frames: 9,
    });
    expect(samplingPlan({ method: 'fps', fps: 3, quality: 95, maxFrames: 4 }, video).frames).toBe(
      4,
    );
    expect(
      samplingPlan({ method: 'count', count: 6, fps: 3, quality: 95, maxFrames: 50 }, video),
    ).toEqual({ rate: 2, frames: 6 });
  });
});

describe('frame extraction', () => {
  it('extracts frames through the worker with staged progress, then lists, selects and deletes them', async () => {
    const queued = await worker.call('POST', '/api/sarm/frame/extract-frame', {
      videoId,
      config: { method: 'fps', fps: 3, quality: 95, maxFrames: 50 },
    });
    expect(queued.statusCode).toBe(202);
    const { task_id } = ExtractFramesResponseSchema.parse(queued.json());
    const busy = VideoSchema.parse(
      (await worker.call('GET', `/api/business/videos/${videoId}`)).json(),
    );
    expect(busy).toMatchObject({ processingStatus: 'processing', lastTaskId: task_id });
    const again = await worker.call('POST', '/api/sarm/frames/extract', { videoId });
    expect(again.statusCode).toBe(409);

    const { task, seen } = await waitForTask(server, task_id, worker.headers);
    expect(task).toMatchObject({
      status: 'completed',
      stage: 'completed',
      progress: 100,
      result: { framesExtracted: 9 },
    });
    const progress = seen.map((state) => state.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const stages = new Set(seen.map((state) => state.stage).filter((stage) => stage !== null));
    for (const stage of stages) expect(FRAME_EXTRACTION_STAGES).toContain(stage);
    const video = VideoSchema.parse(
      (await worker.call('GET', `/api/sarm/video/get-video/${videoId}?include_frames=true`)).json(),
    );
    expect(video).toMatchObject({ processingStatus: 'completed', extractedFramesCount: 9 });
    expect(video.frames).toHaveLength(9);

    const page = FrameListResponseSchema.parse(
      (await worker.call('GET', `/api/sarm/media/list-frames/${videoId}?limit=4&offset=2`)).json(),
    );
    expect(page.total).toBe(9);
    expect(page.frames.map((f) => f.frameNumber)).toEqual([7, 10, 13, 17]);
    const frame = page.frames[0];
    if (frame === undefined) throw new Error('no frame');
    expect(frame).toMatchObject({ width: 64, height: 48, selected: false });
    expect(frame.timeOffset).toBeCloseTo(0.667, 2);
    expect(frame.size).toBeGreaterThan(0);

    const image = await worker.call('GET', `/api/sarm/media/view-frame/${frame.id}`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

    const one = FrameSchema.parse(
      (await worker.call('GET', `/api/sarm/frame/get-frame/${frame.id}`)).json(),
    );
    expect(one.id).toBe(frame.id);
    const toggled = FrameSchema.parse(
      (await worker.call('POST', `/api/technical/frames/${frame.id}/select`, {})).json(),
    );
    expect(toggled.selected).toBe(true);
    const explicit = FrameSchema.parse(
      (
        await worker.call('POST', `/api/technical/frames/${frame.id}/select`, {
          selected: false,
          note: 'blurry',
        })
      ).json(),
    );
    expect(explicit).toMatchObject({ selected: false, note: 'blurry' });
    const noted = FrameSchema.parse(
      (
        await worker.call('POST', `/api/technical/frames/${frame.id}/select`, {
          note: 'tail out of focus',
        })
      ).json(),
    );
    expect(noted).toMatchObject({ selected: false, note: 'tail out of focus' });
    const listed = FrameListResponseSchema.parse(
      (await worker.call('GET', `/api/sarm/media/list-frames/${videoId}?limit=4&offset=2`)).json(),
    );
    expect(listed.frames.find((f) => f.id === frame.id)?.note).toBe('tail out of focus');

    expect((await worker.call('DELETE', `/api/technical/frames/${frame.id}`)).statusCode).toBe(200);
    expect((await worker.call('GET', `/api/sarm/frame/get-frame/${frame.id}`)).statusCode).toBe(
      404,
    );
    expect((await worker.call('GET', `/api/sarm/media/view-frame/${frame.id}`)).statusCode).toBe(
      404,
    );

    const redo = await worker.call('POST', '/api/technical/frames/extract', {
      video_id: videoId,
      config: { method: 'count', count: 4, quality: 80 },
    });
    const redoTask = ExtractFramesResponseSchema.parse(redo.json()).task_id;
    expect((await waitForTask(server, redoTask, worker.headers)).task.status).toBe('completed');
    const replaced = FrameListResponseSchema.parse(
      (await worker.call('GET', `/api/sarm/media/list-frames/${videoId}`)).json(),
    );
    expect(replaced.total).toBe(4);
  }, 60_000);

  it('refuses bad bodies, unknown videos and callers without permission', async () => {
    expect((await worker.call('POST', '/api/sarm/frames/extract', {})).json()).toEqual({
      statusCode: 400,
      message: 'Video ID is required',
    });
    const badConfig = await worker.call('POST', '/api/sarm/frames/extract', {
      videoId,
      config: { method: 'every' },
    });
    expect(badConfig.statusCode).toBe(400);
    expect(
      (await worker.call('POST', '/api/sarm/frames/extract', { videoId: 'nope' })).statusCode,
    ).toBe(404);
    expect((await worker.call('GET', '/api/sarm/media/list-frames/nope')).statusCode).toBe(404);
    const viewer = await caller(server);
    await grantCustomRole(server, viewer.user.id, ['sarm.view_frames']);
    expect((await viewer.call('POST', '/api/sarm/frames/extract', { videoId })).statusCode).toBe(
      403,
    );
    expect((await viewer.call('GET', `/api/sarm/media/list-frames/${videoId}`)).statusCode).toBe(
      404,
    );
  });
});
