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
  WorkerRequest,
} from './protocol.js';

const port = parentPort;
if (port === null) throw new Error('train-worker.js runs only as a worker thread');

/**
 * Training is background work: on Linux a thread's nice value is its own, so this lowers this
 * thread only and a server training a model keeps answering people at full speed. On an idle
 * machine it changes nothing.
 */
const TRAINING_NICE = 19;
setPriority(TRAINING_NICE);

let stopRequested = false;
port.on('message', (message: ToWorker) => {
  if (message.type === 'stop') stopRequested = true;
});

const post = (message: FromWorker, transfer: ArrayBuffer[] = []): void =>
  port.postMessage(message, transfer);

const channel: TrainingChannel = {
  shouldStop: () => stopRequested,
  batch: (epoch, done, total) => post({ type: 'batch', epoch, done, total }),
  epoch: (metrics, saved) => {
    // The saved weights are a fresh copy: hand their buffer over instead of cloning it.
    const buffer = saved.weights.buffer;
    post({ type: 'epoch', metrics, saved }, buffer instanceof ArrayBuffer ? [buffer] : []);
  },
  log: (line) => post({ type: 'log', line }),
};

async function run(request: WorkerRequest): Promise<JobResult> {
  const backend = await initBackend();
  channel.log(`TensorFlow.js ${backend.backend} backend, SIMD ${backend.simd ? 'on' : 'off'}`);
  switch (request.kind) {
    case 'detection':
      return runDetectionTraining(request, channel);
    case 'morphology':
      return runMorphologyTraining(request, channel);
  }
}

run(workerData as WorkerRequest).then(
  (result) => post({ type: 'done', ...result }),
  (error: unknown) =>
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) }),
);
