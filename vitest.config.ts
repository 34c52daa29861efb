import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web'],
    // Vitest's default in a run is one worker fewer than the cores: on a 2-core machine, one file at a
    // time. The files wait on their databases and servers much of the time, so every core takes one
    // (6.9 instead of 10 minutes here). The PostgreSQL pass alongside the browser flows asks for one.
    maxWorkers: os.availableParallelism(),
  },
});
