import { chmod, readdir } from 'node:fs/promises';
import path from 'node:path';

/** Files the server creates are readable by its own user only (0600 files, 0700 folders). */
export const PRIVATE_UMASK = 0o077;

async function restrictTree(dir: string): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  await chmod(dir, 0o700).catch(() => undefined);
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await restrictTree(full);
    else if (entry.isFile()) await chmod(full, 0o600).catch(() => undefined);
  }
}

/**
 * Makes the data folder private to the server's user: the folder itself 0700 (which alone keeps
 * other local users out of everything below it), and the database, outbox, logs and secrets 0600
 * file by file, for data folders created by earlier versions with looser modes. Stored media are
 * not walked (there can be millions); the folder's own mode covers them.
 */
export async function restrictDataDir(dataDir: string): Promise<void> {
  await chmod(dataDir, 0o700).catch(() => undefined);
  const entries = await readdir(dataDir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const full = path.join(dataDir, entry.name);
    if (entry.isFile()) await chmod(full, 0o600).catch(() => undefined);
    else if (entry.isDirectory() && entry.name !== 'files') await restrictTree(full);
    else if (entry.isDirectory()) await chmod(full, 0o700).catch(() => undefined);
  }
}
