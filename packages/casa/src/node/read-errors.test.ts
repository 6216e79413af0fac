import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGrayFrames } from './frames.js';
import { probeVideo } from './probe.js';
import { VideoReadError } from './video-read-error.js';

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
