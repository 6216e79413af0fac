import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeFrames } from '../analyze/analyze-frames.js';
import { resolveSettings } from '../settings.js';
import type { GrayFrame } from '../types.js';
import { writeSimulatedVideo } from '../bench/speed.js';
import { analyzeVideo, decoderThreadsFor } from './analyze-video.js';
import { ffmpegPaths } from './ffmpeg-paths.js';
import { readGrayFrames } from './frames.js';
import { limitedToFullRange, lumaToGreyFilter } from './luma.js';
import { periodOfAnchors, probeVideo, probeVideoStream } from './probe.js';
import type { VideoWriterOptions } from './writer.js';
import { VideoReadError } from './video-read-error.js';
import { createVideoWriter } from './writer.js';

const WIDTH = 64;
const HEIGHT = 48;
/** Flat grey levels, one per frame, with a bright square so frames are not trivially uniform. */
const LEVELS = [30, 90, 150, 210, 120, 60, 180, 100];

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'casa-frames-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function levelFrame(level: number): Uint8Array {
  const frame = new Uint8Array(WIDTH * HEIGHT).fill(level);
  for (let y = 10; y < 18; y++) frame.fill(255, y * WIDTH + 20, y * WIDTH + 28);
  return frame;
}

async function writeSteps(name: string, codec: VideoWriterOptions['codec']): Promise<string> {
  const path = join(dir, name);
  const writer = createVideoWriter(path, {
    width: WIDTH,
    height: HEIGHT,
    fps: 25,
    pixelFormat: 'gray',
    codec,
  });
  // One reused buffer: the writer must copy it, or queued frames would change under ffmpeg.
  const buffer = new Uint8Array(WIDTH * HEIGHT);
  for (const level of LEVELS) {
    buffer.set(levelFrame(level));
    await writer.write(buffer);
  }
  await writer.close();
  return path;
}

const mean = (data: Uint8Array): number => data.reduce((s, v) => s + v, 0) / data.length;

/** Ids of the ffmpeg processes whose command line names `path` (Linux /proc; none elsewhere). */
async function ffmpegPidsReading(path: string): Promise<number[]> {
  let pids: string[];
  try {
    pids = (await readdir('/proc')).filter((p) => /^\d+$/.test(p));
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const pid of pids) {
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.includes('ffmpeg') && cmdline.includes(path)) found.push(Number(pid));
  }
  return found;
}

async function ffmpegProcessesReading(path: string): Promise<number> {
  return (await ffmpegPidsReading(path)).length;
}

/** A 320x240 MJPEG avi long enough that ffmpeg is still decoding when a consumer stops early. */
async function writeLongAvi(name: string): Promise<string> {
  const path = join(dir, name);
  const writer = createVideoWriter(path, {
    width: 320,
    height: 240,
    fps: 25,
    pixelFormat: 'gray',
    codec: 'mjpeg',
  });
  const frame = new Uint8Array(320 * 240);
  for (let i = 0; i < 400; i++) await writer.write(frame.fill(i % 256));
  await writer.close();
  return path;
}

describe('readGrayFrames and probeVideo', () => {
  it.each([
    ['mp4', 'libx264'],
    ['avi', 'mjpeg'],
    ['mov', 'libx264'],
    ['mkv', 'libx264'],
    ['webm', 'libvpx'],
    ['vp9.webm', 'libvpx-vp9'],
  ] as const)('keeps every frame and its mean grey in %s (%s)', async (ext, codec) => {
    const path = await writeSteps(`steps.${ext}`, codec);
    const info = await probeVideo(path);
    expect(info).toMatchObject({ width: WIDTH, height: HEIGHT, fps: 25 });
    // Containers without a frame count (webm, mkv) have their packets counted, so it is exact.
    expect(info.frameCount).toBe(LEVELS.length);
    expect(info.durationS).toBeCloseTo(LEVELS.length / 25, 1);
    const means: number[] = [];
    for await (const frame of readGrayFrames(path)) {
      expect(frame.index).toBe(means.length);
      expect(frame.data).toHaveLength(WIDTH * HEIGHT);
      means.push(mean(frame.data));
    }
    expect(means).toHaveLength(LEVELS.length);
    means.forEach((m, i) => expect(Math.abs(m - mean(levelFrame(LEVELS[i] ?? 0)))).toBeLessThan(5));
  });

  it('reports a fractional container frame rate as a number', async () => {
    const path = join(dir, 'ntsc.mp4');
    const writer = createVideoWriter(path, {
      width: 33,
      height: 21,
      fps: 30000 / 1001,
      pixelFormat: 'gray',
    });
    for (let i = 0; i < 3; i++) await writer.write(new Uint8Array(33 * 21).fill(80));
    await writer.close();
    const info = await probeVideo(path);
    expect(info.fps).toBeCloseTo(29.97, 2);
    // Odd sizes are padded to even ones for yuv420p.
    expect(info).toMatchObject({ width: 34, height: 22, frameCount: 3, codec: 'h264' });
  });

  it('starts at startFrame and stops after maxFrames', async () => {
    const path = await writeSteps('window.mp4', 'libx264');
    const got: { index: number; mean: number }[] = [];
    for await (const f of readGrayFrames(path, { startFrame: 2, maxFrames: 3 })) {
      got.push({ index: f.index, mean: mean(f.data) });
    }
    expect(got.map((g) => g.index)).toEqual([2, 3, 4]);
    got.forEach((g) =>
      expect(Math.abs(g.mean - mean(levelFrame(LEVELS[g.index] ?? 0)))).toBeLessThan(5),
    );
  });

  it('leaves no FIFO behind: after a whole read, an early break or an unreadable file', async () => {
    const path = await writeSteps('fifo.mp4', 'libx264');
    const broken = join(dir, 'broken.mp4');
    await writeFile(broken, 'not a video at all');
    const temp = await mkdtemp(join(dir, 'tmp-'));
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = temp;
    try {
      let n = 0;
      for await (const _f of readGrayFrames(path)) n += 1;
      expect(n).toBe(LEVELS.length);
      for await (const _f of readGrayFrames(path)) break;
      const failure: unknown = await (async () => {
        for await (const _f of readGrayFrames(broken)) n += 1;
      })().catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(VideoReadError);
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
    expect(await readdir(temp)).toEqual([]);
  });

  it('runs ffmpeg and the reader thread at the priority asked for, and the caller as it was', async () => {
    const path = await writeLongAvi('nice.avi');
    const callerNice = getPriority();
    for await (const _f of readGrayFrames(path, { priority: 7 })) {
      const [pid] = await ffmpegPidsReading(path);
      expect(getPriority(pid)).toBe(7);
      // Linux keeps a nice value per thread (task): the reader is one of this process's tasks.
      const tasks = await readdir(`/proc/${process.pid}/task`);
      const nices = await Promise.all(
        tasks.map(async (tid) => {
          const stat = await readFile(`/proc/${process.pid}/task/${tid}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
        }),
      );
      expect(nices).toContain(7);
      break;
    }
    expect(getPriority()).toBe(callerNice);
  });

  it('stops ffmpeg when the consumer breaks out early', async () => {
    const path = await writeLongAvi('long.avi');
    let seen = 0;
    for await (const _f of readGrayFrames(path)) {
      if (++seen === 2) {
        expect(await ffmpegProcessesReading(path)).toBe(1);
        break;
      }
    }
    expect(seen).toBe(2);
    expect(await ffmpegProcessesReading(path)).toBe(0);
  });

  it('raises VideoReadError naming the file when ffmpeg dies mid-way', async () => {
    const path = await writeLongAvi('dies.avi');
    const read = async (): Promise<number> => {
      let seen = 0;
      for await (const _f of readGrayFrames(path)) {
        if (++seen === 2) {
          const pids = await ffmpegPidsReading(path);
          expect(pids).toHaveLength(1);
          for (const pid of pids) process.kill(pid, 'SIGKILL');
        }
      }
      return seen;
    };
    const error: unknown = await read().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VideoReadError);
    expect(String(error)).toMatch(/dies\.avi.*SIGKILL/);
  });

  it('counts the frames of a raw H.264 stream, which has no container', async () => {
    const path = await writeSteps('steps.h264', 'libx264');
    const info = await probeVideo(path);
    expect(info).toMatchObject({ width: WIDTH, height: HEIGHT, codec: 'h264' });
    expect(info.frameCount).toBe(LEVELS.length);
    let n = 0;
    for await (const _f of readGrayFrames(path)) n += 1;
    expect(n).toBe(LEVELS.length);
  });

  it('hands out frames that stay valid after the next one is read', async () => {
    const path = await writeSteps('kept.mkv', 'libx264');
    const frames: Uint8Array[] = [];
    for await (const f of readGrayFrames(path)) frames.push(f.data);
    // Each frame owns its memory: keeping all of them keeps every level.
    frames.forEach((data, i) =>
      expect(Math.abs(mean(data) - mean(levelFrame(LEVELS[i] ?? 0)))).toBeLessThan(5),
    );
    expect(new Set(frames.map((f) => f.buffer)).size).toBe(frames.length);
  });

  it.each([
    ['mp4', 'libx264'],
    ['avi', 'mjpeg'],
    ['webm', 'libvpx'],
  ] as const)(
    'gives exactly the frames of ffmpeg -pix_fmt gray in %s (%s), with reused buffers and one decoder thread or not',
    async (ext, codec) => {
      const path = await writeSteps(`exact.${ext}`, codec);
      const reference = execFileSync(
        ffmpegPaths().ffmpeg,
        ['-v', 'error', '-i', path, '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'],
        { maxBuffer: 64 * 1024 * 1024 },
      );
      for (const options of [{ reuseBuffers: false }, { reuseBuffers: true, decoderThreads: 1 }]) {
        const chunks: Buffer[] = [];
        for await (const f of readGrayFrames(path, options)) {
          chunks.push(Buffer.from(f.data));
        }
        expect(Buffer.concat(chunks).equals(reference)).toBe(true);
      }
    },
  );
});

describe('analyzeVideo', () => {
  it('gives the same result with reused buffers of raw luma, also when deciding the polarity', async () => {
    const path = join(dir, 'sim.mp4');
    await writeSimulatedVideo(path, { sperm: 20, frames: 40, width: 160, height: 120, seed: 3 });
    const settings = resolveSettings();
    for (const autoPolarity of [false, true]) {
      const options = { autoPolarity, includeDetections: true };
      const fresh = await analyzeFrames(
        readGrayFrames(path),
        await probeVideo(path),
        settings,
        options,
      );
      const reused = await analyzeVideo(path, settings, options);
      expect(reused).toEqual(fresh);
      expect(reused.per_frame).toHaveLength(40);
    }
  });
});

describe('readGrayFrames with rawLuma', () => {
  it('yields limited-range luma as stored, whose levels give the grey frames exactly', async () => {
    const path = join(dir, 'raw-luma.mp4');
    await writeSimulatedVideo(path, { sperm: 10, frames: 6, width: 96, height: 64, seed: 5 });
    const grey: GrayFrame[] = [];
    for await (const frame of readGrayFrames(path)) grey.push(frame);
    const raw: GrayFrame[] = [];
    for await (const frame of readGrayFrames(path, { rawLuma: true })) raw.push(frame);
    expect(raw).toHaveLength(6);
    raw.forEach((frame, i) => {
      const levels = frame.levels;
      expect(levels).toBeDefined();
      expect(Array.from(frame.data, (v) => levels?.[v])).toEqual(Array.from(grey[i]?.data ?? []));
      // Coded luma, not grey: the darkest grey is luma 16.
      expect(frame.data).not.toEqual(grey[i]?.data);
    });
    expect(grey[0]?.levels).toBeUndefined();
  });

  it('reads full-range luma (MJPEG) as stored, with no levels to apply', async () => {
    const path = await writeSteps('full-range.avi', 'mjpeg');
    const raw: number[][] = [];
    for await (const frame of readGrayFrames(path, { rawLuma: true })) {
      expect(frame.levels).toBeUndefined();
      raw.push(Array.from(frame.data));
    }
    const grey: number[][] = [];
    for await (const frame of readGrayFrames(path)) grey.push(Array.from(frame.data));
    expect(raw).toEqual(grey);
    expect(raw).toHaveLength(LEVELS.length);
  });
});

describe('decoderThreadsFor', () => {
  const probed = (bytes: number) => ({
    info: {
      width: 640,
      height: 480,
      fps: 50,
      frameCount: 500,
      durationS: 10,
      codec: 'h264',
      container: 'mp4',
    },
    pixelFormat: 'yuv420p',
    colorRange: 'tv',
    bytes,
  });

  it('decodes a clinical-like file on one thread and leaves a noisy one to ffmpeg', () => {
    // The bench's two 500-frame files: H.264 crf 23 (0.46 MB) and crf 18 (10 MB).
    expect(decoderThreadsFor(probed(461_441))).toBe(1);
    expect(decoderThreadsFor(probed(9_991_705))).toBeUndefined();
  });
});

describe('the coding pattern (probeVideoStream with codingPattern)', () => {
  const periodOf = async (path: string) =>
    (await probeVideoStream(path, { codingPattern: true })).info.codingPeriodFrames;

  it('finds the "P B B B" pattern x264 writes, and none in an intra-only file', async () => {
    const path = join(dir, 'pattern.mp4');
    await writeSimulatedVideo(path, { sperm: 5, frames: 40, width: 160, height: 120, seed: 2 });
    expect(await periodOf(path)).toBe(4);
    const intra = await writeSteps('intra.avi', 'mjpeg');
    expect(await periodOf(intra)).toBeUndefined();
    // The rest of the probe is as without it.
    const { codingPeriodFrames, ...info } = (await probeVideoStream(path, { codingPattern: true }))
      .info;
    expect(codingPeriodFrames).toBe(4);
    expect(info).toEqual(await probeVideo(path));
  });

  it('reads the anchors from the timestamps in decode order', () => {
    const tick = 512;
    const decoded = (frames: number[]) => frames.map((f) => f * tick);
    // I P B B B P B B B ... shown; decoded I0 P4 B1 B2 B3 P8 B5 B6 B7 ...
    const flat = [0, ...[1, 2, 3, 4, 5].flatMap((g) => [4 * g, 4 * g - 3, 4 * g - 2, 4 * g - 1])];
    expect(periodOfAnchors(decoded(flat))).toBe(4);
    // With a B pyramid (the middle B is decoded first): the same anchors.
    const pyramid = [
      0,
      ...[1, 2, 3, 4, 5].flatMap((g) => [4 * g, 4 * g - 2, 4 * g - 3, 4 * g - 1]),
    ];
    expect(periodOfAnchors(decoded(pyramid))).toBe(4);
    // No B frames, or anchors at irregular distances: no pattern.
    expect(periodOfAnchors(decoded(Array.from({ length: 20 }, (_, f) => f)))).toBeUndefined();
    const irregular = [0, 2, 1, 6, 3, 4, 5, 7, 9, 8, 13, 10, 11, 12, 15, 14, 16];
    expect(periodOfAnchors(decoded(irregular))).toBeUndefined();
  });
});

describe('lumaToGreyFilter', () => {
  it('maps limited-range luma 16..235 onto 0..255, monotonically', () => {
    const table = Array.from({ length: 256 }, (_, luma) => limitedToFullRange(luma));
    expect(table[16]).toBe(0);
    expect(table[235]).toBe(255);
    table.forEach((grey, luma) => expect(grey).toBeGreaterThanOrEqual(table[luma - 1] ?? 0));
  });

  it('reads the luma plane of 8-bit YUV, converting the range only when it is limited', async () => {
    expect(await lumaToGreyFilter('yuvj420p', 'pc')).toBe('extractplanes=y');
    expect(await lumaToGreyFilter('yuv420p', 'unknown')).toMatch(/^extractplanes=y,lut=c0=/);
    expect(await lumaToGreyFilter('yuv420p10le', 'tv')).toBeNull();
    expect(await lumaToGreyFilter('rgb24', 'unknown')).toBeNull();
  });
});
