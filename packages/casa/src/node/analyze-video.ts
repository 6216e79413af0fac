import type { AnalyzeOptions } from '../analyze/analyze-frames.js';
import { analyzeFrames } from '../analyze/analyze-frames.js';
import type { AnalysisResult } from '../analyze/result.js';
import type { CasaSettings } from '../settings.js';
import { readGrayFrames } from './frames.js';
import { probeVideoStream } from './probe.js';

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
  const probed = await probeVideoStream(path, { codingPattern: true });
  // Every detector is done with a frame's pixels when `detect` returns (the Detector contract; an
  // asynchronous one copies them) and the polarity decision copies the frames it holds, so the
  // reader may reuse each frame's memory: no allocation per frame.
  return analyzeFrames(
    readGrayFrames(path, { reuseBuffers: true, priority: options.priority, probed }),
    probed.info,
    settings,
    options,
  );
}
