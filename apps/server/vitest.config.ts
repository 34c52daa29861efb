import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each file gets its own database; PGlite boots in about a second, seeding takes a few.
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
