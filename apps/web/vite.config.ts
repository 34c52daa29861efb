import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress, pureContracts } from './vite-plugins.js';

const root = fileURLToPath(new URL('.', import.meta.url));
const api = { '/api': { target: 'http://localhost:8080', changeOrigin: true } };

export default defineConfig({
  // Pinned so `vite build` gives the same output whether run from the repo root or apps/web.
  root,
  plugins: [
    react(),
    pureContracts(),
    // Issue 10: the login route's JavaScript at most 150 kB compressed (npm run bench -- web measures it).
    precompress({ screen: 'features/auth/components/login-page.tsx', maxBytes: 150_000 }),
  ],
  server: { proxy: api },
  preview: { proxy: api },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps in the build the server ships (issue 9): they would publish the sources.
    // For a bundle analysis: npm run build -w @fieldforce/web -- --sourcemap hidden
    sourcemap: false,
  },
});
