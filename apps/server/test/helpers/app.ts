import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../src/app.js';
import { freshDatabase, type TestDatabase } from './database.js';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

/** An app on a fresh migrated database; `seed: true` loads the small `test` data set. */
export async function createTestApp(
  options: Partial<Omit<BuildAppOptions, 'db'>> & { seed?: boolean } = {},
): Promise<TestApp> {
  const database = await freshDatabase({ seeded: options.seed === true });
  const app = await buildApp({ logger: false, ...options, db: database.db });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.cleanup();
    },
  };
}
