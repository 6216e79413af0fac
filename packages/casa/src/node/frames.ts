import type { GrayFrame } from '../types.js';
import { frameIndex } from '../types.js';
import { ffmpegPaths, passthroughFrameRateArgs } from './ffmpeg-paths.js';
import { pumpFrames } from './frame-pump.js';
import { probeVideo } from './probe.js';
import { ffmpegReason, VideoReadError } from './video-read-error.js';

export interface ReadFramesOptions {
  /** Stop after this many frames. */
  readonly maxFrames?: number;
  /** Skip frames before this index (decoded and dropped by ffmpeg's select filter). */
  readonly startFrame?: number;
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

  const frames = pumpFrames(ffmpegPaths().ffmpeg, args, frameBytes);
  let index = start;
  let step = await frames.next();
  try {
    while (step.done !== true) {
      yield { index: frameIndex(index), width, height, data: step.value };
      index += 1;
      step = await frames.next();
    }
  } finally {
    // A consumer that stops early closes the pump, which stops ffmpeg and waits for it.
    if (step.done !== true) await frames.return({ code: null, stderr: '' });
  }
  const { code, stderr } = step.value;
  if (code !== 0) throw new VideoReadError(path, ffmpegReason(stderr, path));
}
