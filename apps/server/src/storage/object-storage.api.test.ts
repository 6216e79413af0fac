import { UploadVideoResponseSchema } from '@sarm/contracts';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Clock } from '../clock.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../test/admin-helpers.js';
import {
  projectWithMember,
  uploadFile,
  waitForTask,
  writeTestVideo,
} from '../test/clinical-helpers.js';
import { grantCustomRole } from '../test/factories.js';
import { startS3TestServer, type S3TestServer } from '../test/s3-test-server.js';
import { createTestServer, type TestServer, type TestServerOptions } from '../test/test-server.js';
import { createS3FileStorage, type S3FileStorage } from './s3-storage.js';
import { createLocalFileStorage, StorageError, type FileStorage } from './storage.js';

let s3: S3TestServer;
let workDir: string;
let videoFile: string;

beforeAll(async () => {
  s3 = await startS3TestServer();
  workDir = await mkdtemp(path.join(os.tmpdir(), 'sarm-object-storage-'));
  videoFile = await writeTestVideo(workDir);
}, 30_000);
afterAll(async () => {
  await s3.close();
  await rm(workDir, { recursive: true, force: true });
});

/** A server whose uploader may upload videos into a fresh dataset. */
async function serverWithUploader(createStorage: TestServerOptions['createStorage']) {
  const server = await createTestServer({ workers: true, createStorage });
  const uploader = await caller(server);
  await grantCustomRole(server, uploader.user.id, ['sarm.upload_video']);
  const project = await projectWithMember(server, uploader.user.id);
  const dataset = await server.context.repositories.datasets.insert({
    projectId: project.id,
    name: 'Batch',
  });
  return { server, uploader, datasetId: dataset.id };
}

describe('the server on S3 object storage', () => {
  let server: TestServer;
  let storage: S3FileStorage;
  let bucket: string;
  let uploaderHeaders: Record<string, string>;
  let datasetId: string;

  beforeAll(async () => {
    const location = await s3.createBucket();
    bucket = location.bucket;
    const setUp = await serverWithUploader((deps) => {
      storage = createS3FileStorage({ ...location, ...deps });
      return storage;
    });
    server = setUp.server;
    uploaderHeaders = setUp.uploader.headers;
    datasetId = setUp.datasetId;
  }, 30_000);
  afterAll(async () => {
    await server.close();
    storage.close();
  });

  it('uploads a video into the bucket, prepares it, and serves its thumbnail and byte ranges', async () => {
    const response = await uploadFile(
      server,
      uploaderHeaders,
      { dataset_id: datasetId },
      { name: 'Sample.mp4', path: videoFile },
    );
    expect(response.statusCode).toBe(201);
    const { video, task_id } = UploadVideoResponseSchema.parse(response.json());
    const { task } = await waitForTask(server, task_id, uploaderHeaders);
    expect(task.status).toBe('completed');

    const objects = await s3.listObjects(bucket);
    expect(objects).toContain(`videos/${video.id}/original.mp4`);
    expect(objects).toContain(`videos/${video.id}/thumbnail.jpg`);
    expect(objects.filter((key) => key.startsWith('uploads/'))).toEqual([]);

    const thumbnail = await server.app.inject({
      method: 'GET',
      url: `/api/sarm/media/thumbnail/${video.id}`,
      headers: uploaderHeaders,
    });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');
    expect(thumbnail.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

    const original = await readFile(videoFile);
    const range = await server.app.inject({
      method: 'GET',
      url: `/api/sarm/media/view-video/${video.id}?original=true`,
      headers: { ...uploaderHeaders, range: 'bytes=4-11' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 4-11/${original.length}`);
    expect(range.rawPayload).toEqual(original.subarray(4, 12));
  });
});

describe('a full storage', () => {
  it("answers 507 with a message for the administrator when the storage can't take the upload", async () => {
    const fullDisk = (deps: { secret: string; clock: Clock }): FileStorage => ({
      ...createLocalFileStorage({ rootDir: path.join(workDir, 'full'), ...deps }),
      put: () => Promise.reject(new StorageError('full', 'No space left to store the file')),
    });
    const { server, uploader, datasetId } = await serverWithUploader(fullDisk);
    try {
      const response = await uploadFile(
        server,
        uploader.headers,
        { dataset_id: datasetId },
        { name: 'Sample.mp4', path: videoFile },
      );
      expect(response.statusCode).toBe(507);
      expect(response.json()).toEqual({
        statusCode: 507,
        message: "The server's storage is full. Please contact an administrator.",
      });
    } finally {
      await server.close();
    }
  });
});
