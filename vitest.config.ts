import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const src = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@sarm\/contracts$/, replacement: src('./packages/contracts/src/index.ts') },
      { find: /^@sarm\/casa$/, replacement: src('./packages/casa/src/index.ts') },
      { find: /^@sarm\/casa\/node$/, replacement: src('./packages/casa/src/node/index.ts') },
    ],
  },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
      'eslint-rules/**/*.test.js',
    ],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
