import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { WHO_MOTILITY_CATEGORIES } from '@sarm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSettings } from '../settings.js';
import { constantFrameTimes, createTimedSimulation } from '../simulate/timed-simulation.js';
import { analyzeVideo, framesTimed } from './analyze-video.js';
import { ffmpegPaths, passthroughFrameRateArgs } from './ffmpeg-paths.js';
import { probeFrameTimes, probeVideo } from './probe.js';
import { createVideoWriter } from './writer.js';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'casa-timing-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes a 50 fps simulated recording as H.264 in MP4. */
async function writeConstant(path: string): Promise<void> {
  const sim = createTimedSimulation({ sperm: 80, seed: 21, fps: 50 }, constantFrameTimes(250, 50));
  const writer = createVideoWriter(path, {
    width: sim.info.width,
    height: sim.info.height,
    fps: 50,
    pixelFormat: 'gray',
  });
  for (let i = 0; i < sim.info.frameCount; i++) await writer.write(sim.renderFrame(i).data);
  await writer.close();
}

/**
 * Drops ten frames after frames 50, 120 and 190 and keeps every other frame's timestamp, in MKV:
 * a browser recording that stalled three times for 200 ms.
 */
async function writeStalled(from: string, to: string): Promise<void> {
  const dropped = 'between(n\\,51\\,60)+between(n\\,121\\,130)+between(n\\,191\\,200)';
  await promisify(execFile)(ffmpegPaths().ffmpeg, [
    '-nostdin',
    '-v',
    'error',
    '-y',
    '-i',
    from,
    '-vf',
    `select=not(${dropped})`,
    ...passthroughFrameRateArgs(),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '18',
    to,
  ]);
}

describe('analyzeVideo on a variable-frame-rate file', () => {
  it('reads the stalled file’s frame times, counts its dropped frames and keeps its WHO shares', async () => {
    const constantPath = join(dir, 'constant.mp4');
    const stalledPath = join(dir, 'stalled.mkv');
    await writeConstant(constantPath);
    await writeStalled(constantPath, stalledPath);

    const times = await probeFrameTimes(stalledPath);
    expect(times).toHaveLength(220);
    expect((times?.[51] ?? 0) - (times?.[50] ?? 0)).toBeCloseTo(0.22, 3);
    // The constant file's times are even at its container rate: analysed as before timestamps.
    expect(framesTimed(await probeVideo(constantPath), await probeFrameTimes(constantPath))).toBe(
      null,
    );

    const settings = resolveSettings();
    const constant = await analyzeVideo(constantPath, settings);
    const stalled = await analyzeVideo(stalledPath, settings);
    expect(constant.video).toMatchObject({ timing: 'constant', dropped_frames: 0, frames: 250 });
    expect(stalled.video).toMatchObject({
      timing: 'variable',
      frames: 220,
      dropped_frames: 30,
      dropped_over_limit: true,
    });
    expect(stalled.video.fps).toBeCloseTo(50, 1);
    expect(stalled.video.max_gap_s).toBeCloseTo(0.22, 3);
    const shares = (r: typeof constant) => r.motility.motility_distribution;
    for (const category of WHO_MOTILITY_CATEGORIES) {
      expect(
        Math.abs(shares(stalled)[category] - shares(constant)[category]),
        category,
      ).toBeLessThan(5);
    }
    const meanVsl = (r: typeof constant) =>
      r.tracks.reduce((s, t) => s + t.vsl, 0) / Math.max(1, r.tracks.length);
    expect(Math.abs(meanVsl(stalled) / meanVsl(constant) - 1)).toBeLessThan(0.05);
  }, 120_000);
});
