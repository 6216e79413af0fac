/** A trained head detector run by ONNX Runtime where the CASA engine expects a `Detector`. */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CasaSettings, Detection, Detector, GrayFrame } from '@sarm/casa';
import { DETECTIONS_IN_FLIGHT } from '@sarm/casa';
import type { InferenceSession } from 'onnxruntime-node';
import { toDetection, type TrainedHeadDetectorOptions } from '../detector/casa-detector.js';
import { DEFAULT_THRESHOLD } from '../detector/infer.js';
import { headDetectorToOnnx } from '../detector/onnx-export.js';
import type { SavedHeadDetector } from '../detector/weights.js';
import type { GreyImage, HeadPrediction } from '../types.js';
import { headsInFrame, openHeadSession } from './onnx-head-session.js';
import { locateWorker } from './worker-path.js';

/** What a worker starts with: the ONNX graph, the detection threshold and the model's stride. */
export interface HeadWorkerSetup {
  readonly model: Uint8Array;
  readonly threshold: number;
  readonly stride: number;
}

/** A frame for a worker: its bytes (transferred), size and the id of the answer. */
export interface HeadFrameRequest {
  readonly id: number;
  readonly width: number;
  readonly height: number;
  readonly data: ArrayBuffer;
}

/** What a worker says: ready or failed to start, then one answer per frame (with its memory back). */
export type HeadWorkerMessage =
  | { readonly ready: true }
  | { readonly failed: string }
  | { readonly id: number; readonly heads: HeadPrediction[]; readonly data: ArrayBuffer }
  | { readonly id: number; readonly error: string };

/** Options of {@link OnnxHeadDetector.open}. */
export interface OnnxHeadDetectorOptions extends TrainedHeadDetectorOptions {
  /**
   * Worker threads, each running one frame at a time, or 0 to run the network on the calling
   * thread. Default: {@link defaultHeadWorkers}.
   */
  readonly workers?: number;
}

/**
 * Worker threads by default: none on a machine of up to 3 CPUs, where an analysis's ffmpeg and
 * main thread already fill the cores and threads that hand frames over cost more than they save
 * (2 cores, H.264 at 640x480: 384 frames/s on the calling thread, 256 with two workers);
 * otherwise as many as an analysis keeps frames in detection.
 */
export function defaultHeadWorkers(cpus = availableParallelism()): number {
  return cpus >= 4 ? DETECTIONS_IN_FLIGHT : 0;
}

/** Runs frames through the network somewhere: frame bytes are the runner's own (copied). */
interface HeadRunner {
  /** Heads in `width` x `height` grey bytes, copied before it returns. */
  run(frame: GreyImage): Promise<HeadPrediction[]>;
  release(): Promise<void>;
}

/**
 * The network TensorFlow.js trained, converted to ONNX (standardisation and sigmoid included) and
 * run natively by ONNX Runtime, on the calling thread or in worker threads: the same heads as
 * `TrainedHeadDetector` (to float rounding) several times faster. A call copies the frame before
 * it returns, so the caller may reuse the frame's memory at once. Idle workers do not keep the
 * process alive; release the detector when done.
 */
export class OnnxHeadDetector implements Detector {
  private constructor(private readonly runner: HeadRunner) {}

  /** Opens a saved head detector (from a model file or `saveWeights`); rejects a broken one. */
  static async open(
    saved: SavedHeadDetector,
    options: OnnxHeadDetectorOptions = {},
  ): Promise<OnnxHeadDetector> {
    const setup: HeadWorkerSetup = {
      model: headDetectorToOnnx(saved),
      threshold: options.threshold ?? saved.architecture.threshold ?? DEFAULT_THRESHOLD,
      stride: saved.architecture.stride,
    };
    const workers = Math.max(0, Math.round(options.workers ?? defaultHeadWorkers()));
    const runner =
      workers === 0 ? await LocalRunner.open(setup) : await WorkerRunner.open(setup, workers);
    return new OnnxHeadDetector(runner);
  }

  /** Heads in one grey frame, highest confidence first. */
  predict(frame: GreyImage): Promise<HeadPrediction[]> {
    return this.runner.run(frame);
  }

  async detect(frame: GrayFrame, settings: CasaSettings): Promise<Detection[]> {
    return (await this.predict(frame)).map((p) => toDetection(p, settings.umPerPixel));
  }

  /** Stops the session or the workers; detections still running in workers are rejected. */
  release(): Promise<void> {
    return this.runner.release();
  }
}

/** Frame buffers of one size, reused instead of allocated per frame. */
class FrameBuffers {
  private readonly spare: ArrayBuffer[] = [];

  /** A buffer holding a copy of the frame's bytes. */
  copyOf(frame: GreyImage): ArrayBuffer {
    const bytes = frame.width * frame.height;
    const reused = this.spare.pop();
    const buffer =
      reused !== undefined && reused.byteLength === bytes ? reused : new ArrayBuffer(bytes);
    new Uint8Array(buffer).set(frame.data.subarray(0, bytes));
    return buffer;
  }

  giveBack(buffer: ArrayBuffer): void {
    if (this.spare.length < 2 * DETECTIONS_IN_FLIGHT) this.spare.push(buffer);
  }
}

/** The session on the calling thread: no hand-over between threads. */
class LocalRunner implements HeadRunner {
  private readonly buffers = new FrameBuffers();

  private constructor(
    private readonly session: InferenceSession,
    private readonly threshold: number,
    private readonly stride: number,
  ) {}

  static async open(setup: HeadWorkerSetup): Promise<LocalRunner> {
    return new LocalRunner(await openHeadSession(setup.model), setup.threshold, setup.stride);
  }

  async run(frame: GreyImage): Promise<HeadPrediction[]> {
    const buffer = this.buffers.copyOf(frame);
    try {
      const data = new Uint8Array(buffer);
      return await headsInFrame(
        this.session,
        data,
        frame.width,
        frame.height,
        this.threshold,
        this.stride,
      );
    } finally {
      this.buffers.giveBack(buffer);
    }
  }

  release(): Promise<void> {
    return this.session.release();
  }
}

/** One worker and the answers it owes. */
interface HeadWorker {
  readonly thread: Worker;
  readonly waiting: Map<
    number,
    { resolve: (heads: HeadPrediction[]) => void; reject: (error: Error) => void }
  >;
}

/** Sessions in worker threads, a frame per worker at once, so decoding and tracking go on. */
class WorkerRunner implements HeadRunner {
  private nextId = 0;

  private constructor(
    private readonly workers: readonly HeadWorker[],
    private readonly buffers: FrameBuffers,
  ) {}

  static async open(setup: HeadWorkerSetup, count: number): Promise<WorkerRunner> {
    const script = locateWorker('onnx-head-worker');
    const buffers = new FrameBuffers();
    const started = await Promise.allSettled(
      Array.from({ length: count }, () =>
        startWorker(script, setup, (buffer) => buffers.giveBack(buffer)),
      ),
    );
    const workers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failure = started.find((s) => s.status === 'rejected');
    if (failure !== undefined) {
      await Promise.all(workers.map((w) => w.thread.terminate()));
      throw failure.reason;
    }
    return new WorkerRunner(workers, buffers);
  }

  run(frame: GreyImage): Promise<HeadPrediction[]> {
    const worker = this.workers.reduce((a, b) => (b.waiting.size < a.waiting.size ? b : a));
    const id = this.nextId++;
    const data = this.buffers.copyOf(frame);
    return new Promise<HeadPrediction[]>((resolve, reject) => {
      if (worker.waiting.size === 0) worker.thread.ref();
      worker.waiting.set(id, { resolve, reject });
      const request: HeadFrameRequest = { id, width: frame.width, height: frame.height, data };
      worker.thread.postMessage(request, [data]);
    });
  }

  async release(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.thread.terminate()));
  }
}

/** Starts a worker and waits until its session is ready (or says why it is not). */
function startWorker(
  script: URL,
  setup: HeadWorkerSetup,
  giveBack: (buffer: ArrayBuffer) => void,
): Promise<HeadWorker> {
  const thread = new Worker(script, { workerData: setup });
  const worker: HeadWorker = { thread, waiting: new Map() };
  const failAll = (error: Error) => {
    for (const { reject } of worker.waiting.values()) reject(error);
    worker.waiting.clear();
  };
  return new Promise<HeadWorker>((resolve, reject) => {
    thread.on('message', (message: HeadWorkerMessage) => {
      if ('ready' in message) {
        thread.unref();
        resolve(worker);
      } else if ('failed' in message) {
        reject(new Error(`The head detector cannot start: ${message.failed}`));
        void thread.terminate();
      } else {
        const waiting = worker.waiting.get(message.id);
        worker.waiting.delete(message.id);
        if (worker.waiting.size === 0) thread.unref();
        if ('heads' in message) {
          giveBack(message.data);
          waiting?.resolve(message.heads);
        } else waiting?.reject(new Error(`Head detection failed: ${message.error}`));
      }
    });
    thread.on('error', (error) => {
      reject(error);
      failAll(error);
    });
    thread.on('exit', (code) => {
      reject(new Error(`The head detector's worker stopped (exit code ${code})`));
      failAll(new Error('The head detector was released'));
    });
  });
}
