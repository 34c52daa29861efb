// Estimated Best Price (issue 15): recomputing every item and outlet type of the market with the most
// invoice lines, through the same function POST …/estimatedBestPrice/recompute runs, on the demo set in
// PGlite (and on PostgreSQL with --db postgres: DATABASE_URL, seeded with --scale, `large` by default).
//   npm run bench -- bestprice [--db pglite|postgres] [--scale demo|large] [--data-dir DIR] [--runs N]
// Figures ('pg.' prefix on PostgreSQL): bestPrice.ms (median of N recomputes, each in its own committed
// transaction like the route's, the first one included: the estimates are replaced each time),
// bestPrice.maxMs, bestPrice.estimates (item and outlet type pairs written) and bestPrice.windowLines
// (invoice lines in the 90-day window).
import { BEST_PRICE_WINDOW_DAYS, type CountryCode } from '@fieldforce/contracts';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { recomputeBestPrices } from '../apps/server/src/modules/best-price/recompute.js';
import { arg, ensurePgliteDemo, ensureSeeded, log, percentile, pgliteDataDir } from './lib.js';

async function recomputeFigures(db: Database, runs: number, prefix: string): Promise<Record<string, number>> {
  const { rows } = await db.query<{ country_code: CountryCode; n: string; last: string }>(
    `SELECT country_code, count(*)::text AS n, max(invoice_date)::text AS last
     FROM invoice_lines GROUP BY country_code ORDER BY count(*) DESC LIMIT 1`,
  );
  const busiest = rows[0];
  if (!busiest) throw new Error('no invoice lines: seed the database first');
  const market = busiest.country_code;
  const asOf = busiest.last;
  const { rows: window } = await db.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM invoice_lines
     WHERE country_code = $1 AND invoice_date BETWEEN $2::date - ($3::int - 1) AND $2::date`,
    [market, asOf, BEST_PRICE_WINDOW_DAYS],
  );
  const windowLines = Number(window[0]?.n ?? 0);
  log(`${market}: ${busiest.n} invoice lines, ${windowLines} in the 90 days to ${asOf}`);
  const times: number[] = [];
  let estimates = 0;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    estimates = await db.transaction((tx) => recomputeBestPrices(tx, market, asOf));
    const ms = performance.now() - started;
    times.push(ms);
    log(`recompute ${run + 1}/${runs}: ${Math.round(ms)} ms, ${estimates} estimates`);
  }
  return {
    [`${prefix}bestPrice.ms`]: Math.round(percentile(times, 50)),
    [`${prefix}bestPrice.maxMs`]: Math.round(Math.max(...times)),
    [`${prefix}bestPrice.estimates`]: estimates,
    [`${prefix}bestPrice.windowLines`]: windowLines,
  };
}

export async function bestPriceBench(args: string[]): Promise<Record<string, number>> {
  const kind = arg(args, '--db', 'pglite');
  const runs = Number(arg(args, '--runs', '3'));
  if (kind === 'pglite') {
    const { dir, cleanup } = pgliteDataDir(args, 'ff-best-price-');
    try {
      await ensurePgliteDemo(dir);
      const db = await openDatabase({ dataDir: dir });
      try {
        await migrate(db);
        return await recomputeFigures(db, runs, '');
      } finally {
        await db.close();
      }
    } finally {
      cleanup();
    }
  }
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('--db postgres needs DATABASE_URL');
  await ensureSeeded(url, arg(args, '--scale', 'large'));
  const db = await openDatabase({ databaseUrl: url });
  try {
    await migrate(db);
    return await recomputeFigures(db, runs, 'pg.');
  } finally {
    await db.close();
  }
}
