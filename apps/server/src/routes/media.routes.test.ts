import { UploadVideoResponseSchema } from '@sarm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../test/admin-helpers.js';
import { projectWithMember, uploadFile, writeTestVideo } from '../test/clinical-helpers.js';
import { grantCustomRole } from '../test/factories.js';
import { createTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
let uploader: Awaited<ReturnType<typeof caller>>;
let datasetId: string;
let videoFile: string;

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

describe('video streaming', () => {
  it('serves byte ranges with a bearer token or a media token', async () => {
    const response = await uploadFile(
      server,
      uploader.headers,
      { datasetId },
      {
        name: 'range.mp4',
        path: videoFile,
      },
    );
    const { video } = UploadVideoResponseSchema.parse(response.json());
    const url = `/api/sarm/media/view-video/${video.id}`;
    const full = await uploader.call('GET', url);
    expect(full.statusCode).toBe(200);
    expect(full.headers['accept-ranges']).toBe('bytes');
    const size = full.rawPayload.length;
    expect(size).toBe(video.size);
    const part = await server.app.inject({
      method: 'GET',
      url: `${url}?original=true`,
      headers: { ...uploader.headers, range: 'bytes=10-19' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${size}`);
    expect(part.rawPayload).toEqual(full.rawPayload.subarray(10, 20));
    const suffix = await server.app.inject({
      method: 'GET',
      url,
      headers: { ...uploader.headers, range: 'bytes=-5' },
    });
    expect(suffix.rawPayload).toEqual(full.rawPayload.subarray(size - 5));
    const beyond = await server.app.inject({
      method: 'GET',
      url,
      headers: { ...uploader.headers, range: `bytes=${size}-` },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`);

    const link = (await uploader.call('GET', `/api/sarm/media/video-link/${video.id}`)).json<{
      url: string;
    }>();
    const viaToken = await server.app.inject({
      method: 'GET',
      url: link.url,
      headers: { range: 'bytes=0-3' },
    });
    expect(viaToken.statusCode).toBe(206);
    const wrongFile = link.url.replace(video.id, 'other');
    expect((await server.app.inject({ method: 'GET', url: wrongFile })).statusCode).toBe(404);
    const forged = await server.app.inject({ method: 'GET', url: `${url}?token=forged.token` });
    expect(forged.statusCode).toBe(401);
  }, 30_000);
});
