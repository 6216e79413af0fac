/**
 * A saved head detector as an ONNX graph, so that ONNX Runtime (native) runs what TensorFlow.js
 * trained, about ten times faster than the WASM backend on a CPU. The graph takes the frame's
 * bytes as they are and does what `standardiseInto`, `forward` and the sigmoid do in TensorFlow.js.
 */
import type { OnnxAttribute, OnnxNode, OnnxTensor } from '../onnx/onnx-writer.js';
import {
  buildOnnxModel,
  castNode,
  ONNX_FLOAT,
  ONNX_INT64,
  ONNX_UINT8,
} from '../onnx/onnx-writer.js';
import { LOCAL_MIN_DEVIATION, LOCAL_WINDOW_RADIUS } from './local-standardise.js';
import type { HeadDetectorNormalisation, LayerShape } from './model.js';
import { layerShapes } from './model.js';
import { checkSavedHeadDetector, type SavedHeadDetector } from './weights.js';
import { ONNX_HEAD_INPUT, ONNX_HEAD_OUTPUT, ONNX_HEAD_PADS } from './onnx-io.js';

/** A float constant. */
const constant = (name: string, dims: number[], values: number[]): OnnxNode => ({
  opType: 'Constant',
  inputs: [],
  outputs: [name],
  attributes: [{ name: 'value', tensor: { name, dataType: ONNX_FLOAT, dims, values } }],
});

/**
 * The frame standardised as `standardiseInto` does (minus its mean rounded to a grey level,
 * divided by the standard deviation but by no less than 1) and padded with zeros: nodes from the
 * inputs to `standardised`. The statistics take two passes over the frame and one
 * DequantizeLinear does the arithmetic on the bytes themselves, a third of the passes of
 * subtracting and dividing floats.
 */
function standardisation(): OnnxNode[] {
  return [
    castNode(ONNX_HEAD_INPUT, 'grey', ONNX_FLOAT),
    {
      opType: 'ReduceMean',
      inputs: ['grey'],
      outputs: ['mean'],
      attributes: [{ name: 'keepdims', int: 0 }],
    },
    {
      opType: 'ReduceSumSquare',
      inputs: ['grey'],
      outputs: ['sum_of_squares'],
      attributes: [{ name: 'keepdims', int: 0 }],
    },
    { opType: 'Size', inputs: ['grey'], outputs: ['pixels_int'] },
    castNode('pixels_int', 'pixels', ONNX_FLOAT),
    { opType: 'Div', inputs: ['sum_of_squares', 'pixels'], outputs: ['mean_square'] },
    { opType: 'Mul', inputs: ['mean', 'mean'], outputs: ['square_of_mean'] },
    { opType: 'Sub', inputs: ['mean_square', 'square_of_mean'], outputs: ['variance_raw'] },
    constant('zero', [], [0]),
    // Rounding can leave a flat frame's variance a hair below zero.
    { opType: 'Max', inputs: ['variance_raw', 'zero'], outputs: ['variance'] },
    { opType: 'Sqrt', inputs: ['variance'], outputs: ['deviation'] },
    constant('one', [], [1]),
    { opType: 'Max', inputs: ['deviation', 'one'], outputs: ['divisor'] },
    { opType: 'Reciprocal', inputs: ['divisor'], outputs: ['scale'] },
    { opType: 'Round', inputs: ['mean'], outputs: ['mean_rounded'] },
    castNode('mean_rounded', 'zero_point', ONNX_UINT8),
    {
      opType: 'DequantizeLinear',
      inputs: [ONNX_HEAD_INPUT, 'scale', 'zero_point'],
      outputs: ['unpadded'],
    },
    { opType: 'Pad', inputs: ['unpadded', ONNX_HEAD_PADS], outputs: ['standardised'] },
  ];
}

/**
 * The frame standardised over local windows as `localStandardiseInto` does: window means by two
 * one-dimensional average pools (a clipped window's count is its clipped height times its clipped
 * width, so the two passes give the 2-D mean), deviations from the mean square.
 */
function localStandardisation(): OnnxNode[] {
  const r = LOCAL_WINDOW_RADIUS;
  const pool = (input: string, output: string): OnnxNode[] => [
    {
      opType: 'AveragePool',
      inputs: [input],
      outputs: [`${output}_columns`],
      attributes: [
        { name: 'kernel_shape', ints: [2 * r + 1, 1] },
        { name: 'pads', ints: [r, 0, r, 0] },
        { name: 'count_include_pad', int: 0 },
      ],
    },
    {
      opType: 'AveragePool',
      inputs: [`${output}_columns`],
      outputs: [output],
      attributes: [
        { name: 'kernel_shape', ints: [1, 2 * r + 1] },
        { name: 'pads', ints: [0, r, 0, r] },
        { name: 'count_include_pad', int: 0 },
      ],
    },
  ];
  return [
    castNode(ONNX_HEAD_INPUT, 'grey', ONNX_FLOAT),
    { opType: 'Mul', inputs: ['grey', 'grey'], outputs: ['grey_squared'] },
    ...pool('grey', 'local_mean'),
    ...pool('grey_squared', 'local_mean_square'),
    { opType: 'Mul', inputs: ['local_mean', 'local_mean'], outputs: ['local_square_of_mean'] },
    {
      opType: 'Sub',
      inputs: ['local_mean_square', 'local_square_of_mean'],
      outputs: ['local_variance_raw'],
    },
    constant('zero', [], [0]),
    { opType: 'Max', inputs: ['local_variance_raw', 'zero'], outputs: ['local_variance'] },
    { opType: 'Sqrt', inputs: ['local_variance'], outputs: ['local_deviation'] },
    constant('smallest_deviation', [], [LOCAL_MIN_DEVIATION]),
    {
      opType: 'Max',
      inputs: ['local_deviation', 'smallest_deviation'],
      outputs: ['local_divisor'],
    },
    { opType: 'Sub', inputs: ['grey', 'local_mean'], outputs: ['local_centred'] },
    { opType: 'Div', inputs: ['local_centred', 'local_divisor'], outputs: ['unpadded'] },
    { opType: 'Pad', inputs: ['unpadded', ONNX_HEAD_PADS], outputs: ['standardised'] },
  ];
}

/** The nodes from the frame's bytes to `standardised`. */
function normalisationNodes(normalisation: HeadDetectorNormalisation = 'frame'): OnnxNode[] {
  return normalisation === 'local' ? localStandardisation() : standardisation();
}

/**
 * The projection's output repeated to 2x2 blocks and cropped to the fine features' grid, added to
 * them and through a ReLU, as `upsampleTo` and `forward` do.
 */
function contextMerge(projected: string, fine: string, output: string): OnnxNode[] {
  return [
    constant(`${output}_scales`, [4], [1, 1, 2, 2]),
    {
      opType: 'Resize',
      inputs: [projected, '', `${output}_scales`],
      outputs: [`${output}_doubled`],
      attributes: [
        { name: 'mode', string: 'nearest' },
        { name: 'coordinate_transformation_mode', string: 'asymmetric' },
        { name: 'nearest_mode', string: 'floor' },
      ],
    },
    { opType: 'Shape', inputs: [fine], outputs: [`${output}_fine_shape`] },
    {
      opType: 'Slice',
      inputs: [`${output}_fine_shape`, 'axes_from', 'axes_to'],
      outputs: [`${output}_fine_size`],
    },
    {
      opType: 'Slice',
      inputs: [`${output}_doubled`, 'grid_start', `${output}_fine_size`, 'grid_axes'],
      outputs: [`${output}_cropped`],
    },
    { opType: 'Add', inputs: [fine, `${output}_cropped`], outputs: [`${output}_sum`] },
    { opType: 'Relu', inputs: [`${output}_sum`], outputs: [output] },
  ];
}

/** Integer constants the context merge's slices use. */
const CONTEXT_INITIALIZERS: OnnxTensor[] = [
  { name: 'axes_from', dataType: ONNX_INT64, dims: [1], values: [2] },
  { name: 'axes_to', dataType: ONNX_INT64, dims: [1], values: [4] },
  { name: 'grid_start', dataType: ONNX_INT64, dims: [2], values: [0, 0] },
  { name: 'grid_axes', dataType: ONNX_INT64, dims: [2], values: [2, 3] },
];

/** A convolution's padding: TensorFlow's 'same' (see `samePads`), from the input's own size on a
 * context branch's first layer, whose input (the fine grid) may have an odd size. */
function convPadding(layer: LayerShape, kernel: number): OnnxAttribute {
  if (layer.role === 'context' && layer.stride > 1)
    return { name: 'auto_pad', string: 'SAME_UPPER' };
  return { name: 'pads', ints: samePads(kernel, layer.stride) };
}

/**
 * The ONNX bytes of a saved head detector: standardisation, the same convolutions (filters moved
 * from TensorFlow's [kh, kw, in, out] to ONNX's [out, in, kh, kw]) with TensorFlow's 'same'
 * padding, which on an even input and stride 2 pads one pixel at the end only, and the sigmoid
 * on the heat. Throws when the weights do not fit the architecture.
 */
export function headDetectorToOnnx(saved: SavedHeadDetector): Uint8Array {
  checkSavedHeadDetector(saved);
  const layers = layerShapes(saved.architecture);
  const nodes: OnnxNode[] = normalisationNodes(saved.architecture.normalisation);
  const initializers: OnnxTensor[] = [];
  if (layers.some((l) => l.role === 'projection')) initializers.push(...CONTEXT_INITIALIZERS);
  let offset = 0;
  const take = (count: number) => {
    const values = saved.weights.subarray(offset, offset + count);
    offset += count;
    return values;
  };
  let input = 'standardised';
  let fine = input;
  layers.forEach((layer, i) => {
    const [kh, kw, inC, outC] = layer.filter;
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
    nodes.push({
      opType: 'Conv',
      inputs: [input, `w${i}`, `b${i}`],
      outputs: [`conv${i}`],
      attributes: [
        { name: 'kernel_shape', ints: [kh, kw] },
        { name: 'strides', ints: [layer.stride, layer.stride] },
        convPadding(layer, kh),
      ],
    });
    input = `relu${i}`;
    switch (layer.role) {
      case 'fine':
        fine = input;
        nodes.push({ opType: 'Relu', inputs: [`conv${i}`], outputs: [input] });
        break;
      case 'context':
      case 'merge':
        nodes.push({ opType: 'Relu', inputs: [`conv${i}`], outputs: [input] });
        break;
      case 'projection':
        nodes.push(...contextMerge(`conv${i}`, fine, input));
        break;
      case 'head':
        break;
    }
  });
  const raw = `conv${layers.length - 1}`;
  initializers.push({ name: 'split', dataType: ONNX_INT64, dims: [2], values: [1, 2] });
  nodes.push(
    {
      opType: 'Split',
      inputs: [raw, 'split'],
      outputs: ['logit', 'sizes'],
      attributes: [{ name: 'axis', int: 1 }],
    },
    { opType: 'Sigmoid', inputs: ['logit'], outputs: ['heat'] },
    {
      opType: 'Concat',
      inputs: ['heat', 'sizes'],
      outputs: [ONNX_HEAD_OUTPUT],
      attributes: [{ name: 'axis', int: 1 }],
    },
  );
  return buildOnnxModel({
    name: 'sarm-head-detector',
    nodes,
    inputs: [
      { name: ONNX_HEAD_INPUT, elemType: ONNX_UINT8, shape: [1, 1, 'height', 'width'] },
      { name: ONNX_HEAD_PADS, elemType: ONNX_INT64, shape: [8] },
    ],
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
