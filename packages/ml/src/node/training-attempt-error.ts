/** Why a training attempt ended before it finished, as the runner tells it. */

/**
 * - `stalled`: the thread said nothing past the watchdog's time and was ended;
 * - `exited`: the thread exited before it finished (any exit code);
 * - `thread-error`: the thread threw outside the training job;
 * - `out-of-memory`: the thread's JavaScript heap was full;
 * - `wasm-heap`: the run needs more WebAssembly memory than allowed (a retry cannot cure it).
 */
export type TrainingEndCause =
  'stalled' | 'exited' | 'thread-error' | 'out-of-memory' | 'wasm-heap';

/** An attempt ended by its thread's fate rather than by the training job's own error. */
export class TrainingAttemptError extends Error {
  /**
   * `reason` is a phrase that reads after "Attempt 2 ended: " (it starts in lower case); the
   * message is the same sentence capitalised, to show on its own.
   */
  constructor(
    readonly endCause: TrainingEndCause,
    readonly reason: string,
  ) {
    super(reason.charAt(0).toUpperCase() + reason.slice(1));
    this.name = 'TrainingAttemptError';
  }

  /** Whether resuming from the last saved epoch may succeed. */
  get retryable(): boolean {
    return this.endCause !== 'wasm-heap';
  }
}
