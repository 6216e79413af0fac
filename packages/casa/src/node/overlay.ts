import type { WhoMotilityCategory } from '@sarm/contracts';
import type { AnalysisResult } from '../analyze/result.js';
import { readGrayFrames } from './frames.js';
import { createVideoWriter } from './writer.js';

/** Track colours by WHO category (RGB): rapid green, slow orange, non-progressive blue, immotile red. */
export const CATEGORY_COLOURS: Record<WhoMotilityCategory, readonly [number, number, number]> = {
  'Rapid Progressive': [40, 200, 60],
  'Slow Progressive': [255, 160, 0],
  'Non Progressive': [40, 120, 255],
  Immotile: [230, 40, 40],
};
const UNTRACKED: readonly [number, number, number] = [200, 200, 200];

/**
 * Renders the video with each frame's boxes and the tracks' paths so far, coloured by WHO category,
 * into an H.264 mp4. Needs a result computed with detections.
 */
export async function renderOverlay(
  videoPath: string,
  result: AnalysisResult,
  outPath: string,
): Promise<void> {
  const { width, height, fps } = result.video;
  const writer = createVideoWriter(outPath, { width, height, fps, pixelFormat: 'rgb24' });
  const byFrame = new Map(result.per_frame.map((f) => [f.frame, f]));
  const rgb = new Uint8Array(width * height * 3);
  const put = (x: number, y: number, c: readonly [number, number, number]) => {
    const xi = Math.round(x);
    const yi = Math.round(y);
    if (xi < 0 || yi < 0 || xi >= width || yi >= height) return;
    rgb.set(c, (yi * width + xi) * 3);
  };
  for await (const frame of readGrayFrames(videoPath)) {
    for (let i = 0; i < frame.data.length; i++) {
      const v = frame.data[i] ?? 0;
      rgb[3 * i] = v;
      rgb[3 * i + 1] = v;
      rgb[3 * i + 2] = v;
    }
    for (const track of result.tracks) {
      const colour = CATEGORY_COLOURS[track.category];
      const first = track.points[0];
      if (!first || first[0] > frame.index) continue;
      const last = track.points[track.points.length - 1];
      if (last && last[0] < frame.index - 25) continue;
      for (const p of track.points) {
        if (p[0] > frame.index) break;
        put(p[1], p[2], colour);
      }
    }
    for (const box of byFrame.get(frame.index)?.detections ?? []) {
      const [x1, y1, x2, y2] = box;
      for (let x = x1 - 1; x <= x2; x++) {
        put(x, y1 - 1, UNTRACKED);
        put(x, y2, UNTRACKED);
      }
      for (let y = y1 - 1; y <= y2; y++) {
        put(x1 - 1, y, UNTRACKED);
        put(x2, y, UNTRACKED);
      }
    }
    await writer.write(rgb);
  }
  await writer.close();
}
