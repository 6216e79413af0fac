import { spawn } from 'node:child_process';
import type { GrayFrame } from '../types.js';
import { frameIndex } from '../types.js';
import { ffmpegPaths, passthroughFrameRateArgs } from './ffmpeg-paths.js';
import { probeVideo } from './probe.js';
import { ffmpegReason, VideoReadError } from './video-read-error.js';

export interface ReadFramesOptions {
  /** Stop after this many frames. */
  readonly maxFrames?: number;
  /** Skip frames before this index (decoded and dropped by ffmpeg's select filter). */
  readonly startFrame?: number;
}

/**
 * A plain Uint8Array (not a Buffer, whose `slice` would share memory) that owns its memory. It skips
 * zero-filling because every byte is overwritten before the frame is handed out.
 */
function newFrameBuffer(bytes: number): Uint8Array {
  return new Uint8Array(Buffer.allocUnsafeSlow(bytes).buffer, 0, bytes);
}

/**
 * Streams a video's frames as 8-bit grey, one {@link GrayFrame} at a time, without holding the video
 * in memory. Each yielded frame owns a fresh buffer (not reused), so consumers may keep it; the
 * allocation costs far less than decoding. Breaking out of the loop kills ffmpeg and waits for it to
 * exit. Throws {@link VideoReadError} when the file cannot be read or decoding fails.
 */
export async function* readGrayFrames(
  path: string,
  options: ReadFramesOptions = {},
): AsyncGenerator<GrayFrame> {
  const info = await probeVideo(path);
  const { width, height } = info;
  const frameBytes = width * height;
  const start = options.startFrame ?? 0;
  // No autorotation: frames keep the stored width x height that the probe reported.
  const args = ['-nostdin', '-v', 'error', '-noautorotate', '-i', path, '-map', '0:v:0'];
  if (start > 0) args.push('-vf', `select=gte(n\\,${start})`);
  // passthrough keeps one output frame per decoded frame (no duplication to a constant rate).
  args.push(...passthroughFrameRateArgs(), '-an', '-f', 'rawvideo', '-pix_fmt', 'gray');
  if (options.maxFrames !== undefined) args.push('-frames:v', String(options.maxFrames));
  args.push('pipe:1');

  const child = spawn(ffmpegPaths().ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) => {
    child.on('close', (code, signal) => {
      // A killed ffmpeg says nothing on stderr; name the signal so the error is not blank.
      if (signal !== null) stderr += `\nffmpeg was stopped by ${signal}`;
      resolve(code);
    });
    // A binary that cannot be started emits 'error' and may never emit 'close'.
    child.on('error', (error) => {
      stderr += `\n${error.message}`;
      resolve(-1);
    });
  });

  let pending = newFrameBuffer(frameBytes);
  let filled = 0;
  let index = start;
  let finished = false;
  try {
    for await (const chunk of child.stdout) {
      if (!(chunk instanceof Buffer)) continue;
      let offset = 0;
      while (offset < chunk.length) {
        const take = Math.min(frameBytes - filled, chunk.length - offset);
        pending.set(chunk.subarray(offset, offset + take), filled);
        filled += take;
        offset += take;
        if (filled === frameBytes) {
          yield { index: frameIndex(index), width, height, data: pending };
          index += 1;
          pending = newFrameBuffer(frameBytes);
          filled = 0;
        }
      }
    }
    finished = true;
  } finally {
    if (!finished) {
      child.kill('SIGKILL');
      // Waiting here means that when the consumer's loop has ended, no ffmpeg is left running.
      await exited;
    }
  }
  const code = await exited;
  if (code !== 0) throw new VideoReadError(path, ffmpegReason(stderr, path));
}
