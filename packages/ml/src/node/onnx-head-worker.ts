/** Worker thread of an `OnnxHeadDetector`: one ONNX Runtime session, frames in, heads out. */
import { parentPort, workerData } from 'node:worker_threads';
import type { HeadFrameRequest, HeadWorkerMessage, HeadWorkerSetup } from './onnx-head-detector.js';
import { headsInFrame, openHeadSession } from './onnx-head-session.js';

const setup = workerData as HeadWorkerSetup;
const port = parentPort;
if (port === null) throw new Error('onnx-head-worker runs as a worker thread');
const post = (message: HeadWorkerMessage, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer);

try {
  const session = await openHeadSession(setup.model);
  port.on('message', (request: HeadFrameRequest) => {
    const { id, width, height, data } = request;
    const frame = new Uint8Array(data);
    headsInFrame(session, frame, width, height, setup.threshold, setup.stride).then(
      // The frame's memory goes back with the answer, for the next frame to reuse.
      (heads) => post({ id, heads, data }, [data]),
      (error: unknown) =>
        post({ id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
  post({ ready: true });
} catch (error) {
  post({ failed: error instanceof Error ? error.message : String(error) });
}
