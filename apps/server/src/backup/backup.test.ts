/**
 * Backup round trips: a platform with users, a project, a dataset and an uploaded (prepared) video
 * is saved, restored into an empty data folder, and must answer every request as before, with the
 * same file bytes. On PGlite always; on PostgreSQL too when SARM_PG_TEST_URL is set (throw-away
 * databases are created beside it and dropped after).
 */
import { UploadVideoResponseSchema } from '@sarm/contracts';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { buffer } from 'node:stream/consumers';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteDatabase, openPostgresDatabase, type DatabaseHandle } from '../db/database.js';
import { DATA_DIR_LOCK_FILE, DataDirLockedError } from '../process/data-dir-lock.js';
import { systemClock } from '../clock.js';
import { createS3FileStorage } from '../storage/s3-storage.js';
import { createLocalFileStorage } from '../storage/storage.js';
import { caller } from '../test/admin-helpers.js';
import {
  projectWithMember,
  uploadFile,
  waitForTask,
  writeTestVideo,
} from '../test/clinical-helpers.js';
import { grantCustomRole } from '../test/factories.js';
import { startS3TestServer } from '../test/s3-test-server.js';
import { createTestServer, TEST_JWT_SECRET, type TestServer } from '../test/test-server.js';
import { createBackup } from './create-backup.js';
import type { BackupPlatform } from './platform.js';
import { createLocalFileLister } from './stored-file-listing.js';
import { INTERRUPTED_BY_RESTORE, restoreBackup, RestoreRefusedError } from './restore-backup.js';
import { TAR_END, tarEntryHeader, tarEntryPadding } from './tar.js';

const adminUrl = process.env.SARM_PG_TEST_URL;

async function onAdminDatabase(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** One side of a round trip: a data folder and, on PostgreSQL, a throw-away database. */
interface Side {
  readonly platform: BackupPlatform;
  open(): Promise<DatabaseHandle>;
  dispose(): Promise<void>;
}

async function createSide(kind: 'pglite' | 'postgres'): Promise<Side> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sarm-backup-test-'));
  let databaseUrl: string | null = null;
  let databaseName: string | null = null;
  if (kind === 'postgres') {
    databaseName = `sarm_backup_${randomBytes(4).toString('hex')}`;
    await onAdminDatabase(`CREATE DATABASE ${databaseName}`);
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  const platform: BackupPlatform = {
    dataDir,
    databaseUrl,
    storage: { kind: 'local' },
    jwtSecret: TEST_JWT_SECRET,
  };
  return {
    platform,
    open: async () =>
      databaseUrl === null
        ? openPgliteDatabase(path.join(dataDir, 'db'))
        : openPostgresDatabase(databaseUrl),
    async dispose() {
      if (databaseName !== null)
        await onAdminDatabase(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function startOn(side: Side, database: DatabaseHandle): Promise<TestServer> {
  return createTestServer({
    database,
    workers: true,
    createStorage: ({ secret, clock }) =>
      createLocalFileStorage({ rootDir: path.join(side.platform.dataDir, 'files'), secret, clock }),
  });
}

/** SHA-256 of every stored file, by key. */
async function fileDigests(side: Side): Promise<Map<string, string>> {
  const root = path.join(side.platform.dataDir, 'files');
  const digests = new Map<string, string>();
  for await (const file of createLocalFileLister(root).list())
    digests.set(
      file.key,
      createHash('sha256')
        .update(await readFile(path.join(root, file.key)))
        .digest('hex'),
    );
  return digests;
}

/** Restores `archive` with its files going to a fresh S3 bucket, then backs that platform up again. */
async function roundTripThroughS3(archive: string, expected: Map<string, string>): Promise<void> {
  const s3 = await startS3TestServer();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sarm-backup-s3-'));
  try {
    const location = await s3.createBucket();
    const platform: BackupPlatform = {
      dataDir,
      databaseUrl: null,
      storage: { kind: 's3', ...location },
      jwtSecret: TEST_JWT_SECRET,
    };
    await restoreBackup(platform, { inFile: archive });
    expect(await s3.listObjects(location.bucket)).toEqual([...expected.keys()].sort());
    const storage = createS3FileStorage({
      ...location,
      secret: TEST_JWT_SECRET,
      clock: systemClock,
    });
    try {
      for (const [key, digest] of expected) {
        const bytes = await buffer(await storage.get(key));
        expect(createHash('sha256').update(bytes).digest('hex'), key).toBe(digest);
      }
    } finally {
      storage.close();
    }
    const again = await createBackup(platform, { outFile: path.join(dataDir, 'again.tar.gz') });
    expect(again.manifest.files.count).toBe(expected.size);
    expect(again.manifest.files.storage).toBe('s3');
  } finally {
    await s3.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function roundTrip(kind: 'pglite' | 'postgres') {
  let source: Side;
  let target: Side;
  let headers: Record<string, string>;
  let urls: string[];
  let interruptedTaskId: string;
  const before = new Map<string, { status: number; body: string }>();

  async function answers(server: TestServer) {
    const seen = new Map<string, { status: number; body: string }>();
    for (const url of urls) {
      const response = await server.app.inject({ method: 'GET', url, headers });
      seen.set(url, { status: response.statusCode, body: response.body });
    }
    return seen;
  }

  beforeAll(async () => {
    source = await createSide(kind);
    target = await createSide(kind);
    const database = await source.open();
    await database.migrate();
    const server = await startOn(source, database);
    try {
      const clinician = await caller(server, { email: 'clinician@sarm.test' });
      await caller(server, { email: 'reviewer@sarm.test', roles: ['system_admin'] });
      headers = clinician.headers;
      await grantCustomRole(server, clinician.user.id, ['sarm.*']);
      const project = await projectWithMember(server, clinician.user.id, 'Clinic Backup');
      const dataset = await server.context.repositories.datasets.insert({
        projectId: project.id,
        name: 'Batch 1',
      });
      const videoFile = await writeTestVideo(source.platform.dataDir, 'upload.mp4');
      const upload = await uploadFile(
        server,
        headers,
        { dataset_id: dataset.id, description: 'Sample B' },
        { name: 'Sample B.mp4', path: videoFile },
      );
      expect(upload.statusCode).toBe(201);
      const { video, task_id } = UploadVideoResponseSchema.parse(upload.json());
      expect((await waitForTask(server, task_id, headers)).task.status).toBe('completed');
      await rm(videoFile);
      // A task whose job was still waiting when the backup was made.
      interruptedTaskId = randomUUID();
      await server.context.repositories.tasks.insert(
        {
          id: interruptedTaskId,
          taskType: 'frames.extract',
          createdBy: clinician.user.id,
          message: 'Task queued for processing',
          now: new Date(),
        },
        { ignoreExisting: false },
      );
      urls = [
        '/api/sarm/auth/get-me',
        '/api/sarm/project',
        `/api/sarm/project/get-project/${project.id}`,
        '/api/sarm/dataset/get-datasets',
        `/api/sarm/dataset/get-dataset/${dataset.id}`,
        '/api/sarm/videos/all',
        `/api/business/videos/${video.id}`,
        `/api/tasks/${task_id}`,
        `/api/sarm/media/thumbnail/${video.id}`,
        `/api/sarm/media/view-video/${video.id}`,
      ];
      for (const [url, answer] of await answers(server)) before.set(url, answer);
    } finally {
      await server.close();
      await database.close();
    }
  }, 60_000);

  afterAll(async () => {
    await source.dispose();
    await target.dispose();
  });

  it('restores into an empty data folder; every entity answers the same and the files match', async () => {
    const archive = path.join(source.platform.dataDir, 'backup.tar.gz');
    const backup = await createBackup(source.platform, { outFile: archive });
    expect(backup.manifest.files.count).toBeGreaterThanOrEqual(2); // original and thumbnail
    expect(backup.manifest.database.tables.find((t) => t.name === 'videos')?.rows).toBe(1);

    const restored = await restoreBackup(target.platform, { inFile: archive });
    expect(restored.files).toBe(backup.manifest.files.count);
    expect(await fileDigests(target)).toEqual(await fileDigests(source));

    const database = await target.open();
    const server = await startOn(target, database);
    try {
      expect(restored.interrupted).toBe(1);
      const interrupted = await server.app.inject({
        method: 'GET',
        url: `/api/tasks/${interruptedTaskId}`,
        headers,
      });
      expect(interrupted.json()).toMatchObject({ status: 'failed', error: INTERRUPTED_BY_RESTORE });
      const after = await answers(server);
      for (const url of urls) {
        expect(after.get(url)?.status, url).toBe(200);
        expect(after.get(url), url).toEqual(before.get(url));
      }
    } finally {
      await server.close();
      await database.close();
    }

    await expect(restoreBackup(target.platform, { inFile: archive })).rejects.toThrow(
      RestoreRefusedError,
    );
    if (kind === 'pglite') await roundTripThroughS3(archive, await fileDigests(source));
  }, 60_000);
}

describe('backup and restore on PGlite', () => {
  roundTrip('pglite');

  it('refuses a data folder that a running process holds', async () => {
    const side = await createSide('pglite');
    try {
      // The parent (the test runner) is certainly running.
      await writeFile(path.join(side.platform.dataDir, DATA_DIR_LOCK_FILE), `${process.ppid}\n`);
      const archive = path.join(side.platform.dataDir, 'none.tar.gz');
      await expect(createBackup(side.platform, { outFile: archive })).rejects.toThrow(
        DataDirLockedError,
      );
    } finally {
      await side.dispose();
    }
  });
});

describe('restore of a file that is not a SARM backup', () => {
  it('refuses it before touching the target', async () => {
    const side = await createSide('pglite');
    try {
      const content = Buffer.from('hello');
      const archive = path.join(side.platform.dataDir, 'other.tar.gz');
      await writeFile(
        archive,
        gzipSync(
          Buffer.concat([tarEntryHeader('hello.txt', 5), content, tarEntryPadding(5), TAR_END]),
        ),
      );
      await expect(restoreBackup(side.platform, { inFile: archive })).rejects.toThrow(
        /not a SARM backup/,
      );
      expect(await readdir(side.platform.dataDir)).toEqual(['other.tar.gz']);
    } finally {
      await side.dispose();
    }
  });
});

describe.skipIf(adminUrl === undefined)('backup and restore on PostgreSQL', () => {
  roundTrip('postgres');
});
