/** A trained head detector run by ONNX Runtime where the CASA engine expects a `Detector`. */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CasaSettings, Detection, Detector, GrayFrame } from '@sarm/casa';
import { DETECTIONS_IN_FLIGHT } from '@sarm/casa';
import { toDetection, type TrainedHeadDetectorOptions } from '../detector/casa-detector.js';
import { DEFAULT_THRESHOLD } from '../detector/infer.js';
import { headDetectorToOnnx } from '../detector/onnx-export.js';
import type { SavedHeadDetector } from '../detector/weights.js';
import type { GreyImage, HeadPrediction } from '../types.js';
import { locateWorker } from './worker-path.js';

/** What a worker starts with: the ONNX graph and the detection threshold. */
export interface HeadWorkerSetup {
  readonly model: Uint8Array;
  readonly threshold: number;
}

/** A frame for a worker: its bytes (transferred), size and the id of the answer. */
export interface HeadFrameRequest {
  readonly id: number;
  readonly width: number;
  readonly height: number;
  readonly data: ArrayBuffer;
}

/** What a worker says: ready or failed to start, then one answer per frame. */
export type HeadWorkerMessage =
  | { readonly ready: true }
  | { readonly failed: string }
  | { readonly id: number; readonly heads: HeadPrediction[] }
  | { readonly id: number; readonly error: string };

/** Options of {@link OnnxHeadDetector.open}. */
export interface OnnxHeadDetectorOptions extends TrainedHeadDetectorOptions {
  /** Worker threads, each running one frame at a time (default: as many frames as an analysis keeps in detection, at most the CPUs). */
  readonly workers?: number;
}

/** One worker and the answers it owes. */
interface HeadWorker {
  readonly thread: Worker;
  readonly waiting: Map<
    number,
    { resolve: (heads: HeadPrediction[]) => void; reject: (error: Error) => void }
  >;
}

/**
 * The network TensorFlow.js trained, converted to ONNX (standardisation and sigmoid included) and
 * run natively by ONNX Runtime in worker threads: the same heads as `TrainedHeadDetector` (to
 * float rounding) several times faster, off the event loop, a frame per worker at once, so
 * decoding and tracking go on meanwhile. A call copies the frame before it returns, so the caller
 * may reuse the frame's memory at once. Idle workers do not keep the process alive; release the
 * detector when done.
 */
export class OnnxHeadDetector implements Detector {
  private nextId = 0;

  private constructor(private readonly workers: readonly HeadWorker[]) {}

  /** Opens a saved head detector (from a model file or `saveWeights`); rejects a broken one. */
  static async open(
    saved: SavedHeadDetector,
    options: OnnxHeadDetectorOptions = {},
  ): Promise<OnnxHeadDetector> {
    const setup: HeadWorkerSetup = {
      model: headDetectorToOnnx(saved),
      threshold: options.threshold ?? saved.architecture.threshold ?? DEFAULT_THRESHOLD,
    };
    const count = options.workers ?? Math.min(DETECTIONS_IN_FLIGHT, availableParallelism());
    const script = locateWorker('onnx-head-worker');
    const started = await Promise.allSettled(
      Array.from({ length: Math.max(1, count) }, () => startWorker(script, setup)),
    );
    const workers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failure = started.find((s) => s.status === 'rejected');
    if (failure !== undefined) {
      await Promise.all(workers.map((w) => w.thread.terminate()));
      throw failure.reason;
    }
    return new OnnxHeadDetector(workers);
  }

  /** Heads in one grey frame, highest confidence first. */
  predict(frame: GreyImage): Promise<HeadPrediction[]> {
    const worker = this.workers.reduce((a, b) => (b.waiting.size < a.waiting.size ? b : a));
    const id = this.nextId++;
    const data = frame.data.slice(0, frame.width * frame.height).buffer;
    return new Promise<HeadPrediction[]>((resolve, reject) => {
      if (worker.waiting.size === 0) worker.thread.ref();
      worker.waiting.set(id, { resolve, reject });
      const request: HeadFrameRequest = { id, width: frame.width, height: frame.height, data };
      worker.thread.postMessage(request, [data]);
    });
  }

  async detect(frame: GrayFrame, settings: CasaSettings): Promise<Detection[]> {
    return (await this.predict(frame)).map((p) => toDetection(p, settings.umPerPixel));
  }

  /** Stops the workers; detections still running are rejected. */
  async release(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.thread.terminate()));
  }
}

/** Starts a worker and waits until its session is ready (or says why it is not). */
function startWorker(script: URL, setup: HeadWorkerSetup): Promise<HeadWorker> {
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
        if ('heads' in message) waiting?.resolve(message.heads);
        else waiting?.reject(new Error(`Head detection failed: ${message.error}`));
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
