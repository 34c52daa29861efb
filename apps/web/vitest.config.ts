import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'vite-plugins.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // One jsdom per worker instead of one per file (a web run: 126 s → 17 s here); what a module keeps is
    // put back after every test by src/test/setup.ts.
    isolate: false,
  },
});
