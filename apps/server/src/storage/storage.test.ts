import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Clock } from '../clock.js';
import { createFakeClock, type FakeClock } from '../test/fake-clock.js';
import { startS3TestServer, type S3TestServer } from '../test/s3-test-server.js';
import { createS3FileStorage, type S3FileStorage } from './s3-storage.js';
import {
  createLocalFileStorage,
  StorageError,
  validateStorageKey,
  type FileStorage,
} from './storage.js';

/** One place files are stored in, fresh and empty for each test. */
interface StorageUnderTest {
  /** A storage on the same place; `secret` signs its media tokens. */
  open(secret: string, clock: Clock): FileStorage;
  /** Every file or object stored, temporary ones included, relative and sorted. */
  listAll(): Promise<string[]>;
  dispose(): Promise<void>;
}

interface StorageKind {
  readonly name: string;
  /** Whether `localPath` answers a path on this machine. */
  readonly hasLocalPaths: boolean;
  setUp(): Promise<StorageUnderTest>;
}

/** Lists every file under the root, relative, with forward slashes. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    )
    .sort();
}

const localFolder: StorageKind = {
  name: 'local folder',
  hasLocalPaths: true,
  async setUp() {
    const rootDir = await mkdtemp(path.join(os.tmpdir(), 'sarm-storage-'));
    return {
      open: (secret, clock) => createLocalFileStorage({ rootDir, secret, clock }),
      listAll: () => filesUnder(rootDir),
      dispose: () => rm(rootDir, { recursive: true, force: true }),
    };
  },
};

let s3Server: S3TestServer | undefined;
const openedS3: S3FileStorage[] = [];

/** A fresh bucket on a fake S3 server (s3rver on 127.0.0.1) started once for this file. */
const objectStore: StorageKind = {
  name: 'S3 object store',
  hasLocalPaths: false,
  async setUp() {
    s3Server ??= await startS3TestServer();
    const server = s3Server;
    const location = await server.createBucket();
    return {
      open(secret, clock) {
        const storage = createS3FileStorage({ ...location, secret, clock });
        openedS3.push(storage);
        return storage;
      },
      listAll: () => server.listObjects(location.bucket),
      dispose() {
        for (const storage of openedS3.splice(0)) storage.close();
        return Promise.resolve();
      },
    };
  },
};

afterAll(async () => {
  await s3Server?.close();
});

describe.each([localFolder, objectStore])('$name storage', (kind) => {
  let place: StorageUnderTest;
  let clock: FakeClock;
  let storage: FileStorage;

  beforeEach(async () => {
    place = await kind.setUp();
    clock = createFakeClock(new Date('2025-01-01T00:00:00Z'));
    storage = place.open('storage-test-secret', clock);
  });
  afterEach(async () => {
    await place.dispose();
  });

  describe('files', () => {
    it('stores a stream under a nested key and reads it back whole and by inclusive byte range', async () => {
      const { size } = await storage.put(
        'videos/v1/original.mp4',
        Readable.from([Buffer.from('0123456789'), Buffer.from('abcdef')]),
      );
      expect(size).toBe(16);
      expect(await text(await storage.get('videos/v1/original.mp4'))).toBe('0123456789abcdef');
      expect(await text(await storage.get('videos/v1/original.mp4', { start: 2, end: 5 }))).toBe(
        '2345',
      );
      expect(await text(await storage.get('videos/v1/original.mp4', { start: 15, end: 15 }))).toBe(
        'f',
      );
      expect(await storage.stat('videos/v1/original.mp4')).toMatchObject({ size: 16 });
      expect(await place.listAll()).toEqual(['videos/v1/original.mp4']);
    });

    it('refuses a range outside the file, and any read of a missing file', async () => {
      await storage.put('a.bin', Readable.from([Buffer.from('abc')]));
      await expect(storage.get('a.bin', { start: 1, end: 3 })).rejects.toMatchObject({
        kind: 'bad_range',
      });
      await expect(storage.get('a.bin', { start: 2, end: 1 })).rejects.toMatchObject({
        kind: 'bad_range',
      });
      await expect(storage.get('a.bin', { start: -1, end: 1 })).rejects.toMatchObject({
        kind: 'bad_range',
      });
      await expect(storage.get('b.bin', { start: 0, end: 0 })).rejects.toMatchObject({
        kind: 'not_found',
      });
    });

    it('replaces an existing file and deletes it once', async () => {
      await storage.put('frames/1.jpg', Readable.from([Buffer.from('old')]));
      await storage.put('frames/1.jpg', Readable.from([Buffer.from('new content')]));
      expect(await text(await storage.get('frames/1.jpg'))).toBe('new content');
      expect(await storage.delete('frames/1.jpg')).toBe(true);
      expect(await storage.delete('frames/1.jpg')).toBe(false);
      expect(await storage.stat('frames/1.jpg')).toBeNull();
      await expect(storage.get('frames/1.jpg')).rejects.toMatchObject({ kind: 'not_found' });
    });

    it('moves a file to another key, replacing what was there, and refuses to move a missing one', async () => {
      await storage.put('uploads/u1.mp4', Readable.from([Buffer.from('the video')]));
      await storage.put('videos/v1/original.mp4', Readable.from([Buffer.from('stale')]));
      await storage.move('uploads/u1.mp4', 'videos/v1/original.mp4');
      expect(await storage.stat('uploads/u1.mp4')).toBeNull();
      expect(await text(await storage.get('videos/v1/original.mp4'))).toBe('the video');
      expect(await place.listAll()).toEqual(['videos/v1/original.mp4']);
      await expect(storage.move('uploads/u1.mp4', 'videos/v2/original.mp4')).rejects.toMatchObject({
        kind: 'not_found',
      });
      expect(await storage.stat('videos/v2/original.mp4')).toBeNull();
    });

    it('leaves neither the final file nor a temporary file when the upload stream fails midway', async () => {
      function* brokenUpload() {
        yield Buffer.from('first half');
        throw new Error('connection reset');
      }
      await expect(
        storage.put('videos/v2/original.mp4', Readable.from(brokenUpload())),
      ).rejects.toThrow('connection reset');
      expect(await storage.stat('videos/v2/original.mp4')).toBeNull();
      expect(await place.listAll()).toEqual([]);
    });

    it('keeps the previous version intact when a replacement upload fails', async () => {
      await storage.put('report.pdf', Readable.from([Buffer.from('version 1')]));
      function* brokenUpload() {
        yield Buffer.from('version 2 partial');
        throw new Error('aborted');
      }
      await expect(storage.put('report.pdf', Readable.from(brokenUpload()))).rejects.toThrow(
        'aborted',
      );
      expect(await text(await storage.get('report.pdf'))).toBe('version 1');
      expect(await place.listAll()).toEqual(['report.pdf']);
    });

    it(`answers ${kind.hasLocalPaths ? 'a path inside its folder' : 'no local path'} for ffmpeg`, () => {
      const local = storage.localPath('videos/v1/original.mp4');
      if (kind.hasLocalPaths) expect(local).toMatch(/videos[/\\]v1[/\\]original\.mp4$/);
      else expect(local).toBeNull();
    });

    it.each([
      '../outside.txt',
      'a/../../b',
      '/etc/passwd',
      'a//b',
      'a\\b',
      '',
      '.',
      'a/./b',
      '.tmp/x',
      'name with space',
    ])('rejects the key %j', async (key) => {
      expect(() => validateStorageKey(key)).toThrow(StorageError);
      await expect(storage.put(key, Readable.from([Buffer.from('x')]))).rejects.toMatchObject({
        kind: 'invalid_key',
      });
      await expect(storage.get(key)).rejects.toMatchObject({ kind: 'invalid_key' });
      await expect(storage.delete(key)).rejects.toMatchObject({ kind: 'invalid_key' });
    });
  });

  describe('media tokens', () => {
    it('grants one key to one user until it expires', () => {
      const token = storage.createMediaToken('videos/v1/original.mp4', 'user-1', 60);
      expect(storage.verifyMediaToken(token, 'videos/v1/original.mp4')).toMatchObject({
        key: 'videos/v1/original.mp4',
        userId: 'user-1',
      });
      expect(storage.verifyMediaToken(token, 'videos/v2/original.mp4')).toBeNull();
      clock.advance(61_000);
      expect(storage.verifyMediaToken(token)).toBeNull();
    });

    it('rejects tampered tokens and tokens signed with another secret', () => {
      const token = storage.createMediaToken('a.bin', 'user-1', 60);
      const [payload, mac] = token.split('.');
      const forgedPayload = Buffer.from(
        JSON.stringify(['b.bin', 'user-1', 9_999_999_999]),
      ).toString('base64url');
      expect(storage.verifyMediaToken(`${forgedPayload}.${mac ?? ''}`)).toBeNull();
      expect(storage.verifyMediaToken(`${payload ?? ''}.AAAA`)).toBeNull();
      expect(storage.verifyMediaToken('garbage')).toBeNull();
      const other = place.open('another-secret', clock);
      expect(other.verifyMediaToken(token)).toBeNull();
    });
  });
});
