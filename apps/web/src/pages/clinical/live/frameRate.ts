/** Frame rate the camera really delivers, from the times its frames reached the page. */

/** Seconds of frame times the measured rate covers. */
export const FRAME_RATE_WINDOW_S = 3;

/**
 * Keeps the frame times of the last `windowS` seconds (ms, increasing) and answers their rate:
 * frames between the first and the last over the time between them.
 */
export function createFrameRateMeter(windowS = FRAME_RATE_WINDOW_S) {
  let times: number[] = [];
  return {
    /** Records a frame shown at `timeMs`. */
    add(timeMs: number): void {
      times.push(timeMs);
      const oldest = timeMs - windowS * 1000;
      if ((times[0] ?? timeMs) < oldest) times = times.filter((t) => t >= oldest);
    },
    /** Frames per second over the window; null until two frames were seen. */
    rate(): number | null {
      const first = times[0];
      const last = times[times.length - 1];
      if (first === undefined || last === undefined || last <= first) return null;
      return ((times.length - 1) * 1000) / (last - first);
    },
    reset(): void {
      times = [];
    },
  };
}
export type FrameRateMeter = ReturnType<typeof createFrameRateMeter>;

/** A camera within this share of the profile's rate is not named slower (timer jitter). */
export const FRAME_RATE_TOLERANCE = 0.05;

/**
 * True when the camera's measured rate is below the calibration profile's frame rate; nothing to
 * say while either is unknown.
 */
export function isBelowProfileRate(measuredFps: number | null, profileFps: number | null): boolean {
  if (measuredFps === null || profileFps === null || profileFps <= 0) return false;
  return measuredFps < profileFps * (1 - FRAME_RATE_TOLERANCE);
}
