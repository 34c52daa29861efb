/**
 * npm run seed -- --scale demo|large|test --seed N [--data-dir DIR] [--today YYYY-MM-DD] [--reset]
 *
 * Uses DATABASE_URL when set, else PGlite in --data-dir (default ./data). Migrates first, refuses a
 * database that already holds data unless --reset, and prints the row counts as JSON.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../client.js';
import { migrate } from '../migrate.js';
import { hasData, resetDatabase, seedDatabase, SeedError, SEED_SCALES, type SeedScale } from './index.js';

const USAGE = `Usage: npm run seed -- --scale ${SEED_SCALES.join('|')} --seed N [--data-dir DIR] [--today YYYY-MM-DD] [--reset]`;

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        scale: { type: 'string', default: 'demo' },
        seed: { type: 'string', default: '1' },
        'data-dir': { type: 'string', default: './data' },
        today: { type: 'string' },
        reset: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const scale = values.scale as SeedScale;
  if (!SEED_SCALES.includes(scale)) fail(`Unknown scale '${values.scale}'.`);
  if (!/^\d+$/.test(values.seed)) fail(`--seed must be a non-negative integer, got '${values.seed}'.`);
  const seed = Number(values.seed);
  let today: Date | undefined;
  if (values.today) {
    today = new Date(values.today.length === 10 ? `${values.today}T12:00:00Z` : values.today);
    if (Number.isNaN(today.getTime())) fail(`--today is not a date: '${values.today}'.`);
  }

  const databaseUrl = process.env.DATABASE_URL || undefined;
  if (scale === 'large' && !databaseUrl) {
    fail(
      "The 'large' scale needs PostgreSQL: set DATABASE_URL (PGlite cannot hold ten million invoice lines).",
    );
  }
  const db = await openDatabase({ databaseUrl, dataDir: databaseUrl ? undefined : values['data-dir'] });
  try {
    const { version, applied } = await migrate(db);
    if (applied.length > 0) console.error(`Migrated to version ${version}: ${applied.join(', ')}`);
    if (await hasData(db)) {
      if (!values.reset)
        throw new SeedError('The database already holds data; add --reset to empty it and seed again.');
      console.error('Emptying the database (--reset)…');
      await resetDatabase(db);
    }
    const where = databaseUrl ? 'PostgreSQL' : `PGlite in ${values['data-dir']}`;
    console.error(`Seeding scale '${scale}' with seed ${seed} into ${where}…`);
    const result = await seedDatabase(db, { scale, seed, today, log: (m) => console.error(`  ${m}`) });
    const total = Object.values(result.counts).reduce((a, b) => a + b, 0);
    console.log(
      JSON.stringify(
        { scale, seed, seconds: result.ms / 1000, totalRows: total, counts: result.counts },
        null,
        2,
      ),
    );
  } catch (error) {
    if (error instanceof SeedError) {
      await db.close();
      fail(error.message);
    }
    throw error;
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
