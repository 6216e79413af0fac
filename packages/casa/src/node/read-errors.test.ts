import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGrayFrames } from './frames.js';
import { probeVideo } from './probe.js';
import { VideoReadError } from './video-read-error.js';
import { createVideoWriter } from './writer.js';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'casa-read-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function drain(path: string): Promise<number> {
  let n = 0;
  for await (const _frame of readGrayFrames(path)) n += 1;
  return n;
}

describe('video reading', () => {
  it.each([
    ['mp4', 'libx264'],
    ['avi', 'mjpeg'],
  ] as const)('keeps every frame and its mean grey in %s', async (ext, codec) => {
    const path = join(dir, `steps.${ext}`);
    const writer = createVideoWriter(path, {
      width: 48,
      height: 32,
      fps: 30,
      pixelFormat: 'gray',
      codec,
    });
    const levels = [30, 90, 150, 210, 120, 60];
    for (const level of levels) await writer.write(new Uint8Array(48 * 32).fill(level));
    await writer.close();
    expect(await probeVideo(path)).toMatchObject({
      width: 48,
      height: 32,
      fps: 30,
      frameCount: levels.length,
    });
    const means: number[] = [];
    for await (const frame of readGrayFrames(path)) {
      expect(frame.index).toBe(means.length);
      means.push(frame.data.reduce((s, v) => s + v, 0) / frame.data.length);
    }
    expect(means).toHaveLength(levels.length);
    means.forEach((m, i) => expect(Math.abs(m - (levels[i] ?? 0))).toBeLessThan(4));
    let seen = 0;
    for await (const _frame of readGrayFrames(path)) if (++seen === 2) break;
    expect(seen).toBe(2);
  });

  it('names a text file posing as x.mp4 in the error', async () => {
    const path = join(dir, 'x.mp4');
    await writeFile(path, 'hello, not a video\n');
    await expect(probeVideo(path)).rejects.toBeInstanceOf(VideoReadError);
    await expect(probeVideo(path)).rejects.toThrow(/x\.mp4/);
    await expect(drain(path)).rejects.toBeInstanceOf(VideoReadError);
    await expect(drain(path)).rejects.toThrow(/x\.mp4/);
  });

  it('names a missing file in the error', async () => {
    const path = join(dir, 'gone.mp4');
    await expect(probeVideo(path)).rejects.toThrow(/gone\.mp4.*not found/);
    await expect(drain(path)).rejects.toBeInstanceOf(VideoReadError);
  });
});
