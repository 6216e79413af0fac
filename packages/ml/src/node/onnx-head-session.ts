/** An ONNX Runtime session of a head detector, and one frame through it (any thread). */
import { InferenceSession, Tensor } from 'onnxruntime-node';
import { decodePeaks, paddedSize, STRIDE } from '../detector/encode.js';
import { ONNX_HEAD_INPUT, ONNX_HEAD_OUTPUT, ONNX_HEAD_PADS } from '../detector/onnx-io.js';
import type { HeadPrediction } from '../types.js';

/**
 * A session on one thread: more threads per session only spin on a busy machine, where decoding
 * and tracking already use the other cores. Idle threads sleep rather than spin.
 */
export function openHeadSession(model: Uint8Array): Promise<InferenceSession> {
  return InferenceSession.create(model, {
    graphOptimizationLevel: 'all',
    executionMode: 'sequential',
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
  });
}

/**
 * Heads in a grey frame (`width` x `height` bytes, which must stay unchanged until the promise
 * settles: the run starts on a later turn of the event loop), highest confidence first; `stride`
 * is the model's pixels per output cell.
 */
export async function headsInFrame(
  session: InferenceSession,
  data: Uint8Array,
  width: number,
  height: number,
  threshold: number,
  stride = STRIDE,
): Promise<HeadPrediction[]> {
  const paddedWidth = paddedSize(width, stride);
  const paddedHeight = paddedSize(height, stride);
  const pads = [0, 0, 0, 0, 0, 0, paddedHeight - height, paddedWidth - width].map(BigInt);
  const outputs = await session.run({
    [ONNX_HEAD_INPUT]: new Tensor('uint8', data, [1, 1, height, width]),
    [ONNX_HEAD_PADS]: new Tensor('int64', BigInt64Array.from(pads), [8]),
  });
  const heads = outputs[ONNX_HEAD_OUTPUT];
  if (heads === undefined) throw new Error('The head detector answered no heat map');
  return decodePeaks(
    heads.data as Float32Array,
    paddedWidth / stride,
    paddedHeight / stride,
    threshold,
    width,
    height,
    'planar',
    stride,
  );
}
