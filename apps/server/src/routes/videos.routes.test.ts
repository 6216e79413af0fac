import {
  NAME_MAX,
  TAGS_MAX,
  UploadVideoResponseSchema,
  VideoListResponseSchema,
  VideoSchema,
} from '@sarm/contracts';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
let uploader: Awaited<ReturnType<typeof caller>>;
let datasetId: string;
let videoFile: string;

async function storedFiles(): Promise<string[]> {
  const root = path.join(server.dataDir, 'files');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

beforeAll(async () => {
  server = await createTestServer({ workers: true });
  uploader = await caller(server);
  await grantCustomRole(server, uploader.user.id, ['sarm.upload_video', 'sarm.delete_videos']);
  const project = await projectWithMember(server, uploader.user.id);
  const dataset = await server.context.repositories.datasets.insert({
    projectId: project.id,
    name: 'Batch',
  });
  datasetId = dataset.id;
  videoFile = await writeTestVideo(server.dataDir);
}, 30_000);
afterAll(async () => {
  await server.close();
});

describe('video upload', () => {
  it('stores a valid video, prepares it (thumbnail) and lists it everywhere', async () => {
    await server.context.repositories.patients.insert({ id: 'P-1', name: 'Patient One' });
    const response = await uploadFile(
      server,
      uploader.headers,
      { dataset_id: datasetId, description: 'Sample A', tags: 'a, b', patientId: 'P-1' },
      { name: 'Sample A.mp4', path: videoFile },
    );
    expect(response.statusCode).toBe(201);
    const { video, task_id } = UploadVideoResponseSchema.parse(response.json());
    expect(video).toMatchObject({
      name: 'Sample A',
      original_filename: 'Sample A.mp4',
      width: 64,
      height: 48,
      fps: 10,
      frame_count: 20,
      codec: 'h264',
      tags: ['a', 'b'],
      patientId: 'P-1',
      processingStatus: 'processing',
    });
    const { task } = await waitForTask(server, task_id, uploader.headers);
    expect(task).toMatchObject({ status: 'completed', progress: 100, stage: 'completed' });
    const ready = VideoSchema.parse(
      (await uploader.call('GET', `/api/business/videos/${video.id}`)).json(),
    );
    expect(ready).toMatchObject({
      processingStatus: 'completed',
      hasThumbnail: true,
      transcoded: false,
    });
    const thumb = await uploader.call('GET', `/api/sarm/media/thumbnail/${video.id}`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');

    for (const url of [
      `/api/business/videos/dataset/${datasetId}`,
      '/api/sarm/videos/all',
      '/api/video/list-video?patient_id=P-1&status=completed&page=1&limit=10&sort_by=name&sort_order=asc',
    ]) {
      const list = VideoListResponseSchema.parse((await uploader.call('GET', url)).json());
      expect(list.videos.map((v) => v.id)).toContain(video.id);
    }
    const none = VideoListResponseSchema.parse(
      (await uploader.call('GET', '/api/video/list-video?patient_id=other')).json(),
    );
    expect(none.total).toBe(0);
  }, 30_000);

  it('refuses a non-video, a disallowed format, an oversized file and a missing dataset, keeping nothing', async () => {
    const before = await storedFiles();
    const rowsBefore = (await server.context.repositories.videos.listByDataset(datasetId)).length;
    const text = await uploadFile(
      server,
      uploader.headers,
      { dataset_id: datasetId },
      {
        name: 'notes.mp4',
        content: Buffer.from('this is not a video at all'),
      },
    );
    expect(text.statusCode).toBe(415);
    expect(text.json<{ message: string }>().message).toMatch(
      /^The file "notes\.mp4" is not a readable video: .+/,
    );
    const format = await uploadFile(
      server,
      uploader.headers,
      { dataset_id: datasetId },
      {
        name: 'notes.txt',
        content: Buffer.from('text'),
      },
    );
    expect(format.statusCode).toBe(415);
    expect(format.json<{ message: string }>().message).toBe(
      'The file "notes.txt" has a format that is not allowed. Allowed formats: .mp4, .mov, .avi, .webm',
    );
    const noDataset = await uploadFile(
      server,
      uploader.headers,
      {},
      { name: 'a.mp4', path: videoFile },
    );
    expect(noDataset.json()).toEqual({ statusCode: 400, message: 'Dataset ID is required' });
    const unknown = await uploadFile(
      server,
      uploader.headers,
      { dataset_id: 'nope' },
      {
        name: 'a.mp4',
        path: videoFile,
      },
    );
    expect(unknown.statusCode).toBe(404);
    const noFile = await uploadFile(server, uploader.headers, { dataset_id: datasetId });
    expect(noFile.json()).toEqual({ statusCode: 400, message: 'Please select files to upload' });

    await server.context.services.settings.update({ general: { maxUploadSize: 1 } }, null);
    const big = await uploadFile(
      server,
      uploader.headers,
      { dataset_id: datasetId },
      {
        name: 'big.mp4',
        content: Buffer.alloc(1024 * 1024 + 10, 1),
      },
    );
    await server.context.services.settings.update({ general: { maxUploadSize: 100 } }, null);
    expect(big.statusCode).toBe(413);
    expect(big.json<{ message: string }>().message).toBe(
      'The file "big.mp4" is larger than the maximum upload size of 1 MB',
    );
    expect(await storedFiles()).toEqual(before);
    expect((await server.context.repositories.videos.listByDataset(datasetId)).length).toBe(
      rowsBefore,
    );
  }, 30_000);

  it('transcodes a video browsers cannot play, keeping the original', async () => {
    const avi = await writeTestVideo(server.dataDir, 'mjpeg.avi', { codec: 'mjpeg' });
    const response = await uploadFile(
      server,
      uploader.headers,
      { dataset_id: datasetId },
      {
        name: 'mjpeg.avi',
        path: avi,
      },
      '/api/video/upload-video',
    );
    expect(response.statusCode).toBe(201);
    const { video, task_id } = UploadVideoResponseSchema.parse(response.json());
    expect((await waitForTask(server, task_id, uploader.headers)).task.status).toBe('completed');
    const ready = VideoSchema.parse(
      (await uploader.call('GET', `/api/sarm/video/get-video/${video.id}`)).json(),
    );
    expect(ready).toMatchObject({
      codec: 'mjpeg',
      transcoded: true,
      processingStatus: 'completed',
    });
    const playable = await uploader.call('GET', `/api/sarm/media/view-video/${video.id}`);
    expect(playable.headers['content-type']).toBe('video/mp4');
    const original = await uploader.call(
      'GET',
      `/api/sarm/media/view-video/${video.id}?original=true`,
    );
    expect(original.headers['content-type']).toBe('video/x-msvideo');
  }, 30_000);

  it('deletes a video with its files; others get 403 or 404', async () => {
    const response = await uploadFile(
      server,
      uploader.headers,
      { dataset_id: datasetId },
      {
        name: 'gone.mp4',
        path: videoFile,
      },
    );
    const { video, task_id } = UploadVideoResponseSchema.parse(response.json());
    await waitForTask(server, task_id, uploader.headers);
    const viewer = await caller(server);
    await grantCustomRole(server, viewer.user.id, ['sarm.view_frames']);
    expect((await viewer.call('DELETE', `/api/business/videos/${video.id}`)).statusCode).toBe(403);
    expect((await viewer.call('GET', `/api/business/videos/${video.id}`)).statusCode).toBe(404);
    const files = (await storedFiles()).length;
    const deleted = await uploader.call('DELETE', `/api/sarm/video/delete-video/${video.id}`);
    expect(deleted.json()).toEqual({ success: true, message: 'Video deleted' });
    expect((await storedFiles()).length).toBe(files - 2);
    expect((await uploader.call('GET', `/api/business/videos/${video.id}`)).statusCode).toBe(404);
    expect((await uploader.call('DELETE', `/api/business/videos/${video.id}`)).statusCode).toBe(
      404,
    );
  }, 30_000);
});

describe('upload field limits', () => {
  it('refuses an overlong name, a control character and too many tags with 400, keeping nothing', async () => {
    const before = await storedFiles();
    const rowsBefore = (await server.context.repositories.videos.listByDataset(datasetId)).length;
    const upload = (fields: Record<string, string>) =>
      uploadFile(
        server,
        uploader.headers,
        { dataset_id: datasetId, ...fields },
        { name: 'a.mp4', path: videoFile },
      );
    const long = await upload({ name: 'v'.repeat(NAME_MAX + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ message: `Name must be at most ${NAME_MAX} characters` });
    const control = await upload({ source: 'lab\u0000' });
    expect(control.json()).toMatchObject({
      statusCode: 400,
      message: 'Source must not contain control characters',
    });
    const tags = Array.from({ length: TAGS_MAX + 1 }, (_, i) => `tag${i}`);
    const tooMany = await upload({ tags: JSON.stringify(tags) });
    expect(tooMany.json()).toMatchObject({
      statusCode: 400,
      message: `A video can have at most ${TAGS_MAX} tags`,
    });
    expect(await storedFiles()).toEqual(before);
    expect((await server.context.repositories.videos.listByDataset(datasetId)).length).toBe(
      rowsBefore,
    );
  });
});
