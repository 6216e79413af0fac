import { Worker } from 'node:worker_threads';
import type { AnalysisResult } from '../analyze/result.js';
import type { CasaSettings } from '../settings.js';
import type { AnalyzeVideoOptions } from './analyze-video.js';
import {
  type AnalysisThreadMessage,
  type AnalysisThreadRequest,
  type AnalysisThreadSetup,
} from './analysis-thread-protocol.js';
import { locateBuiltWorker } from './built-worker.js';
import { VideoReadError } from './video-read-error.js';

/** The classical analysis's options: a custom detector object cannot cross to another thread. */
export type AnalyzeVideoInThreadOptions = Omit<AnalyzeVideoOptions, 'detector'>;

/** How long a stopped analysis may take to end before its thread is terminated, ms. */
const STOP_GRACE_MS = 10_000;
/** An analysis thread with nothing to do ends after this long (its memory is given back), ms. */
const IDLE_MS = 30_000;

interface Pending {
  readonly onProgress: AnalyzeVideoOptions['onProgress'];
  readonly resolve: (result: AnalysisResult) => void;
  readonly reject: (error: unknown) => void;
  /** Set once the caller's `onProgress` threw: the answer then is that error. */
  stoppedBy?: { readonly error: unknown };
}

/** One long-lived analysis thread at a given priority, started when first needed. */
class AnalysisThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly priority: number) {}

  analyse(path: string, settings: CasaSettings, options: AnalyzeVideoInThreadOptions) {
    const worker = this.started();
    const id = this.nextId++;
    clearTimeout(this.idleTimer);
    if (this.pending.size === 0) worker.ref();
    return new Promise<AnalysisResult>((resolve, reject) => {
      this.pending.set(id, { onProgress: options.onProgress, resolve, reject });
      const request: AnalysisThreadRequest = {
        start: id,
        path,
        settings,
        includeDetections: options.includeDetections,
        autoPolarity: options.autoPolarity,
      };
      worker.postMessage(request);
    });
  }

  private started(): Worker {
    if (this.worker !== undefined) return this.worker;
    const setup: AnalysisThreadSetup = { priority: this.priority };
    const script = locateBuiltWorker(import.meta.url, 'analysis-worker', 'packages/casa');
    const worker = new Worker(script, { workerData: setup });
    worker.on('message', (message: AnalysisThreadMessage) => this.receive(worker, message));
    worker.on('error', (error) => this.ended(worker, error));
    worker.on('exit', (code) =>
      this.ended(worker, new Error(`The analysis thread ended (exit code ${code})`)),
    );
    this.worker = worker;
    return worker;
  }

  private receive(worker: Worker, message: AnalysisThreadMessage): void {
    const job = this.pending.get(message.id);
    if (job === undefined) return;
    if ('progress' in message) {
      if (job.stoppedBy !== undefined) return;
      try {
        job.onProgress?.(...message.progress);
      } catch (error) {
        // The thread ends ffmpeg itself at its next frame, then answers; the caller gets `error`.
        job.stoppedBy = { error };
        const stop: AnalysisThreadRequest = { stop: message.id };
        worker.postMessage(stop);
        setTimeout(() => {
          if (this.pending.has(message.id)) void worker.terminate();
        }, STOP_GRACE_MS).unref();
      }
      return;
    }
    this.settle(message.id);
    if (job.stoppedBy !== undefined) job.reject(job.stoppedBy.error);
    else if ('result' in message) job.resolve(message.result);
    else {
      const { message: text, file, reason } = message.failed;
      job.reject(
        file !== undefined && reason !== undefined
          ? new VideoReadError(file, reason)
          : new Error(text),
      );
    }
  }

  /** Forgets a finished analysis; an idle thread stops keeping the process alive, then ends. */
  private settle(id: number): void {
    this.pending.delete(id);
    const worker = this.worker;
    if (this.pending.size > 0 || worker === undefined) return;
    worker.unref();
    this.idleTimer = setTimeout(() => {
      if (this.pending.size === 0 && this.worker === worker) {
        this.worker = undefined;
        void worker.terminate();
      }
    }, IDLE_MS).unref();
  }

  /** The thread failed or exited: every analysis it held fails with the reason. */
  private ended(worker: Worker, error: Error): void {
    // An idle thread ended on purpose was forgotten first; its analyses are all settled.
    if (this.worker !== worker) return;
    this.worker = undefined;
    for (const job of this.pending.values()) job.reject(job.stoppedBy?.error ?? error);
    this.pending.clear();
  }
}

const threads = new Map<number, AnalysisThread>();

/**
 * {@link analyzeVideo} with the classical detector, in a long-lived thread of its own (one per
 * priority, ended after 30 s without work), so the calling thread (an HTTP server's) only receives
 * progress and the result. With `priority`, the thread, its frame readers and ffmpeg run at that
 * nice value. `onProgress` runs on the calling thread; when it throws, the analysis stops (ffmpeg
 * is ended) and the promise rejects with that error. A file ffmpeg cannot read rejects with
 * {@link VideoReadError}, as in-thread.
 */
export function analyzeVideoInThread(
  path: string,
  settings: CasaSettings,
  options: AnalyzeVideoInThreadOptions = {},
): Promise<AnalysisResult> {
  const priority = options.priority ?? 0;
  let thread = threads.get(priority);
  if (thread === undefined) {
    thread = new AnalysisThread(priority);
    threads.set(priority, thread);
  }
  return thread.analyse(path, settings, options);
}
