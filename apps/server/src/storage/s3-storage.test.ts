import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFakeClock } from '../test/fake-clock.js';
import { startS3TestServer, type S3TestServer } from '../test/s3-test-server.js';
import { createS3FileStorage, type S3FileStorage, type S3StorageLocation } from './s3-storage.js';
import { createLocalFileStorage } from './storage.js';

const MiB = 1024 * 1024;
const clock = createFakeClock(new Date('2025-01-01T00:00:00Z'));
let server: S3TestServer;
const opened: S3FileStorage[] = [];

function open(location: S3StorageLocation, secret = 'secret'): S3FileStorage {
  const storage = createS3FileStorage({ ...location, secret, clock, partSize: 5 * MiB });
  opened.push(storage);
  return storage;
}

/** `total` bytes in chunks of 64 KiB, then `failure` if given. */
function* chunksOf(content: Buffer, failure?: Error) {
  for (let offset = 0; offset < content.length; offset += 64 * 1024)
    yield content.subarray(offset, offset + 64 * 1024);
  if (failure !== undefined) throw failure;
}

beforeAll(async () => {
  server = await startS3TestServer();
});
afterEach(() => {
  for (const storage of opened.splice(0)) storage.close();
});
afterAll(async () => {
  await server.close();
});

describe('S3 object storage', () => {
  it('streams a file larger than one part as a multipart upload and reads ranges across parts', async () => {
    const location = await server.createBucket();
    const storage = open(location);
    const content = randomBytes(11 * MiB + 123);
    const { size } = await storage.put('videos/v1/original.mp4', Readable.from(chunksOf(content)));
    expect(size).toBe(content.length);
    expect(await storage.stat('videos/v1/original.mp4')).toMatchObject({ size: content.length });
    expect((await buffer(await storage.get('videos/v1/original.mp4'))).equals(content)).toBe(true);
    const [start, end] = [5 * MiB - 10, 10 * MiB + 10];
    const slice = await buffer(await storage.get('videos/v1/original.mp4', { start, end }));
    expect(slice.equals(content.subarray(start, end + 1))).toBe(true);
  });

  it('leaves no object when a multipart upload stream fails after some parts were sent', async () => {
    const location = await server.createBucket();
    const storage = open(location);
    const content = randomBytes(12 * MiB);
    await expect(
      storage.put(
        'videos/v2/original.mp4',
        Readable.from(chunksOf(content, new Error('client went away'))),
      ),
    ).rejects.toThrow('client went away');
    expect(await storage.stat('videos/v2/original.mp4')).toBeNull();
    expect(await server.listObjects(location.bucket)).toEqual([]);
  });

  it('keeps every key under the prefix of STORAGE_URL', async () => {
    const location = await server.createBucket();
    const storage = open({ ...location, prefix: 'sarm/prod' });
    await storage.put('frames/1.jpg', Readable.from([Buffer.from('jpeg')]));
    await storage.move('frames/1.jpg', 'frames/2.jpg');
    expect(await server.listObjects(location.bucket)).toEqual(['sarm/prod/frames/2.jpg']);
    expect(await text(await storage.get('frames/2.jpg'))).toBe('jpeg');
  });

  it('accepts media tokens signed by the local storage with the same secret, and vice versa', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sarm-storage-'));
    try {
      const local = createLocalFileStorage({ rootDir: dir, secret: 'shared', clock });
      const s3 = open(await server.createBucket(), 'shared');
      const token = local.createMediaToken('videos/v1/original.mp4', 'user-1', 60);
      expect(s3.verifyMediaToken(token, 'videos/v1/original.mp4')).toMatchObject({
        userId: 'user-1',
      });
      expect(local.verifyMediaToken(s3.createMediaToken('a.bin', 'user-2', 60))).toMatchObject({
        key: 'a.bin',
        userId: 'user-2',
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('names the bucket and the endpoint when the bucket does not exist', async () => {
    const location = await server.createBucket();
    const storage = open({ ...location, bucket: 'no-such-bucket' });
    await expect(storage.checkBucket()).rejects.toThrow(
      `STORAGE_URL: cannot use bucket "no-such-bucket" at ${server.endpoint}: it does not exist`,
    );
    await expect(open(location).checkBucket()).resolves.toBeUndefined();
  });
});
