import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { LOGIN_FIRST_LOAD, precompress, pureContracts } from './vite-plugins.js';

const root = fileURLToPath(new URL('.', import.meta.url));
const api = { '/api': { target: 'http://localhost:8080', changeOrigin: true } };

export default defineConfig({
  // Pinned so `vite build` gives the same output whether run from the repo root or apps/web.
  root,
  plugins: [
    react(),
    pureContracts(),
    // Issue 10: the login route's JavaScript at most 150 kB compressed (vite-plugins.test.ts holds it).
    precompress(LOGIN_FIRST_LOAD),
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
