import type { AnalyzeOptions } from '../analyze/analyze-frames.js';
import { analyzeFrames } from '../analyze/analyze-frames.js';
import type { AnalysisResult } from '../analyze/result.js';
import type { CasaSettings } from '../settings.js';
import { readGrayFrames } from './frames.js';
import { probeVideo } from './probe.js';

/**
 * Probes a video file and analyses all its frames, streaming them from ffmpeg.
 * Throws VideoReadError when the file cannot be read.
 */
export async function analyzeVideo(
  path: string,
  settings: CasaSettings,
  options: AnalyzeOptions = {},
): Promise<AnalysisResult> {
  const info = await probeVideo(path);
  // The classical detector is done with a frame before asking for the next one, so its buffer can
  // be reused (the polarity decision copies the frames it holds); a caller's detector might keep them.
  const reuseBuffers = options.detector === undefined;
  return analyzeFrames(readGrayFrames(path, { reuseBuffers }), info, settings, options);
}
