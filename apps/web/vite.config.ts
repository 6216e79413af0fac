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
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
              priority: 3,
            },
            {
              name: 'mui',
              test: /node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group)[\\/]/,
              priority: 2,
            },
            // The PDF writer's libraries stay out of the start-up chunks: they load on Download PDF.
            {
              name: 'vendor',
              test: /node_modules[\\/](?!(jspdf|fflate|fast-png|iobuffer|pako|html2canvas|canvg|dompurify|core-js|@babel)[\\/])/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
