/**
 * Writes ONNX models: a minimal protobuf writer for the parts of `onnx.proto` a graph of standard
 * operators needs (ModelProto, GraphProto, NodeProto, AttributeProto, TensorProto, ValueInfoProto).
 * Field numbers follow onnx/onnx.proto (IR version 8, opset 13). Pure: answers bytes.
 */

/** Protobuf wire types. */
const VARINT = 0;
const FIXED32 = 5;
const LENGTH_DELIMITED = 2;

/** ONNX TensorProto.DataType codes. */
export const ONNX_FLOAT = 1;
export const ONNX_UINT8 = 2;
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
  readonly values: ArrayLike<number>;
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

/** A Cast node: `input` converted to the TensorProto.DataType `to`, as `output`. */
export function castNode(input: string, output: string, to: number): OnnxNode {
  return {
    opType: 'Cast',
    inputs: [input],
    outputs: [output],
    attributes: [{ name: 'to', int: to }],
  };
}

function tensorProto(tensor: OnnxTensor): ProtoWriter {
  const proto = new ProtoWriter();
  for (const dim of tensor.dims) proto.int(1, dim);
  proto.int(2, tensor.dataType);
  proto.string(8, tensor.name);
  const raw = new Uint8Array(tensor.values.length * (tensor.dataType === ONNX_FLOAT ? 4 : 8));
  const view = new DataView(raw.buffer);
  for (let index = 0; index < tensor.values.length; index++) {
    const value = tensor.values[index] ?? 0;
    if (tensor.dataType === ONNX_FLOAT) view.setFloat32(index * 4, value, true);
    else view.setBigInt64(index * 8, BigInt(value), true);
  }
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
export function buildOnnxModel(graph: OnnxGraph, producer = 'sarm'): Uint8Array {
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
    .string(2, producer)
    .message(7, graphProto)
    .message(8, new ProtoWriter().string(1, '').int(2, 13))
    .finish();
}
