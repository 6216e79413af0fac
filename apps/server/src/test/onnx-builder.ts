/** Builds small ONNX models in the tests, written by @sarm/ml's ONNX writer. */
import {
  buildOnnxModel as writeOnnxModel,
  castNode,
  ONNX_FLOAT,
  ONNX_INT64,
  type OnnxDim,
  type OnnxGraph,
  type OnnxNode,
  type OnnxTensor,
  type OnnxValueInfo,
} from '@sarm/ml';

const buildOnnxModel = (graph: OnnxGraph) => writeOnnxModel(graph, 'sarm-tests');

const float = (name: string, shape: readonly OnnxDim[]): OnnxValueInfo => ({
  name,
  elemType: ONNX_FLOAT,
  shape,
});

/**
 * A SAM-shaped encoder: `image` [1,3,S,S] → `image_embeddings` [1,1,S,S], the mean of the three
 * normalised channels (so a bright pixel embeds positive and a dark one negative).
 */
export function buildTestSamEncoder(size: number, options: { inputName?: string } = {}) {
  return buildOnnxModel({
    name: 'test-sam-encoder',
    nodes: [
      {
        opType: 'ReduceMean',
        inputs: [options.inputName ?? 'image'],
        outputs: ['image_embeddings'],
        attributes: [
          { name: 'axes', ints: [1] },
          { name: 'keepdims', int: 1 },
        ],
      },
    ],
    inputs: [float(options.inputName ?? 'image', [1, 3, size, size])],
    outputs: [float('image_embeddings', [1, 1, size, size])],
  });
}

/**
 * A SAM-shaped decoder with two candidate masks: the embedding's unpadded region resized to
 * `orig_im_size` (nearest), minus a threshold per mask. Mask 0 (threshold -100, everything on)
 * scores `iou_predictions` 0.3; mask 1 (threshold 0, the bright pixels) scores 0.95, so the
 * best-scoring mask is the bright object. The prompt inputs are accepted and unused.
 */
export function buildTestSamDecoder(size: number, options: { omitOutput?: 'masks' } = {}) {
  const constant = (
    name: string,
    dims: number[],
    values: number[],
    dataType: OnnxTensor['dataType'] = ONNX_FLOAT,
  ): OnnxNode => ({
    opType: 'Constant',
    inputs: [],
    outputs: [name],
    attributes: [{ name: 'value', tensor: { name, dataType, dims, values } }],
  });
  const nodes: OnnxNode[] = [
    constant('size', [1], [size]),
    constant('half', [1], [0.5]),
    constant('thresholds', [1, 2, 1, 1], [-100, 0]),
    constant('iou', [1, 2], [0.3, 0.95]),
    constant('batch_channel', [2], [1, 1], ONNX_INT64),
    constant('zeros', [2], [0, 0], ONNX_INT64),
    constant('axes_hw', [2], [2, 3], ONNX_INT64),
    {
      opType: 'ReduceMax',
      inputs: ['orig_im_size'],
      outputs: ['longest'],
      attributes: [{ name: 'keepdims', int: 1 }],
    },
    { opType: 'Div', inputs: ['size', 'longest'], outputs: ['scale'] },
    { opType: 'Mul', inputs: ['orig_im_size', 'scale'], outputs: ['scaled'] },
    { opType: 'Add', inputs: ['scaled', 'half'], outputs: ['rounded_up'] },
    { opType: 'Floor', inputs: ['rounded_up'], outputs: ['valid_float'] },
    castNode('valid_float', 'valid', ONNX_INT64),
    {
      opType: 'Slice',
      inputs: ['image_embeddings', 'zeros', 'valid', 'axes_hw'],
      outputs: ['unpadded'],
    },
    castNode('orig_im_size', 'hw', ONNX_INT64),
    {
      opType: 'Concat',
      inputs: ['batch_channel', 'hw'],
      outputs: ['sizes'],
      attributes: [{ name: 'axis', int: 0 }],
    },
    {
      opType: 'Resize',
      inputs: ['unpadded', '', '', 'sizes'],
      outputs: ['resized'],
      attributes: [
        { name: 'mode', string: 'nearest' },
        { name: 'nearest_mode', string: 'floor' },
        { name: 'coordinate_transformation_mode', string: 'asymmetric' },
      ],
    },
    { opType: 'Sub', inputs: ['resized', 'thresholds'], outputs: ['masks'] },
    { opType: 'Identity', inputs: ['iou'], outputs: ['iou_predictions'] },
  ];
  const outputs = [float('masks', [1, 2, 'height', 'width']), float('iou_predictions', [1, 2])];
  return buildOnnxModel({
    name: 'test-sam-decoder',
    nodes,
    inputs: [
      float('image_embeddings', [1, 1, size, size]),
      float('point_coords', [1, 'num_points', 2]),
      float('point_labels', [1, 'num_points']),
      float('mask_input', [1, 1, size / 4, size / 4]),
      float('has_mask_input', [1]),
      float('orig_im_size', [2]),
    ],
    outputs: outputs.filter((output) => output.name !== options.omitOutput),
  });
}

const constantNode = (
  name: string,
  dims: readonly number[],
  values: readonly number[],
): OnnxNode => ({
  opType: 'Constant',
  inputs: [],
  outputs: [name],
  attributes: [{ name: 'value', tensor: { name, dataType: ONNX_FLOAT, dims, values } }],
});

/** Nodes that make `zero` [1] (0 times the input's mean), so a constant answer still reads the input. */
const zeroOfInput = (input: string): OnnxNode[] => [
  {
    opType: 'ReduceMean',
    inputs: [input],
    outputs: ['input_mean'],
    attributes: [
      { name: 'axes', ints: [1, 2, 3] },
      { name: 'keepdims', int: 0 },
    ],
  },
  constantNode('nothing', [1], [0]),
  { opType: 'Mul', inputs: ['input_mean', 'nothing'], outputs: ['zero'] },
];

/**
 * A heat-map head detector: `images` [1,C,H,W] → `heat` [1,1,H/k,W/k], the channels' mean averaged
 * over k×k blocks, so a bright k×k block aligned on the grid is a peak of 1 there.
 */
export function buildTestHeatMapDetector(options: {
  channels: number;
  height: number;
  width: number;
  block: number;
}) {
  const { channels, height, width, block } = options;
  return buildOnnxModel({
    name: 'test-heat-map-detector',
    nodes: [
      {
        opType: 'ReduceMean',
        inputs: ['images'],
        outputs: ['grey'],
        attributes: [
          { name: 'axes', ints: [1] },
          { name: 'keepdims', int: 1 },
        ],
      },
      {
        opType: 'AveragePool',
        inputs: ['grey'],
        outputs: ['heat'],
        attributes: [
          { name: 'kernel_shape', ints: [block, block] },
          { name: 'strides', ints: [block, block] },
        ],
      },
    ],
    inputs: [float('images', [1, channels, height, width])],
    outputs: [float('heat', [1, 1, height / block, width / block])],
  });
}

/** A detector answering the same heat map [1,1,h,w] (rows of `heat`) whatever `images` [1,1,H,W] shows. */
export function buildTestConstantHeatMap(options: {
  height: number;
  width: number;
  heat: readonly (readonly number[])[];
}) {
  const rows = options.heat.length;
  const columns = options.heat[0]?.length ?? 0;
  return buildOnnxModel({
    name: 'test-constant-heat-map',
    nodes: [
      ...zeroOfInput('images'),
      constantNode('map', [1, 1, rows, columns], options.heat.flat()),
      { opType: 'Add', inputs: ['map', 'zero'], outputs: ['heat'] },
    ],
    inputs: [float('images', [1, 1, options.height, options.width])],
    outputs: [float('heat', [1, 1, rows, columns])],
  });
}

/**
 * A YOLO-style detector answering the same rows [1,N,K] (cx, cy, w, h, objectness, class scores…)
 * whatever `images` [1,C,H,W] shows; `height` and `width` may be symbolic.
 */
export function buildTestBoxDetector(options: {
  channels: number;
  height: OnnxDim;
  width: OnnxDim;
  rows: readonly (readonly number[])[];
}) {
  const count = options.rows.length;
  const stride = options.rows[0]?.length ?? 0;
  return buildOnnxModel({
    name: 'test-box-detector',
    nodes: [
      ...zeroOfInput('images'),
      constantNode('boxes', [1, count, stride], options.rows.flat()),
      { opType: 'Add', inputs: ['boxes', 'zero'], outputs: ['output0'] },
    ],
    inputs: [float('images', [1, options.channels, options.height, options.width])],
    outputs: [float('output0', [1, count, stride])],
  });
}

/**
 * A crop classifier: `crops` [N,C,S,S] → `scores` [N,K] = (mean of each channel) · weights [C,K]
 * + bias [K]. With the mask as channel 1, a weight on it tells masked crops from the others.
 */
export function buildTestClassifier(options: {
  channels: number;
  size: number;
  weights: readonly (readonly number[])[];
  bias: readonly number[];
  batch?: OnnxDim;
}) {
  const classes = options.bias.length;
  return buildOnnxModel({
    name: 'test-classifier',
    nodes: [
      {
        opType: 'ReduceMean',
        inputs: ['crops'],
        outputs: ['means'],
        attributes: [
          { name: 'axes', ints: [2, 3] },
          { name: 'keepdims', int: 0 },
        ],
      },
      constantNode('weights', [options.channels, classes], options.weights.flat()),
      constantNode('bias', [classes], options.bias),
      { opType: 'MatMul', inputs: ['means', 'weights'], outputs: ['weighted'] },
      { opType: 'Add', inputs: ['weighted', 'bias'], outputs: ['scores'] },
    ],
    inputs: [
      float('crops', [options.batch ?? 'batch', options.channels, options.size, options.size]),
    ],
    outputs: [float('scores', [options.batch ?? 'batch', classes])],
  });
}

/** A model that answers its input [1,C,H,W] unchanged: neither boxes nor a one-channel heat map. */
export function buildTestIdentityModel(channels: number, height: number, width: number) {
  return buildOnnxModel({
    name: 'test-identity',
    nodes: [{ opType: 'Identity', inputs: ['images'], outputs: ['same'] }],
    inputs: [float('images', [1, channels, height, width])],
    outputs: [float('same', [1, channels, height, width])],
  });
}
