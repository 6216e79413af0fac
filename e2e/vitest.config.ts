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
  },
});
