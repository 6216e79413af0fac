import { ffmpegPaths, lowerPriority } from '@sarm/casa/node';
import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BACKGROUND_PRIORITY } from '../process/background-priority.js';
import type { FileStorage } from '../storage/storage.js';

/**
 * A media file that ffmpeg could not turn into what was asked (unreadable, truncated, corrupt, no
 * frame where one was expected). The message is meant for the user: it names what failed and why.
 */
export class MediaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MediaError';
  }
}

/** The most telling line of ffmpeg's stderr: the last one, without its `[demuxer @ 0x...]` prefix. */
function lastStderrLine(stderr: string): string | undefined {
  const lines = stderr
    .split('\n')
    .map((line) => line.replace(/^\[[^\]]*\]\s*/, '').trim())
    .filter((line) => line !== '');
  return lines.at(-1);
}

async function isNonEmptyFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).size > 0;
  } catch {
    return false;
  }
}

/**
 * Runs ffmpeg (`-nostdin`, errors only) with `-progress pipe:1`; calls `onFrames` with the
 * number of frames written so far. Rejects with a {@link MediaError} naming the last stderr line
 * when ffmpeg fails, or when it exits 0 without writing one of `outputs` (a truncated file makes
 * ffmpeg "succeed" with nothing written). Kills ffmpeg when `signal` aborts.
 */
export async function runFfmpeg(
  args: readonly string[],
  options: {
    signal?: AbortSignal;
    onFrames?: (frames: number) => void;
    /** Files ffmpeg must have written (non-empty) for the run to count as a success. */
    outputs?: readonly string[];
  } = {},
): Promise<void> {
  const stderr = await spawnFfmpeg(args, options);
  for (const output of options.outputs ?? []) {
    if (!(await isNonEmptyFile(output)))
      throw new MediaError(
        `No frame could be decoded (the file may be truncated or corrupt)${
          stderr === undefined ? '' : `: ${stderr}`
        }`,
      );
  }
}

/** Spawns ffmpeg; resolves with its last stderr line (if any) when it exits 0. */
function spawnFfmpeg(
  args: readonly string[],
  options: { signal?: AbortSignal; onFrames?: (frames: number) => void },
): Promise<string | undefined> {
  const fullArgs = [
    '-nostdin',
    '-hide_banner',
    '-v',
    'error',
    '-y',
    '-progress',
    'pipe:1',
    ...args,
  ];
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted === true) {
      reject(options.signal.reason instanceof Error ? options.signal.reason : new Error('Aborted'));
      return;
    }
    const child = spawn(ffmpegPaths().ffmpeg, fullArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    if (child.pid !== undefined) lowerPriority(child.pid, BACKGROUND_PRIORITY);
    // Pipe errors surface through 'close' with a non-zero code; never as an unhandled 'error'.
    child.stdout.on('error', () => undefined);
    child.stderr.on('error', () => undefined);
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const matches = [...chunk.matchAll(/^frame=(\d+)$/gm)];
      const last = matches.at(-1)?.[1];
      if (last !== undefined) options.onFrames?.(Number(last));
    });
    const abort = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', abort, { once: true });
    child.on('error', (error) =>
      reject(new MediaError(`ffmpeg could not start: ${error.message}`)),
    );
    child.on('close', (code) => {
      options.signal?.removeEventListener('abort', abort);
      if (options.signal?.aborted === true) {
        reject(
          options.signal.reason instanceof Error ? options.signal.reason : new Error('Aborted'),
        );
      } else if (code === 0) resolve(lastStderrLine(stderr));
      else
        reject(
          new MediaError(
            `ffmpeg could not read the video: ${lastStderrLine(stderr) ?? `exit ${String(code)}`}`,
          ),
        );
    });
  });
}

const TEMP_PREFIX = 'sarm-media-';

/**
 * A temporary working folder, removed after `work` finishes, whichever way. Its name carries the
 * process id, so {@link removeOrphanedTempDirs} can tell the folders of a process that died.
 */
export async function withTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `${TEMP_PREFIX}${process.pid}-`));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

/**
 * Removes the temporary folders of processes on this machine that no longer run (a worker killed
 * mid-job cannot clean up after itself). Answers how many were removed.
 */
export async function removeOrphanedTempDirs(root = os.tmpdir()): Promise<number> {
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  let removed = 0;
  for (const entry of entries) {
    const pid = Number(/^sarm-media-(\d+)-/.exec(entry.name)?.[1]);
    if (!entry.isDirectory() || !Number.isInteger(pid) || pid === process.pid) continue;
    if (isProcessAlive(pid)) continue;
    await rm(path.join(root, entry.name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/**
 * Stores a local file under `key`, streamed. The file is opened only when storage starts reading,
 * so a missing file rejects this call with a {@link MediaError} instead of emitting an unhandled
 * stream error.
 */
export async function putLocalFile(storage: FileStorage, key: string, file: string) {
  if (!(await isNonEmptyFile(file)))
    throw new MediaError(`ffmpeg wrote no ${path.basename(file)}: the video may be corrupt`);
  async function* readLazily(): AsyncGenerator<Uint8Array> {
    for await (const chunk of createReadStream(file)) if (Buffer.isBuffer(chunk)) yield chunk;
  }
  return storage.put(key, readLazily());
}

/** ffmpeg's JPEG quality scale (2 best ... 31 worst) for a 1-100 quality. */
export function jpegQScale(quality: number): number {
  const clamped = Math.min(100, Math.max(1, quality));
  return Math.round(2 + ((100 - clamped) * 29) / 99);
}

const PLAYABLE_CODECS = new Set(['h264', 'vp8', 'vp9', 'av1']);

/** True when browsers play the file as stored: H.264/VP8/VP9 in an .mp4/.webm container. */
export function isBrowserPlayable(codec: string, container: string, fileName: string): boolean {
  const extension = path.extname(fileName).toLowerCase();
  const containerOk =
    (container.includes('mp4') && ['.mp4', '.m4v'].includes(extension)) ||
    (container.includes('webm') && extension === '.webm');
  return containerOk && PLAYABLE_CODECS.has(codec);
}

/** A local path of the stored file: the file itself for local storage, else a copy in `dir`. */
export async function localFile(storage: FileStorage, key: string, dir: string): Promise<string> {
  const direct = storage.localPath(key);
  if (direct !== null) return direct;
  const { createWriteStream } = await import('node:fs');
  const { pipeline } = await import('node:stream/promises');
  const target = path.join(dir, path.basename(key));
  await pipeline(await storage.get(key), createWriteStream(target));
  return target;
}
