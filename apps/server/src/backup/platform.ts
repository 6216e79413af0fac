import { stat } from 'node:fs/promises';
import path from 'node:path';
import { systemClock } from '../clock.js';
import type { StorageConfig } from '../config.js';
import { lockDataDir } from '../process/data-dir-lock.js';
import { createS3FileStorage } from '../storage/s3-storage.js';
import { createLocalFileStorage, type FileStorage } from '../storage/storage.js';
import {
  createLocalFileLister,
  createS3FileLister,
  type StoredFileLister,
} from './stored-file-listing.js';

/** The parts of the server configuration a backup reads or a restore writes. */
export interface BackupPlatform {
  readonly dataDir: string;
  /** PostgreSQL, or `null` for PGlite in `dataDir/db`. */
  readonly databaseUrl: string | null;
  readonly storage: StorageConfig;
  readonly jwtSecret: string;
}

/** What a backup or restore reports as it goes: a stage, then file progress. */
export interface BackupProgress {
  stage(message: string): void;
  files(done: number, total: number, bytesDone: number, bytesTotal: number): void;
}

export const silentProgress: BackupProgress = { stage: () => undefined, files: () => undefined };

export const pgliteDirOf = (platform: BackupPlatform) => path.join(platform.dataDir, 'db');
export const jwtSecretFileOf = (platform: BackupPlatform) =>
  path.join(platform.dataDir, 'jwt-secret');

/** The platform's file storage and a lister of every stored file; `close` releases both. */
export async function openPlatformFiles(
  platform: BackupPlatform,
): Promise<{ storage: FileStorage; lister: StoredFileLister; close(): void }> {
  if (platform.storage.kind === 'local') {
    const rootDir = path.join(platform.dataDir, 'files');
    return {
      storage: createLocalFileStorage({
        rootDir,
        secret: platform.jwtSecret,
        clock: systemClock,
      }),
      lister: createLocalFileLister(rootDir),
      close: () => undefined,
    };
  }
  const storage = createS3FileStorage({
    ...platform.storage,
    secret: platform.jwtSecret,
    clock: systemClock,
  });
  const lister = createS3FileLister(platform.storage);
  try {
    await storage.checkBucket();
  } catch (error) {
    storage.close();
    lister.close();
    throw error;
  }
  return {
    storage,
    lister,
    close: () => {
      storage.close();
      lister.close();
    },
  };
}

/** Holds the data folder's lock when the database is PGlite (a running server holds it too). */
export async function lockEmbeddedDatabase(platform: BackupPlatform): Promise<() => Promise<void>> {
  return platform.databaseUrl === null
    ? lockDataDir(platform.dataDir)
    : async () => {
        /* PostgreSQL: a live backup is consistent (one snapshot); restore checks sessions. */
      };
}

/** True when PGlite has created a database in the folder. */
export async function embeddedDatabaseExists(platform: BackupPlatform): Promise<boolean> {
  const info = await stat(path.join(pgliteDirOf(platform), 'PG_VERSION')).catch(() => null);
  return info !== null;
}
