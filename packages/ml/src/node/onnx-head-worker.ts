/** Worker thread of an `OnnxHeadDetector`: one ONNX Runtime session, frames in, heads out. */
import { parentPort, workerData } from 'node:worker_threads';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import { decodePeaks, paddedSize, STRIDE } from '../detector/encode.js';
import { ONNX_HEAD_INPUT, ONNX_HEAD_OUTPUT, ONNX_HEAD_PADS } from '../detector/onnx-io.js';
import type { HeadFrameRequest, HeadWorkerMessage, HeadWorkerSetup } from './onnx-head-detector.js';

const setup = workerData as HeadWorkerSetup;
const port = parentPort;
if (port === null) throw new Error('onnx-head-worker runs as a worker thread');
const post = (message: HeadWorkerMessage) => port.postMessage(message);

try {
  // One thread a session: the detector keeps several frames in as many workers instead, and
  // threads that wait by spinning slow a busy machine down.
  const session = await InferenceSession.create(setup.model, {
    graphOptimizationLevel: 'all',
    executionMode: 'sequential',
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    // Idle threads must sleep, not spin: they would take the CPU from the analysis.
    extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
  });
  port.on('message', (request: HeadFrameRequest) => {
    detect(session, request).then(
      (heads) => post({ id: request.id, heads }),
      (error: unknown) =>
        post({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
  post({ ready: true });
} catch (error) {
  post({ failed: error instanceof Error ? error.message : String(error) });
}

async function detect(session: InferenceSession, request: HeadFrameRequest) {
  const { width, height } = request;
  const paddedWidth = paddedSize(width);
  const paddedHeight = paddedSize(height);
  const pads = [0, 0, 0, 0, 0, 0, paddedHeight - height, paddedWidth - width].map(BigInt);
  const outputs = await session.run({
    [ONNX_HEAD_INPUT]: new Tensor('uint8', new Uint8Array(request.data), [1, 1, height, width]),
    [ONNX_HEAD_PADS]: new Tensor('int64', BigInt64Array.from(pads), [8]),
  });
  const heads = outputs[ONNX_HEAD_OUTPUT];
  if (heads === undefined) throw new Error('The head detector answered no heat map');
  return decodePeaks(
    heads.data as Float32Array,
    paddedWidth / STRIDE,
    paddedHeight / STRIDE,
    setup.threshold,
    width,
    height,
    'planar',
  );
}
