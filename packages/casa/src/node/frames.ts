import type { GrayFrame } from '../types.js';
import { frameIndex } from '../types.js';
import { ffmpegPaths, passthroughFrameRateArgs } from './ffmpeg-paths.js';
import { framesAhead, pumpFrames } from './frame-pump.js';
import { LUMA_PLANE_FILTER, lumaToGreyFilter, rawLumaLevels } from './luma.js';
import { probeVideoStream, type ProbedVideo } from './probe.js';
import { ffmpegReason, VideoReadError } from './video-read-error.js';

export interface ReadFramesOptions {
  /** Stop after this many frames. */
  readonly maxFrames?: number;
  /** Skip frames before this index (decoded and dropped by ffmpeg's select filter). */
  readonly startFrame?: number;
  /**
   * Reuse frame buffers: a yielded frame's memory is handed back to the reader when the loop asks for
   * the next frame, so the consumer must not keep a frame (or its `data`) past its loop iteration.
   * Saves a copy and an allocation per frame; off by default.
   */
  readonly reuseBuffers?: boolean;
  /**
   * A nice value (1-19) for ffmpeg and the reader thread: background work on a machine that also
   * answers people (the server's jobs). 0, the default, leaves them at the caller's priority.
   */
  readonly priority?: number;
  /** The file's probe when the caller has it already: one ffprobe run fewer. */
  readonly probed?: ProbedVideo;
  /** Threads of ffmpeg's decoder; ffmpeg's choice (one per core and one more) when absent. */
  readonly decoderThreads?: number;
  /**
   * Yield planar YUV video's luma plane as stored, with its grey values in `GrayFrame.levels`
   * where they differ (see `rawLumaLevels`): for a consumer that reads grey through `levels`.
   * Other formats are read as grey, as without it.
   */
  readonly rawLuma?: boolean;
}

/**
 * Streams a video's frames as 8-bit grey, one {@link GrayFrame} at a time, without holding the video
 * in memory. Each yielded frame owns a fresh buffer (not reused), so consumers may keep it, unless
 * `reuseBuffers` is set. 8-bit YUV video is read as its luma plane mapped exactly as `-pix_fmt gray`
 * would (see `lumaToGreyFilter`), or as stored with `rawLuma`. Breaking out of the loop kills
 * ffmpeg and waits for it to exit. Throws {@link VideoReadError} when the file cannot be read or
 * decoding fails.
 */
export async function* readGrayFrames(
  path: string,
  options: ReadFramesOptions = {},
): AsyncGenerator<GrayFrame> {
  const { info, pixelFormat, colorRange } = options.probed ?? (await probeVideoStream(path));
  const { width, height } = info;
  const frameBytes = width * height;
  const start = options.startFrame ?? 0;
  const raw = options.rawLuma === true ? await rawLumaLevels(pixelFormat, colorRange) : null;
  const levels = raw?.levels;
  // The luma plane, as stored or through ffmpeg's own luma-to-grey mapping: the same frames for
  // less work.
  const luma = raw !== null ? LUMA_PLANE_FILTER : await lumaToGreyFilter(pixelFormat, colorRange);
  const filters = start > 0 ? [`select=gte(n\\,${start})`] : [];
  if (luma !== null) filters.push(luma);
  // No autorotation: frames keep the stored width x height that the probe reported.
  const args = ['-nostdin', '-v', 'error', '-noautorotate'];
  if (options.decoderThreads !== undefined) args.push('-threads', String(options.decoderThreads));
  args.push('-i', path, '-map', '0:v:0');
  if (filters.length > 0) args.push('-vf', filters.join(','));
  // passthrough keeps one output frame per decoded frame (no duplication to a constant rate).
  args.push(...passthroughFrameRateArgs(), '-an', '-f', 'rawvideo', '-pix_fmt', 'gray');
  if (options.maxFrames !== undefined) args.push('-frames:v', String(options.maxFrames));

  const frames = pumpFrames(
    ffmpegPaths().ffmpeg,
    args,
    frameBytes,
    framesAhead(frameBytes),
    options.reuseBuffers === true,
    options.priority ?? 0,
  );
  let index = start;
  let step = await frames.next();
  try {
    while (step.done !== true) {
      const data = step.value;
      yield levels === undefined
        ? { index: frameIndex(index), width, height, data }
        : { index: frameIndex(index), width, height, data, levels };
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
