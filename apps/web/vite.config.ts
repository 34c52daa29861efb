import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const api = { '/api': { target: 'http://localhost:8080', changeOrigin: true } };

export default defineConfig({
  // Pinned so `vite build` gives the same output whether run from the repo root or apps/web.
  root,
  plugins: [react()],
  server: { proxy: api },
  preview: { proxy: api },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
});
