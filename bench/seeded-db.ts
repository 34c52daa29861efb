// The database a benchmark's own server runs on: opened from the configuration, migrated, and seeded
// with SEED_SCALE when it holds no data yet (progress on stderr; stdout is the bench's JSON).
import type { loadConfig } from '../apps/server/src/config/index.js';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { isSeeded, seedDatabase } from '../apps/server/src/db/seed/index.js';

export async function openSeededDatabase(
  config: ReturnType<typeof loadConfig>,
  poolSize?: number,
): Promise<Database> {
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize });
  await migrate(db);
  if (config.SEED_SCALE !== 'none' && !(await isSeeded(db))) {
    console.error(`seeding ${config.SEED_SCALE}…`);
    await seedDatabase(db, {
      scale: config.SEED_SCALE,
      seed: config.SEED,
      log: (m) => console.error(`  ${m}`),
    });
  }
  return db;
}
