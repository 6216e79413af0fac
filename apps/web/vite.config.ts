import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// The browser bundle compiles the contracts from source so web and server always share one schema.
const contractsSource = fileURLToPath(
  new URL('../../packages/contracts/src/index.ts', import.meta.url),
);

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [{ find: /^@sarm\/contracts$/, replacement: contractsSource }],
  },
  server: {
    port: 5173,
    // The API refuses foreign origins (CORS_ORIGINS): through the proxy the page is same-origin.
    proxy: {
      '/api': {
        target: 'http://localhost:3000',
        changeOrigin: true,
        headers: { origin: 'http://localhost:3000' },
      },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Libraries change less often than the app: separate chunks stay cached across releases.
    // Only the start-up part of each ($initial: reached by static imports from main.tsx) is
    // grouped; what only lazily loaded pages use (most MUI components and icons, the PDF writer's
    // libraries) stays in the page families' chunks, so the sign-in page does not download it.
    rolldownOptions: {
      // The contracts' modules only define schemas and constants: a module none of whose exports
      // is used is dropped, so the sign-in page does not carry every screen's schemas.
      treeshake: {
        moduleSideEffects: [{ test: /packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          groups: [
            // zod (with the contracts' schemas, its only user) is not on the sign-in page's
            // start-up path: one chunk of its own, fetched with the first schema a screen needs.
            {
              name: 'zod',
              test: /node_modules[\\/]zod[\\/]/,
              priority: 4,
            },
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
              tags: ['$initial'],
              priority: 3,
            },
            {
              name: 'mui',
              test: /node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group)[\\/]/,
              tags: ['$initial'],
              priority: 2,
            },
            {
              name: 'vendor',
              test: /node_modules[\\/]/,
              tags: ['$initial'],
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
