/**
 * When a training thread counts as stuck: it has said nothing (no batch, log or epoch) for longer
 * than a multiple of its own median batch time, and never less than a floor. Pure bookkeeping on
 * times the caller passes in, so it is tested without waiting.
 */

/** How long a training may stay silent. */
export interface WatchdogOptions {
  /** The floor, in seconds. */
  readonly minimumSeconds: number;
  /** Start-up and the first batch, in seconds (default: the floor). */
  readonly startupSeconds?: number;
  /** Silence allowed, in median batch times. */
  readonly batchMultiple: number;
  /** How often the runner looks, in seconds (default: a tenth of the floor, 1 s to 10 s). */
  readonly checkSeconds?: number;
}

/** max(120 s, 20 x the median batch time). */
export const DEFAULT_WATCHDOG: WatchdogOptions = { minimumSeconds: 120, batchMultiple: 20 };

/** Batch times kept for the median: recent ones, so a run that slows down is judged by its pace. */
const KEPT_BATCH_TIMES = 64;

/** Where a training was when it last spoke. */
export interface TrainingPosition {
  readonly epoch: number;
  readonly done: number;
  readonly total: number;
}

/** A training found stuck. */
export interface Stall {
  readonly silentSeconds: number;
  readonly allowedSeconds: number;
  readonly medianBatchSeconds: number | null;
  readonly position: TrainingPosition | null;
}

const median = (values: readonly number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** How often the runner should look under `options`, in ms. */
export function checkIntervalMs(options: WatchdogOptions): number {
  const seconds = options.checkSeconds ?? Math.min(10, Math.max(1, options.minimumSeconds / 10));
  return seconds * 1000;
}

/**
 * The training's progress clock. `validationBatches` is how many batches of held-out samples the
 * end of each epoch scores: after an epoch's last batch that scoring is allowed on top.
 */
export class ProgressWatch {
  private lastHeardMs: number;
  private lastBatchMs: number | null = null;
  private readonly batchSeconds: number[] = [];
  private position: TrainingPosition | null = null;

  constructor(
    private readonly options: WatchdogOptions,
    startedMs: number,
    private readonly validationBatches = 0,
  ) {
    this.lastHeardMs = startedMs;
  }

  /** Any word from the thread (a log line, an epoch). */
  heard(nowMs: number): void {
    this.lastHeardMs = nowMs;
  }

  /** A finished batch: its time counts when it follows the previous batch of the same epoch. */
  batch(position: TrainingPosition, nowMs: number): void {
    const previous = this.position;
    if (
      this.lastBatchMs !== null &&
      previous !== null &&
      previous.epoch === position.epoch &&
      position.done === previous.done + 1
    ) {
      this.batchSeconds.push((nowMs - this.lastBatchMs) / 1000);
      if (this.batchSeconds.length > KEPT_BATCH_TIMES) this.batchSeconds.shift();
    }
    this.position = position;
    this.lastBatchMs = nowMs;
    this.heard(nowMs);
  }

  /** The silence allowed now, in seconds. */
  allowedSeconds(): number {
    const { minimumSeconds, startupSeconds } = this.options;
    if (this.position === null) return Math.max(minimumSeconds, startupSeconds ?? minimumSeconds);
    const batch = median(this.batchSeconds);
    if (batch === null) return minimumSeconds;
    const atEpochEnd = this.position !== null && this.position.done === this.position.total;
    const batches = this.options.batchMultiple * (1 + (atEpochEnd ? this.validationBatches : 0));
    return Math.max(minimumSeconds, batches * batch);
  }

  /** The stall at `nowMs`, or null while the thread is within its time. */
  stallAt(nowMs: number): Stall | null {
    const silentSeconds = (nowMs - this.lastHeardMs) / 1000;
    const allowedSeconds = this.allowedSeconds();
    if (silentSeconds <= allowedSeconds) return null;
    return {
      silentSeconds,
      allowedSeconds,
      medianBatchSeconds: median(this.batchSeconds),
      position: this.position,
    };
  }

  /** Where the training last reported a batch. */
  lastPosition(): TrainingPosition | null {
    return this.position;
  }
}

/** The log and error text of a stall. */
export function describeStall(stall: Stall, options: WatchdogOptions): string {
  const where =
    stall.position === null
      ? 'before its first batch'
      : `after batch ${stall.position.done} of ${stall.position.total} of epoch ${stall.position.epoch}`;
  const pace =
    stall.position === null
      ? 'the start-up time'
      : stall.medianBatchSeconds === null
        ? `at least ${options.minimumSeconds} s`
        : `${options.batchMultiple} x its median batch time of ${stall.medianBatchSeconds.toFixed(2)} s, at least ${options.minimumSeconds} s`;
  return `stalled: the trainer reported nothing for ${stall.silentSeconds.toFixed(1)} s ${where} (allowed ${stall.allowedSeconds.toFixed(1)} s: ${pace}); its thread was ended`;
}
