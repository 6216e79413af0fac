import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../test/admin-helpers.js';
import { projectWithMember } from '../test/clinical-helpers.js';
import { grantCustomRole } from '../test/factories.js';
import { createTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
let viewer: Awaited<ReturnType<typeof caller>>;
let own: { videoId: string; frameId: string };
let foreign: { videoId: string; frameId: string };
const VIDEO_BYTES = Buffer.from(Array.from({ length: 100 }, (_, i) => i));
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);

/** A project with one video (original, thumbnail, one frame and a crop stored) for `userId`. */
async function seedVideo(userId: string, name: string) {
  const { repositories, storage } = server.context;
  const project = await projectWithMember(server, userId, name);
  const dataset = await repositories.datasets.insert({ projectId: project.id, name });
  const video = await repositories.videos.insert({
    datasetId: dataset.id,
    name,
    fileName: 'clip.mp4',
    originalFilename: 'clip.mp4',
    originalKey: 'pending',
    width: 320,
    height: 240,
    fps: 25,
    processingStatus: 'completed',
  });
  const frameKey = `videos/${video.id}/frames/session/frame_000001.jpg`;
  await repositories.videos.insertFrames([
    {
      videoId: video.id,
      frameNumber: 0,
      timeOffset: 0,
      width: 320,
      height: 240,
      storageKey: frameKey,
      size: JPEG.length,
      extractionSession: 'session',
    },
  ]);
  const [frame] = await repositories.videos.allFrames(video.id);
  if (frame === undefined) throw new Error('no frame');
  await storage.put(`videos/${video.id}/original.mp4`, Readable.from([VIDEO_BYTES]));
  await storage.put(`videos/${video.id}/thumbnail.jpg`, Readable.from([JPEG]));
  await storage.put(frameKey, Readable.from([JPEG]));
  await storage.put(`detections/${frame.id}/crop_x.jpg`, Readable.from([JPEG]));
  return { videoId: video.id, frameId: frame.id };
}

beforeAll(async () => {
  server = await createTestServer();
  viewer = await caller(server, { email: 'viewer@example.org' });
  const other = await caller(server, { email: 'other@example.org' });
  await grantCustomRole(server, viewer.user.id, ['sarm.view_frames']);
  own = await seedVideo(viewer.user.id, 'Own clinic');
  foreign = await seedVideo(other.user.id, 'Other clinic');
}, 30_000);
afterAll(async () => {
  await server.close();
});

const file = (key: string) => `/api/sarm/media/file/${key}`;

describe('GET /sarm/media/file/*', () => {
  it("serves the caller's video thumbnail, frame image and detection crop with their types", async () => {
    const thumb = await viewer.call('GET', file(`videos/${own.videoId}/thumbnail.jpg`));
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(thumb.rawPayload).toEqual(JPEG);
    const frame = await viewer.call(
      'GET',
      file(`videos/${own.videoId}/frames/session/frame_000001.jpg`),
    );
    expect(frame.statusCode).toBe(200);
    const crop = await viewer.call('GET', file(`detections/${own.frameId}/crop_x.jpg`));
    expect(crop.statusCode).toBe(200);
    expect(crop.rawPayload).toEqual(JPEG);
  });

  it('answers a byte range of a video with 206', async () => {
    const part = await server.app.inject({
      method: 'GET',
      url: file(`videos/${own.videoId}/original.mp4`),
      headers: { ...viewer.headers, range: 'bytes=10-19' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.headers['content-range']).toBe(`bytes 10-19/${VIDEO_BYTES.length}`);
    expect(part.rawPayload).toEqual(VIDEO_BYTES.subarray(10, 20));
  });

  it('accepts a media token bound to the key', async () => {
    const key = `videos/${own.videoId}/original.mp4`;
    const token = server.context.storage.createMediaToken(key, viewer.user.id, 60);
    const ok = await server.app.inject({ method: 'GET', url: `${file(key)}?token=${token}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload).toEqual(VIDEO_BYTES);
    const other = await server.app.inject({
      method: 'GET',
      url: `${file(`videos/${own.videoId}/thumbnail.jpg`)}?token=${token}`,
    });
    expect(other.statusCode).toBe(403);
  });

  it("answers 404 File not found for another project's files, missing files, other roots and traversal", async () => {
    // The test client normalises literal `..` and `\\` in URLs, so traversal is sent encoded: the
    // router decodes the key to `videos/{own}/../...` before the route sees it.
    const refused = [
      `videos/${foreign.videoId}/thumbnail.jpg`,
      `videos/${foreign.videoId}/original.mp4`,
      `videos/${foreign.videoId}/frames/session/frame_000001.jpg`,
      `detections/${foreign.frameId}/crop_x.jpg`,
      `videos/${own.videoId}/missing.jpg`,
      `videos/nope/thumbnail.jpg`,
      `uploads/${own.videoId}/thumbnail.jpg`,
      `videos/${own.videoId}/frames%2F..%2Fthumbnail.jpg`,
      `videos/${own.videoId}/..%2F${foreign.videoId}%2Fthumbnail.jpg`,
      `videos/${own.videoId}/..%2F..%2Fjwt-secret`,
      `videos/${own.videoId}/frames%5C..%5Cthumbnail.jpg`,
      `%2Fetc%2Fpasswd`,
      `%2Fvideos/${own.videoId}/thumbnail.jpg`,
      `videos/${own.videoId}`,
    ];
    for (const key of refused) {
      const response = await viewer.call('GET', file(key));
      expect({ key, status: response.statusCode }).toEqual({ key, status: 404 });
      expect(response.json()).toMatchObject({ message: 'File not found' });
    }
  });
});
