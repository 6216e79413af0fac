/**
 * Gradients of the kernels the models train through. tfjs-core's Node bundle registers none (only
 * the 155 MB `@tensorflow/tfjs` union package does), so the few this package needs are written here
 * from the same formulas. A gradient someone else registered first is left alone.
 */
import * as tf from '@tensorflow/tfjs-core';
import type {
  Conv2DAttrs,
  GradConfig,
  NamedAttrMap,
  SliceAttrs,
  SumAttrs,
} from '@tensorflow/tfjs-core';

type Grad = GradConfig['gradFunc'];

function only(dy: tf.Tensor | tf.Tensor[]): tf.Tensor {
  if (Array.isArray(dy)) throw new Error('Expected one output gradient');
  return dy;
}

function saved(tensors: tf.Tensor[], i: number): tf.Tensor {
  const t = tensors[i];
  if (t === undefined) throw new Error('A saved tensor is missing');
  return t;
}

/** Sums a broadcast gradient back to the shape of the input it was broadcast from. */
function unbroadcast(grad: tf.Tensor, shape: number[]): tf.Tensor {
  const axes = tf.broadcast_util.getReductionAxes(shape, grad.shape);
  return tf.reshape(axes.length > 0 ? tf.sum(grad, axes) : grad, shape);
}

function attr<T>(attrs: NamedAttrMap): T {
  return attrs as unknown as T;
}

const binary = (
  kernelName: string,
  da: (dy: tf.Tensor, a: tf.Tensor, b: tf.Tensor) => tf.Tensor,
  db: (dy: tf.Tensor, a: tf.Tensor, b: tf.Tensor) => tf.Tensor,
): GradConfig => ({
  kernelName,
  inputsToSave: ['a', 'b'],
  gradFunc: ((dy, s) => {
    const g = only(dy);
    const a = saved(s, 0);
    const b = saved(s, 1);
    return {
      a: () => unbroadcast(da(g, a, b), a.shape),
      b: () => unbroadcast(db(g, a, b), b.shape),
    };
  }) satisfies Grad,
});

const unaryOfInput = (
  kernelName: string,
  dx: (dy: tf.Tensor, x: tf.Tensor) => tf.Tensor,
): GradConfig => ({
  kernelName,
  inputsToSave: ['x'],
  gradFunc: ((dy, s) => ({ x: () => dx(only(dy), saved(s, 0)) })) satisfies Grad,
});

/** Broadcasts a reduced gradient back over the reduced axes of x. */
function expandReduced(dy: tf.Tensor, x: tf.Tensor, axis: number | number[]): tf.Tensor {
  const axes = tf.util.parseAxisParam(axis, x.shape);
  const kept = x.shape.map((n, i) => (axes.includes(i) ? 1 : n));
  return tf.mul(tf.reshape(dy, kept), tf.onesLike(x));
}

const GRADIENTS: GradConfig[] = [
  binary(
    'Add',
    (dy) => dy,
    (dy) => dy,
  ),
  binary(
    'Sub',
    (dy) => dy,
    (dy) => tf.neg(dy),
  ),
  binary(
    'Multiply',
    (dy, _a, b) => tf.mul(dy, b),
    (dy, a) => tf.mul(dy, a),
  ),
  binary(
    'RealDiv',
    (dy, _a, b) => tf.div(dy, b),
    (dy, a, b) => tf.neg(tf.div(tf.mul(dy, a), tf.square(b))),
  ),
  unaryOfInput('Relu', (dy, x) => tf.mul(dy, tf.step(x))),
  unaryOfInput('Abs', (dy, x) => tf.mul(dy, tf.sign(x))),
  unaryOfInput('Log1p', (dy, x) => tf.div(dy, tf.add(x, 1))),
  unaryOfInput('Neg', (dy) => tf.neg(dy)),
  unaryOfInput('Reshape', (dy, x) => tf.reshape(dy, x.shape)),
  {
    kernelName: 'Exp',
    outputsToSave: [true],
    gradFunc: ((dy, s) => ({ x: () => tf.mul(only(dy), saved(s, 0)) })) satisfies Grad,
  },
  {
    kernelName: 'Sum',
    inputsToSave: ['x'],
    gradFunc: ((dy, s, attrs) => {
      const x = saved(s, 0);
      return { x: () => expandReduced(only(dy), x, attr<SumAttrs>(attrs).axis) };
    }) satisfies Grad,
  },
  {
    kernelName: 'Mean',
    inputsToSave: ['x'],
    gradFunc: ((dy, s, attrs) => {
      const x = saved(s, 0);
      const axes = tf.util.parseAxisParam(attr<SumAttrs>(attrs).axis, x.shape);
      const count = axes.reduce((n, a) => n * (x.shape[a] ?? 1), 1);
      return { x: () => tf.div(expandReduced(only(dy), x, axes), count) };
    }) satisfies Grad,
  },
  {
    kernelName: 'Slice',
    inputsToSave: ['x'],
    gradFunc: ((dy, s, attrs) => {
      const x = saved(s, 0);
      const g = only(dy);
      const { begin } = attr<SliceAttrs>(attrs);
      const starts = tf.util.isTypedArray(begin) || Array.isArray(begin) ? [...begin] : [begin];
      const paddings = x.shape.map((n, i): [number, number] => {
        const start = starts[i] ?? 0;
        return [start, n - start - (g.shape[i] ?? 0)];
      });
      return { x: () => tf.pad(g, paddings) };
    }) satisfies Grad,
  },
  {
    kernelName: 'Conv2D',
    inputsToSave: ['x', 'filter'],
    gradFunc: ((dy, s, attrs) => {
      const g = only(dy) as tf.Tensor4D;
      const x = saved(s, 0) as tf.Tensor4D;
      const filter = saved(s, 1) as tf.Tensor4D;
      const a = attr<Conv2DAttrs>(attrs);
      if (a.dataFormat !== 'NHWC') throw new Error('Conv2D gradient: only NHWC is supported');
      if (typeof a.pad === 'object')
        throw new Error('Conv2D gradient: explicit padding unsupported');
      const dilations = typeof a.dilations === 'number' ? [a.dilations] : a.dilations;
      if (dilations.some((d) => d !== 1)) throw new Error('Conv2D gradient: dilations unsupported');
      const pad = a.pad;
      return {
        x: () => tf.conv2dTranspose(g, filter, x.shape, a.strides, pad, a.dimRoundingMode),
        filter: () =>
          tf.engine().runKernel<tf.Tensor4D>(
            'Conv2DBackpropFilter',
            { x, dy: g },
            {
              strides: a.strides,
              pad,
              dataFormat: 'NHWC',
              ...(a.dimRoundingMode === undefined ? {} : { dimRoundingMode: a.dimRoundingMode }),
              filterShape: filter.shape,
            },
          ),
      };
    }) satisfies Grad,
  },
];

/** Registers the gradients above, keeping any that were registered already. */
export function registerTrainingGradients(): void {
  for (const config of GRADIENTS) {
    if (tf.getGradient(config.kernelName) === undefined) tf.registerGradient(config);
  }
}
