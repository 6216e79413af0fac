import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSimulatedVideo } from '../bench/speed.js';
import { resolveSettings } from '../settings.js';
import { analyzeVideo } from './analyze-video.js';
import { analyzeVideoInThread } from './analyze-video-in-thread.js';
import { VideoReadError } from './video-read-error.js';

let dir = '';
let video = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'casa-thread-'));
  video = join(dir, 'sim.mp4');
  await writeSimulatedVideo(video, { sperm: 20, frames: 60, width: 160, height: 120, seed: 5 });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('analyzeVideoInThread', () => {
  it('answers what analyzeVideo answers, with progress up to the last frame', async () => {
    const settings = resolveSettings();
    const options = { autoPolarity: true, includeDetections: true };
    const progress: [number, number][] = [];
    const inThread = await analyzeVideoInThread(video, settings, {
      ...options,
      priority: 19,
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(inThread).toEqual(await analyzeVideo(video, settings, options));
    expect(inThread.per_frame).toHaveLength(60);
    expect(progress.at(-1)).toEqual([60, 60]);
    for (let i = 1; i < progress.length; i++)
      expect(progress[i]![0]).toBeGreaterThan(progress[i - 1]![0]);
  });

  it('rejects an unreadable file with the VideoReadError analyzeVideo gives', async () => {
    const path = join(dir, 'x.mp4');
    await writeFile(path, 'hello, not a video\n');
    const inProcess = await analyzeVideo(path, resolveSettings()).catch((e: unknown) => e);
    const inThread = await analyzeVideoInThread(path, resolveSettings()).catch((e: unknown) => e);
    expect(inThread).toBeInstanceOf(VideoReadError);
    expect((inThread as VideoReadError).message).toBe((inProcess as VideoReadError).message);
    expect((inThread as VideoReadError).reason).toBe((inProcess as VideoReadError).reason);
  });

  it('stops when onProgress throws and rejects with that error', async () => {
    const calls: number[] = [];
    const stopped = analyzeVideoInThread(video, resolveSettings(), {
      onProgress: (done) => {
        calls.push(done);
        throw new Error('cancelled by the caller');
      },
    });
    await expect(stopped).rejects.toThrow('cancelled by the caller');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toBeLessThan(60);
    // The thread goes on serving analyses.
    const after = await analyzeVideoInThread(video, resolveSettings());
    expect(after.per_frame).toHaveLength(60);
  });

  it('runs several analyses at once in its thread, each with its own answer', async () => {
    const other = join(dir, 'other.mp4');
    await writeSimulatedVideo(other, { sperm: 30, frames: 40, width: 160, height: 120, seed: 9 });
    const settings = resolveSettings();
    const [a, b, failed] = await Promise.allSettled([
      analyzeVideoInThread(video, settings),
      analyzeVideoInThread(other, settings),
      analyzeVideoInThread(join(dir, 'missing.mp4'), settings),
    ]);
    expect(a).toEqual({ status: 'fulfilled', value: await analyzeVideo(video, settings) });
    expect(b).toEqual({ status: 'fulfilled', value: await analyzeVideo(other, settings) });
    expect(failed.status).toBe('rejected');
  });
});
