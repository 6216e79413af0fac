/** Frames per second of a detector on 640x480 frames, one frame at a time as the analysis runs. */
import type { Detector, GrayFrame } from '@sarm/casa';
import { resolveSettings } from '@sarm/casa';

/**
 * Runs the detector over the frames (after one unscored warm-up pass) until at least `minSeconds`
 * have passed, and answers frames per second. An asynchronous detector is awaited frame by frame.
 */
export async function framesPerSecond(
  detector: Detector,
  frames: readonly GrayFrame[],
  umPerPixel: number,
  minSeconds = 2,
): Promise<number> {
  const settings = resolveSettings({ umPerPixel });
  for (const frame of frames) await detector.detect(frame, settings);
  let done = 0;
  const started = performance.now();
  let seconds = 0;
  do {
    for (const frame of frames) await detector.detect(frame, settings);
    done += frames.length;
    seconds = (performance.now() - started) / 1000;
  } while (seconds < minSeconds);
  return done / seconds;
}
