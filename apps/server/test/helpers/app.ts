import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../src/app.js';
import { freshDatabase, type TestDatabase } from './database.js';
import { seedDatabase } from '../../src/db/seed/index.js';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

/** An app on a fresh migrated database; `seed: true` loads the small `test` data set. */
export async function createTestApp(
  options: Partial<Omit<BuildAppOptions, 'db'>> & { seed?: boolean } = {},
): Promise<TestApp> {
  const database = await freshDatabase();
  if (options.seed)
    await seedDatabase(database.db, { scale: 'test', seed: 1, today: new Date('2026-11-20T00:00:00Z') });
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
