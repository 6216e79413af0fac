import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { locateTrainWorker, trainWorkerUrlFor } from './worker-path.js';

describe('trainWorkerUrlFor', () => {
  it('points a source module at the built worker in dist', () => {
    const url = trainWorkerUrlFor('file:///repo/packages/ml/src/node/worker-path.ts');
    expect(url.href).toBe('file:///repo/packages/ml/dist/node/train-worker.js');
  });

  it('points a built module at the worker beside it', () => {
    const url = trainWorkerUrlFor('file:///repo/packages/ml/dist/node/worker-path.js');
    expect(url.href).toBe('file:///repo/packages/ml/dist/node/train-worker.js');
  });
});

describe('locateTrainWorker', () => {
  it('finds the built worker from the sources', () => {
    const url = locateTrainWorker();
    expect(url.pathname.endsWith('/packages/ml/dist/node/train-worker.js')).toBe(true);
    expect(existsSync(url)).toBe(true);
  });
});
