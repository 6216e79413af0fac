/**
 * Builds small ONNX models in the tests: a minimal protobuf writer for the parts of `onnx.proto`
 * a graph of standard operators needs (ModelProto, GraphProto, NodeProto, AttributeProto,
 * TensorProto, ValueInfoProto). Field numbers follow onnx/onnx.proto (IR version 8, opset 13).
 */

/** Protobuf wire types. */
const VARINT = 0;
const FIXED32 = 5;
const LENGTH_DELIMITED = 2;

/** ONNX TensorProto.DataType codes. */
export const ONNX_FLOAT = 1;
export const ONNX_INT64 = 7;

/** A protobuf message under construction: fields are appended in order. */
class ProtoWriter {
  private readonly chunks: Uint8Array[] = [];

  private varint(value: bigint): void {
    // Negative int64 values are written as their 64-bit two's complement (10 bytes).
    let rest = BigInt.asUintN(64, value);
    const bytes: number[] = [];
    do {
      let byte = Number(rest & 0x7fn);
      rest >>= 7n;
      if (rest !== 0n) byte |= 0x80;
      bytes.push(byte);
    } while (rest !== 0n);
    this.chunks.push(Uint8Array.from(bytes));
  }

  private key(field: number, wireType: number): void {
    this.varint(BigInt((field << 3) | wireType));
  }

  int(field: number, value: number | bigint): this {
    this.key(field, VARINT);
    this.varint(BigInt(value));
    return this;
  }

  float(field: number, value: number): this {
    this.key(field, FIXED32);
    const bytes = new Uint8Array(4);
    new DataView(bytes.buffer).setFloat32(0, value, true);
    this.chunks.push(bytes);
    return this;
  }

  bytes(field: number, value: Uint8Array): this {
    this.key(field, LENGTH_DELIMITED);
    this.varint(BigInt(value.length));
    this.chunks.push(value);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytes(field, new TextEncoder().encode(value));
  }

  message(field: number, value: ProtoWriter): this {
    return this.bytes(field, value.finish());
  }

  finish(): Uint8Array {
    const total = this.chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    const out = new Uint8Array(total);
    let offset = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    return out;
  }
}

/** A dimension: a fixed size or a symbolic name. */
export type OnnxDim = number | string;

export interface OnnxValueInfo {
  readonly name: string;
  readonly elemType: number;
  readonly shape: readonly OnnxDim[];
}

export interface OnnxTensor {
  readonly name: string;
  readonly dataType: typeof ONNX_FLOAT | typeof ONNX_INT64;
  readonly dims: readonly number[];
  readonly values: readonly number[];
}

export type OnnxAttribute =
  | { readonly name: string; readonly int: number }
  | { readonly name: string; readonly ints: readonly number[] }
  | { readonly name: string; readonly float: number }
  | { readonly name: string; readonly string: string }
  | { readonly name: string; readonly tensor: OnnxTensor };

export interface OnnxNode {
  readonly opType: string;
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
  readonly attributes?: readonly OnnxAttribute[];
}

export interface OnnxGraph {
  readonly name: string;
  readonly nodes: readonly OnnxNode[];
  readonly inputs: readonly OnnxValueInfo[];
  readonly outputs: readonly OnnxValueInfo[];
  readonly initializers?: readonly OnnxTensor[];
}

function tensorProto(tensor: OnnxTensor): ProtoWriter {
  const proto = new ProtoWriter();
  for (const dim of tensor.dims) proto.int(1, dim);
  proto.int(2, tensor.dataType);
  proto.string(8, tensor.name);
  const raw = new Uint8Array(tensor.values.length * (tensor.dataType === ONNX_FLOAT ? 4 : 8));
  const view = new DataView(raw.buffer);
  tensor.values.forEach((value, index) => {
    if (tensor.dataType === ONNX_FLOAT) view.setFloat32(index * 4, value, true);
    else view.setBigInt64(index * 8, BigInt(value), true);
  });
  return proto.bytes(9, raw);
}

/** AttributeProto.AttributeType codes. */
const ATTRIBUTE_FLOAT = 1;
const ATTRIBUTE_INT = 2;
const ATTRIBUTE_STRING = 3;
const ATTRIBUTE_TENSOR = 4;
const ATTRIBUTE_INTS = 7;

function attributeProto(attribute: OnnxAttribute): ProtoWriter {
  const proto = new ProtoWriter().string(1, attribute.name);
  if ('int' in attribute) return proto.int(3, attribute.int).int(20, ATTRIBUTE_INT);
  if ('float' in attribute) return proto.float(2, attribute.float).int(20, ATTRIBUTE_FLOAT);
  if ('string' in attribute) return proto.string(4, attribute.string).int(20, ATTRIBUTE_STRING);
  if ('tensor' in attribute)
    return proto.message(5, tensorProto(attribute.tensor)).int(20, ATTRIBUTE_TENSOR);
  for (const value of attribute.ints) proto.int(8, value);
  return proto.int(20, ATTRIBUTE_INTS);
}

function valueInfoProto(info: OnnxValueInfo): ProtoWriter {
  const shape = new ProtoWriter();
  for (const dim of info.shape)
    shape.message(
      1,
      typeof dim === 'number' ? new ProtoWriter().int(1, dim) : new ProtoWriter().string(2, dim),
    );
  const tensorType = new ProtoWriter().int(1, info.elemType).message(2, shape);
  return new ProtoWriter()
    .string(1, info.name)
    .message(2, new ProtoWriter().message(1, tensorType));
}

/** The serialised ModelProto of a graph (IR version 8, default-domain opset 13). */
export function buildOnnxModel(graph: OnnxGraph): Uint8Array {
  const graphProto = new ProtoWriter();
  graph.nodes.forEach((node, index) => {
    const nodeProto = new ProtoWriter();
    for (const input of node.inputs) nodeProto.string(1, input);
    for (const output of node.outputs) nodeProto.string(2, output);
    nodeProto.string(3, `${node.opType}_${index}`).string(4, node.opType);
    for (const attribute of node.attributes ?? []) nodeProto.message(5, attributeProto(attribute));
    graphProto.message(1, nodeProto);
  });
  graphProto.string(2, graph.name);
  for (const initializer of graph.initializers ?? [])
    graphProto.message(5, tensorProto(initializer));
  for (const input of graph.inputs) graphProto.message(11, valueInfoProto(input));
  for (const output of graph.outputs) graphProto.message(12, valueInfoProto(output));
  return new ProtoWriter()
    .int(1, 8)
    .string(2, 'sarm-tests')
    .message(7, graphProto)
    .message(8, new ProtoWriter().string(1, '').int(2, 13))
    .finish();
}

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
    {
      opType: 'Cast',
      inputs: ['valid_float'],
      outputs: ['valid'],
      attributes: [{ name: 'to', int: ONNX_INT64 }],
    },
    {
      opType: 'Slice',
      inputs: ['image_embeddings', 'zeros', 'valid', 'axes_hw'],
      outputs: ['unpadded'],
    },
    {
      opType: 'Cast',
      inputs: ['orig_im_size'],
      outputs: ['hw'],
      attributes: [{ name: 'to', int: ONNX_INT64 }],
    },
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
