/** Frames per second of a detector on 640x480 frames, one frame at a time as the analysis runs. */
import type { Detector, GrayFrame } from '@sarm/casa';
import { resolveSettings } from '@sarm/casa';

/** Frames per second (wall clock) and the process's CPU time per frame, every thread counted. */
export interface DetectorSpeed {
  readonly fps: number;
  readonly cpuMsPerFrame: number;
}

/**
 * Runs the detector over the frames (after one unscored warm-up pass) until at least `minSeconds`
 * (default 2) have passed, with up to `inFlight` (default 1) frames detected at once, as the
 * analysis does with an asynchronous detector. The CPU time tells what a frame
 * costs when other processes share the machine and make the wall clock wander.
 */
export async function detectorSpeed(
  detector: Detector,
  frames: readonly GrayFrame[],
  umPerPixel: number,
  options: { readonly minSeconds?: number; readonly inFlight?: number } = {},
): Promise<DetectorSpeed> {
  const settings = resolveSettings({ umPerPixel });
  const minSeconds = options.minSeconds ?? 2;
  const inFlight = options.inFlight ?? 1;
  const pass = async () => {
    const pending: Promise<unknown>[] = [];
    for (const frame of frames) {
      pending.push(Promise.resolve(detector.detect(frame, settings)));
      if (pending.length >= inFlight) await pending.shift();
    }
    await Promise.all(pending);
  };
  await pass();
  let done = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let seconds = 0;
  do {
    await pass();
    done += frames.length;
    seconds = (performance.now() - started) / 1000;
  } while (seconds < minSeconds);
  const cpu = process.cpuUsage(cpuBefore);
  return { fps: done / seconds, cpuMsPerFrame: (cpu.user + cpu.system) / 1000 / done };
}
