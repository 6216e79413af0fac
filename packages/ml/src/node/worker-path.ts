/** Where the compiled worker scripts are, whether this module runs from src (tests) or dist. */
import { builtWorkerUrl, locateBuiltWorker } from '@sarm/casa/node';

/** The worker scripts of src/node, by name. */
export type WorkerScript = 'train-worker' | 'onnx-head-worker';

/** A worker script next to a module of src/node (then the built one in dist/node) or dist/node. */
export function workerUrlFor(moduleUrl: string, script: WorkerScript = 'train-worker'): URL {
  return builtWorkerUrl(moduleUrl, script);
}

/** A worker script; throws when it has not been built. */
export function locateWorker(script: WorkerScript): URL {
  return locateBuiltWorker(import.meta.url, script, 'packages/ml');
}
