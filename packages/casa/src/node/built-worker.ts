import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The compiled worker script `script` next to a module of `src/node` or `dist/node`: a worker
 * thread cannot run TypeScript, so from the sources (under Vitest) it is the built one in
 * `dist/node`.
 */
export function builtWorkerUrl(moduleUrl: string, script: string): URL {
  return moduleUrl.endsWith('.ts')
    ? new URL(`../../dist/node/${script}.js`, moduleUrl)
    : new URL(`./${script}.js`, moduleUrl);
}

/** {@link builtWorkerUrl}, which must exist; else an error that says how to build it. */
export function locateBuiltWorker(moduleUrl: string, script: string, packageDir: string): URL {
  const url = builtWorkerUrl(moduleUrl, script);
  if (!existsSync(url)) {
    throw new Error(
      `The worker ${fileURLToPath(url)} is missing: build it (npx tsc -b ${packageDir})`,
    );
  }
  return url;
}
