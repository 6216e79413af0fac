import { setPriority } from 'node:os';

/**
 * The nice value (19, the lowest priority) of the work jobs hand to other processes and threads
 * (ffmpeg, the frame reader): on a machine that also answers people (the embedded server runs its
 * jobs in-process), the kernel then gives the HTTP thread the CPU first, and idle CPU still goes
 * to the job.
 */
export const BACKGROUND_PRIORITY = 19;

/** Lowers a started process to {@link BACKGROUND_PRIORITY}; one that already ended is left alone. */
export function runInBackground(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    setPriority(pid, BACKGROUND_PRIORITY);
  } catch {
    // ESRCH: the process ended already; its exit is reported by its own events.
  }
}
