/** Where the compiled training worker is, whether this module runs from src (tests) or dist. */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The worker script next to a module of src/node or dist/node: a worker thread cannot run
 * TypeScript, so from the sources (under Vitest) it is the built dist/node/train-worker.js.
 */
export function trainWorkerUrlFor(moduleUrl: string): URL {
  return moduleUrl.endsWith('.ts')
    ? new URL('../../dist/node/train-worker.js', moduleUrl)
    : new URL('./train-worker.js', moduleUrl);
}

/** The training worker's script; throws when it has not been built. */
export function locateTrainWorker(): URL {
  const url = trainWorkerUrlFor(import.meta.url);
  if (!existsSync(url)) {
    throw new Error(
      `The training worker ${fileURLToPath(url)} is missing: build @sarm/ml (npx tsc -b packages/ml)`,
    );
  }
  return url;
}
