import type { AnalysisResult } from '../analyze/result.js';
import { readGrayFrames } from '../node/frames.js';
import { createVideoWriter } from '../node/writer.js';
import { createOverlayPainter } from '../overlay/paint-overlay.js';

/**
 * Writes the analysed video again as H.264 with boxes and tracks coloured by WHO category (see
 * `CATEGORY_COLOURS`). Needs a result computed with per-frame detections.
 */
export async function writeOverlayVideo(
  videoPath: string,
  result: AnalysisResult,
  outPath: string,
): Promise<void> {
  const { width, height, fps } = result.video;
  const writer = createVideoWriter(outPath, { width, height, fps, pixelFormat: 'rgb24' });
  const paint = createOverlayPainter(result);
  const rgb = new Uint8Array(width * height * 3);
  try {
    for await (const frame of readGrayFrames(videoPath)) {
      paint(frame, rgb);
      await writer.write(rgb);
    }
  } catch (error) {
    // The read error is the one to report; a half-written file may fail to close as well.
    await writer.close().catch(() => undefined);
    throw error;
  }
  await writer.close();
}
