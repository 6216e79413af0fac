import { open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

/** The file naming the process that owns an embedded database folder. */
export const DATA_DIR_LOCK_FILE = 'sarm.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Another SARM process (pid ${pid}) is using the embedded database in ${dataDir}. ` +
        `Stop it first. If no SARM process runs, delete ${path.join(dataDir, DATA_DIR_LOCK_FILE)}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

/**
 * Claims the data folder for this process. PGlite does not lock its folder, and two processes
 * writing one would corrupt it, so the server, backup and restore take this lock first. A lock
 * left by a process that no longer runs is taken over. Answers the release function.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = path.join(dataDir, DATA_DIR_LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(file, 'wx', 0o600);
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      return async () => {
        const owner = Number((await readFile(file, 'utf8').catch(() => '')).trim());
        if (owner === process.pid) await rm(file, { force: true });
      };
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    }
    const owner = Number((await readFile(file, 'utf8').catch(() => '')).trim());
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner))
      throw new DataDirLockedError(dataDir, owner);
    await rm(file, { force: true });
  }
  throw new Error(`Could not lock ${dataDir}`);
}
