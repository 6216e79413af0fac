import type { AnalyzeOptions } from '../analyze/analyze-frames.js';
import { analyzeFrames } from '../analyze/analyze-frames.js';
import type { AnalysisResult } from '../analyze/result.js';
import type { CasaSettings } from '../settings.js';
import { describeFrameTiming } from '../timing/frame-timing.js';
import type { GrayFrame, VideoInfo } from '../types.js';
import { seconds } from '../types.js';
import { readGrayFrames } from './frames.js';
import { probeFrameTimes, probeVideoStream, type ProbedVideo } from './probe.js';

export interface AnalyzeVideoOptions extends AnalyzeOptions {
  /** A nice value for ffmpeg and the frame reader (see `ReadFramesOptions.priority`). */
  readonly priority?: number;
}

/**
 * Probes a video file and analyses all its frames, streaming them from ffmpeg.
 * Throws VideoReadError when the file cannot be read.
 */
export async function analyzeVideo(
  path: string,
  settings: CasaSettings,
  options: AnalyzeVideoOptions = {},
): Promise<AnalysisResult> {
  const [probed, times] = await Promise.all([
    probeVideoStream(path, { codingPattern: true }),
    probeFrameTimes(path),
  ]);
  const timed = framesTimed(probed.info, times);
  // Every detector is done with a frame's pixels when `detect` returns (the Detector contract; an
  // asynchronous one copies them) and the polarity decision copies the frames it holds, so the
  // reader may reuse each frame's memory: no allocation per frame.
  const frames = readGrayFrames(path, {
    reuseBuffers: true,
    // The classical detector reads grey values through the frames' levels; another may not.
    rawLuma: options.detector === undefined,
    priority: options.priority,
    probed,
    decoderThreads: decoderThreadsFor(probed),
  });
  return analyzeFrames(
    timed === null ? frames : withFrameTimes(frames, timed.times),
    timed?.info ?? probed.info,
    settings,
    options,
  );
}

/** Container rate and frame times this close (relative) are the same rate. */
const SAME_RATE = 0.01;

/**
 * The frame times to analyse with, and the nominal rate they imply, when the file's frames are
 * not evenly spaced at the container's rate (a browser recording's jitter and stalls, or a
 * container rate that is not the frames' cadence); null when they are, so a constant-rate file is
 * analysed exactly as without timestamps.
 */
export function framesTimed(
  info: VideoInfo,
  times: readonly number[] | null,
): { readonly info: VideoInfo; readonly times: readonly number[] } | null {
  if (times === null || times.length < 2) return null;
  const timing = describeFrameTiming(times, info.fps);
  const fps = 1 / timing.nominal_interval_s;
  if (timing.timing === 'constant' && Math.abs(fps - info.fps) <= SAME_RATE * info.fps) return null;
  return { info: { ...info, fps }, times };
}

/**
 * The frames with their presentation times: frame i at `times[i]`; frames past the list (a
 * decoder that gave more frames than packets) carry none and are placed by the engine one
 * nominal interval after their predecessor.
 */
async function* withFrameTimes(
  frames: AsyncIterable<GrayFrame>,
  times: readonly number[],
): AsyncGenerator<GrayFrame> {
  let i = 0;
  for await (const frame of frames) {
    const time = times[i];
    yield time === undefined ? frame : { ...frame, time: seconds(time) };
    i += 1;
  }
}

/**
 * Compressed bits per pixel below which one decoder thread keeps ahead of the analysis. Decoding
 * costs grow with the bit rate: on a 640x480 file one ffmpeg thread decodes a frame in about
 * 0.4 ms at 0.025 bits per pixel (clinical recordings) and 2.3 ms at 0.5 (pixel noise kept),
 * while the classical analysis takes about 0.5 ms a frame; they meet near 0.05.
 */
const ONE_DECODER_THREAD_MAX_BITS_PER_PIXEL = 0.05;

/**
 * ffmpeg's decoder threads for an analysis: one where decoding a frame costs less than analysing
 * it, since more threads then only speed up what is not the bottleneck, at a cost in CPU that the
 * analysis needs (ffmpeg's frame threads use 30-60 % more CPU on a clinical-like file); else
 * ffmpeg's own choice.
 */
export function decoderThreadsFor(probed: ProbedVideo): number | undefined {
  const { width, height, frameCount } = probed.info;
  const bitsPerPixel = (8 * probed.bytes) / Math.max(1, frameCount * width * height);
  return bitsPerPixel < ONE_DECODER_THREAD_MAX_BITS_PER_PIXEL ? 1 : undefined;
}
