/**
 * The training worker thread's entry (run from dist/node/train-worker.js): starts the backend,
 * runs the job its `workerData` asks for and reports through the parent port. A 'stop' message
 * ends training at the next batch.
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { initBackend } from '../backend.js';
import { runDetectionTraining } from './detection-job.js';
import { runMorphologyTraining } from './morphology-job.js';
import type {
  FromWorker,
  JobResult,
  ToWorker,
  TrainingChannel,
  TrainingFault,
  WorkerRequest,
} from './protocol.js';
import { RemoteSampleSource } from './streamed-samples.js';
import { effectiveHeapLimit, guardWasmHeap, WasmHeapLimitError } from './wasm-heap.js';

const port = parentPort;
if (port === null) throw new Error('train-worker.js runs only as a worker thread');

/**
 * Training is background work: on Linux a thread's nice value is its own, so this lowers this
 * thread only and a server training a model keeps answering people at full speed. On an idle
 * machine it changes nothing.
 */
const TRAINING_NICE = 19;
setPriority(TRAINING_NICE);

const post = (message: FromWorker, transfer: ArrayBuffer[] = []): void =>
  port.postMessage(message, transfer);

const request = workerData as WorkerRequest;
/** A streamed detection request's samples, read through the runner. */
const remote =
  request.kind === 'detection' && 'streamed' in request.samples
    ? new RemoteSampleSource(request.samples.count, post)
    : undefined;

let stopRequested = false;
port.on('message', (message: ToWorker) => {
  if (message.type === 'stop') stopRequested = true;
  else remote?.receive(message);
});

/** Runs before each batch: throws when the WebAssembly heap has no room for one more. */
let checkHeap = (): void => undefined;

/** Plays a test fault after its batch: the thread blocks without a word, or exits. */
function faultAfter(fault: TrainingFault | undefined): (batches: number) => void {
  if (fault === undefined) return () => undefined;
  return (batches) => {
    if (batches < fault.afterBatch) return;
    switch (fault.kind) {
      case 'stop-posting':
        // Blocks this thread for good, at no CPU cost, like a trainer stuck in native code.
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
        return;
      case 'exit':
        process.exit(fault.code);
    }
  };
}
const playFault = faultAfter(request.fault);
let batchesPosted = 0;

const channel: TrainingChannel = {
  shouldStop: () => {
    checkHeap();
    return stopRequested;
  },
  batch: (epoch, done, total) => {
    post({ type: 'batch', epoch, done, total });
    batchesPosted += 1;
    playFault(batchesPosted);
  },
  epoch: (metrics, saved) => {
    // The saved weights are a fresh copy: hand their buffer over instead of cloning it.
    const buffer = saved.weights.buffer;
    post({ type: 'epoch', metrics, saved }, buffer instanceof ArrayBuffer ? [buffer] : []);
  },
  log: (line) => post({ type: 'log', line }),
  ...(remote === undefined ? {} : { samples: remote }),
};

async function run(request: WorkerRequest): Promise<JobResult> {
  const backend = await initBackend();
  channel.log(`TensorFlow.js ${backend.backend} backend, SIMD ${backend.simd ? 'on' : 'off'}`);
  const limit = effectiveHeapLimit(request.heapLimitBytes);
  checkHeap = guardWasmHeap(limit) ?? checkHeap;
  switch (request.kind) {
    case 'detection':
      return runDetectionTraining(request, channel);
    case 'morphology':
      return runMorphologyTraining(request, channel);
  }
}

run(request).then(
  (result) => post({ type: 'done', ...result }),
  (error: unknown) =>
    post({
      type: 'error',
      message: error instanceof Error ? error.message : String(error),
      ...(error instanceof WasmHeapLimitError ? { cause: 'wasm-heap' as const } : {}),
    }),
);
