import { ffmpegPaths } from '@sarm/casa/node';
import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FileStorage } from '../storage/storage.js';

/**
 * Runs ffmpeg (`-nostdin`, errors only) with `-progress pipe:1`; calls `onProgress` with the
 * number of frames written so far. Rejects with the last stderr line when ffmpeg fails; kills
 * ffmpeg when `signal` aborts.
 */
export function runFfmpeg(
  args: readonly string[],
  options: { signal?: AbortSignal; onFrames?: (frames: number) => void } = {},
): Promise<void> {
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
    child.on('error', reject);
    child.on('close', (code) => {
      options.signal?.removeEventListener('abort', abort);
      if (options.signal?.aborted === true) {
        reject(
          options.signal.reason instanceof Error ? options.signal.reason : new Error('Aborted'),
        );
      } else if (code === 0) resolve();
      else {
        const lines = stderr.trim().split('\n');
        reject(new Error(`ffmpeg failed: ${lines.at(-1) ?? `exit ${String(code)}`}`));
      }
    });
  });
}

/** A temporary working folder, removed after `work` finishes. */
export async function withTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sarm-media-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Stores a local file under `key`, streamed. */
export async function putLocalFile(storage: FileStorage, key: string, file: string) {
  return storage.put(key, createReadStream(file));
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
