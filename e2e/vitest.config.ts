import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// Browser tests of whole workflows: one real server (see global-setup.ts), one Chromium, run in order.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    // A browser test that fails is run once more before it counts as failed: on a busy two-core CI
    // machine a page can miss a 15 s wait once. A real fault fails both runs; the first failure
    // stays in the log.
    retry: 1,
  },
});
