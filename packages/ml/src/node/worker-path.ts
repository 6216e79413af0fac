/** Where the compiled worker scripts are, whether this module runs from src (tests) or dist. */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The worker scripts of src/node, by name. */
export type WorkerScript = 'train-worker' | 'onnx-head-worker';

/**
 * A worker script next to a module of src/node or dist/node: a worker thread cannot run
 * TypeScript, so from the sources (under Vitest) it is the built one in dist/node.
 */
export function workerUrlFor(moduleUrl: string, script: WorkerScript = 'train-worker'): URL {
  return moduleUrl.endsWith('.ts')
    ? new URL(`../../dist/node/${script}.js`, moduleUrl)
    : new URL(`./${script}.js`, moduleUrl);
}

/** A worker script; throws when it has not been built. */
export function locateWorker(script: WorkerScript): URL {
  const url = workerUrlFor(import.meta.url, script);
  if (!existsSync(url)) {
    throw new Error(
      `The worker ${fileURLToPath(url)} is missing: build @sarm/ml (npx tsc -b packages/ml)`,
    );
  }
  return url;
}
