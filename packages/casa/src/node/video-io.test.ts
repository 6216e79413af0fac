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
  dir = await mkdtemp(join(tmpdir(), 'casa-io-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function writeRamp(path: string, codec: 'libx264' | 'mjpeg'): Promise<void> {
  const writer = createVideoWriter(path, {
    width: 64,
    height: 48,
    fps: 25,
    pixelFormat: 'gray',
    codec,
  });
  for (let i = 0; i < 20; i++) await writer.write(new Uint8Array(64 * 48).fill(40 + 8 * i));
  await writer.close();
}

describe('ffmpeg adapter', () => {
  it.each([
    ['mp4', 'libx264'],
    ['avi', 'mjpeg'],
  ] as const)('probes and streams a %s video frame by frame', async (ext, codec) => {
    const path = join(dir, `ramp.${ext}`);
    await writeRamp(path, codec);
    const info = await probeVideo(path);
    expect(info).toMatchObject({ width: 64, height: 48, fps: 25, frameCount: 20 });
    const means: number[] = [];
    for await (const frame of readGrayFrames(path))
      means.push(frame.data.reduce((s, v) => s + v, 0) / frame.data.length);
    expect(means).toHaveLength(20);
    expect(Math.abs((means[10] ?? 0) - 120)).toBeLessThan(6);
  });

  it('stops early when the consumer breaks', async () => {
    const path = join(dir, 'ramp.mp4');
    let n = 0;
    for await (const _frame of readGrayFrames(path)) if (++n === 3) break;
    expect(n).toBe(3);
  });

  it('names the file and the reason when it is not a video', async () => {
    const path = join(dir, 'notes.mp4');
    await writeFile(path, 'this is not a video');
    await expect(probeVideo(path)).rejects.toThrow(VideoReadError);
    await expect(probeVideo(path)).rejects.toThrow(/Cannot read video "notes\.mp4": .+/);
    await expect(probeVideo(join(dir, 'missing.mp4'))).rejects.toThrow(
      'Cannot read video "missing.mp4": file not found',
    );
  });
});
