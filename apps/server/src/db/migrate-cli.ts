import { loadConfig } from '../config/index.js';
import { openDatabase } from './client.js';
import { migrate } from './migrate.js';

const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  const result = await migrate(db);
  console.log(JSON.stringify({ database: db.kind, ...result }));
} finally {
  await db.close();
}
