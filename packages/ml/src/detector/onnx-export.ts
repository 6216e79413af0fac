/**
 * A saved head detector as an ONNX graph, so that ONNX Runtime (native, multi-threaded) runs what
 * TensorFlow.js trained: about ten times faster than the WASM backend on a CPU.
 */
import type { OnnxNode, OnnxTensor } from '../onnx/onnx-writer.js';
import { buildOnnxModel, ONNX_FLOAT } from '../onnx/onnx-writer.js';
import { layerShapes } from './model.js';
import { checkSavedHeadDetector, type SavedHeadDetector } from './weights.js';

/** Input: standardised frames [1, 1, H, W], H and W multiples of the stride (see `paddedSize`). */
export const ONNX_HEAD_INPUT = 'frame';
/** Output [1, 3, H/4, W/4]: heat logit, log box width and log box height in cells. */
export const ONNX_HEAD_OUTPUT = 'heads';

/**
 * The ONNX bytes of a saved head detector: the same convolutions (filters moved from TensorFlow's
 * [kh, kw, in, out] to ONNX's [out, in, kh, kw]) with TensorFlow's 'same' padding, which on an
 * even input and stride 2 pads one pixel at the end only. Throws when the weights do not fit.
 */
export function headDetectorToOnnx(saved: SavedHeadDetector): Uint8Array {
  checkSavedHeadDetector(saved);
  const layers = layerShapes(saved.architecture);
  const nodes: OnnxNode[] = [];
  const initializers: OnnxTensor[] = [];
  let offset = 0;
  const take = (count: number) => {
    const values = saved.weights.subarray(offset, offset + count);
    offset += count;
    return values;
  };
  let input = ONNX_HEAD_INPUT;
  layers.forEach(({ filter, stride }, i) => {
    const [kh, kw, inC, outC] = filter;
    const tfFilter = take(kh * kw * inC * outC);
    const onnxFilter = new Float32Array(tfFilter.length);
    for (let y = 0; y < kh; y++)
      for (let x = 0; x < kw; x++)
        for (let c = 0; c < inC; c++)
          for (let o = 0; o < outC; o++)
            onnxFilter[((o * inC + c) * kh + y) * kw + x] =
              tfFilter[((y * kw + x) * inC + c) * outC + o] ?? 0;
    initializers.push(
      { name: `w${i}`, dataType: ONNX_FLOAT, dims: [outC, inC, kh, kw], values: onnxFilter },
      { name: `b${i}`, dataType: ONNX_FLOAT, dims: [outC], values: take(outC) },
    );
    const last = i === layers.length - 1;
    const convolved = last ? ONNX_HEAD_OUTPUT : `conv${i}`;
    nodes.push({
      opType: 'Conv',
      inputs: [input, `w${i}`, `b${i}`],
      outputs: [convolved],
      attributes: [
        { name: 'kernel_shape', ints: [kh, kw] },
        { name: 'strides', ints: [stride, stride] },
        { name: 'pads', ints: samePads(kh, stride) },
      ],
    });
    if (!last) nodes.push({ opType: 'Relu', inputs: [convolved], outputs: [`relu${i}`] });
    input = `relu${i}`;
  });
  return buildOnnxModel({
    name: 'sarm-head-detector',
    nodes,
    inputs: [{ name: ONNX_HEAD_INPUT, elemType: ONNX_FLOAT, shape: [1, 1, 'height', 'width'] }],
    outputs: [
      { name: ONNX_HEAD_OUTPUT, elemType: ONNX_FLOAT, shape: [1, 3, 'cells_y', 'cells_x'] },
    ],
    initializers,
  });
}

/**
 * ONNX pads [top, left, bottom, right] equal to TensorFlow's 'same' on an even-sized input: the
 * total (kernel − stride, at least 0) split with the odd pixel at the end.
 */
function samePads(kernel: number, stride: number): number[] {
  const total = Math.max(kernel - stride, 0);
  const begin = Math.floor(total / 2);
  return [begin, begin, total - begin, total - begin];
}
