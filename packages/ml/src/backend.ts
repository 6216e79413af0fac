/**
 * TensorFlow.js on its WASM backend, set up for Node: the `.wasm` binaries come from the installed
 * package (so a fresh `npm ci` works with no network), SIMD is used when the runtime validates it,
 * and the Conv2D filter gradient the WASM backend lacks is registered so models can train on it,
 * along with the kernel gradients of every model (the package's own and the classifier's).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as tf from '@tensorflow/tfjs-core';
import type {
  Conv2DBackpropFilterAttrs,
  KernelConfig,
  NamedTensorInfoMap,
} from '@tensorflow/tfjs-core';
import { setThreadsCount, setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { registerClassifierGradients } from './classifier/gradients.js';
import { registerTrainingGradients } from './gradients.js';

/** What the initialised backend runs with. */
export interface BackendInfo {
  readonly backend: string;
  readonly simd: boolean;
  readonly threads: boolean;
}

const WASM_FILES = [
  'tfjs-backend-wasm.wasm',
  'tfjs-backend-wasm-simd.wasm',
  'tfjs-backend-wasm-threaded-simd.wasm',
] as const;

let ready: Promise<BackendInfo> | undefined;

/** The installed backend's `dist/` folder, wherever npm hoisted it. */
function wasmDistFolder(): string {
  const require = createRequire(import.meta.url);
  // The package's `main` lives in dist/ (dist/tf-backend-wasm.node.js).
  return dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));
}

/**
 * Initialises the WASM backend once per process and answers what it runs with. Later calls return
 * the same promise. Threads stay off in Node: tfjs-backend-wasm 4.x disables its pthread build
 * there (its worker is started from a Blob URL, which Node's worker_threads cannot load).
 */
export function initBackend(): Promise<BackendInfo> {
  ready ??= (async () => {
    const folder = wasmDistFolder();
    const paths: Record<string, string> = {};
    for (const file of WASM_FILES) paths[file] = join(folder, file);
    setWasmPaths(paths);
    const threads = (await tf.env().getAsync('WASM_HAS_MULTITHREAD_SUPPORT')) === true;
    if (threads) setThreadsCount(Math.max(1, navigatorCores()));
    registerConv2DFilterGradient();
    registerTrainingGradients();
    registerClassifierGradients();
    const ok = await withoutProcessHandlers(async () => {
      const started = await tf.setBackend('wasm');
      await tf.ready();
      return started;
    });
    if (!ok) throw new Error('The TensorFlow.js WASM backend failed to initialise');
    const simd = (await tf.env().getAsync('WASM_HAS_SIMD_SUPPORT')) === true;
    return { backend: tf.getBackend(), simd, threads };
  })();
  return ready;
}

/**
 * Runs `start` and removes the `uncaughtException` and `unhandledRejection` listeners it added:
 * the Emscripten glue of the WASM module installs rethrowing ones, which would sit in front of the
 * host application's own handlers and print the whole minified module with every error.
 */
async function withoutProcessHandlers<T>(start: () => Promise<T>): Promise<T> {
  const exceptions = new Set(process.listeners('uncaughtException'));
  const rejections = new Set(process.listeners('unhandledRejection'));
  try {
    return await start();
  } finally {
    for (const listener of process.listeners('uncaughtException')) {
      if (!exceptions.has(listener)) process.removeListener('uncaughtException', listener);
    }
    for (const listener of process.listeners('unhandledRejection')) {
      if (!rejections.has(listener)) process.removeListener('unhandledRejection', listener);
    }
  }
}

function navigatorCores(): number {
  const nav = (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator;
  return nav?.hardwareConcurrency ?? 1;
}

/**
 * dW[kh,kw,ci,co] = Σ_{b,oh,ow} x[b, oh·s+kh·d−pad, ow·s+kw·d−pad, ci] · dy[b,oh,ow,co]: a
 * convolution of x (batch moved to channels) by dy (batch as input channels) with the forward
 * stride as dilation, cropped to the filter size.
 */
export function conv2dFilterGradient(
  x: tf.Tensor4D,
  dy: tf.Tensor4D,
  filterShape: [number, number, number, number],
  strides: number | [number, number],
  pad: 'valid' | 'same' | number,
  dilations: number | [number, number] = 1,
): tf.Tensor4D {
  return tf.tidy(() => {
    const [fh, fw] = filterShape;
    const conv = tf.backend_util.computeConv2DInfo(x.shape, filterShape, strides, dilations, pad);
    if (conv.dilationHeight !== 1 || conv.dilationWidth !== 1) {
      throw new Error('conv2dFilterGradient: dilated forward convolutions are not supported');
    }
    const { top, bottom, left, right } = conv.padInfo;
    const padded = tf.pad(x, [
      [0, 0],
      [top, Math.max(0, bottom)],
      [left, Math.max(0, right)],
      [0, 0],
    ]);
    const xT = tf.transpose(padded, [3, 1, 2, 0]); // [ci, H, W, b]
    const dyT = tf.transpose(dy, [1, 2, 0, 3]); // [oh, ow, b, co]
    const dilation: [number, number] = [conv.strideHeight, conv.strideWidth];
    const raw = tf.conv2d(xT, dyT, 1, 'valid', 'NHWC', dilation); // [ci, >=fh, >=fw, co]
    const cropped = tf.slice(raw, [0, 0, 0, 0], [-1, fh, fw, -1]);
    return tf.transpose(cropped, [1, 2, 0, 3]);
  });
}

function registerConv2DFilterGradient(): void {
  if (tf.getKernel('Conv2DBackpropFilter', 'wasm') !== undefined) return;
  const config: KernelConfig = {
    kernelName: 'Conv2DBackpropFilter',
    backendName: 'wasm',
    kernelFunc: ({ inputs, attrs }) => {
      const { x, dy } = inputs as NamedTensorInfoMap & { x: tf.TensorInfo; dy: tf.TensorInfo };
      const a = attrs as unknown as Conv2DBackpropFilterAttrs;
      if (a.dataFormat !== 'NHWC') throw new Error('Conv2DBackpropFilter: only NHWC is supported');
      const pad = a.pad;
      if (typeof pad === 'object')
        throw new Error('Conv2DBackpropFilter: explicit padding unsupported');
      // Wrapping the inputs adds a reference to their data; disposing the wrappers removes it.
      const xt = tf.engine().makeTensorFromTensorInfo(x) as tf.Tensor4D;
      const dyt = tf.engine().makeTensorFromTensorInfo(dy) as tf.Tensor4D;
      const dw = conv2dFilterGradient(xt, dyt, a.filterShape, a.strides, pad);
      xt.dispose();
      dyt.dispose();
      return dw;
    },
  };
  tf.registerKernel(config);
}
