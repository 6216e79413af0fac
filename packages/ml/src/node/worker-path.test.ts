import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { locateWorker, workerUrlFor } from './worker-path.js';

describe('workerUrlFor', () => {
  it('points a source module at the built worker in dist', () => {
    const url = workerUrlFor('file:///repo/packages/ml/src/node/worker-path.ts');
    expect(url.href).toBe('file:///repo/packages/ml/dist/node/train-worker.js');
  });

  it('points a built module at the worker beside it', () => {
    const url = workerUrlFor(
      'file:///repo/packages/ml/dist/node/worker-path.js',
      'onnx-head-worker',
    );
    expect(url.href).toBe('file:///repo/packages/ml/dist/node/onnx-head-worker.js');
  });
});

describe('locateWorker', () => {
  it('finds the built workers from the sources', () => {
    for (const script of ['train-worker', 'onnx-head-worker'] as const) {
      const url = locateWorker(script);
      expect(url.pathname.endsWith(`/packages/ml/dist/node/${script}.js`)).toBe(true);
      expect(existsSync(url)).toBe(true);
    }
  });
});
