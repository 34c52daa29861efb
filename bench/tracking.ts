// Salesman tracking (issue 14): the all-salesman map call and a salesman's day on the demo set in
// PGlite (and on PostgreSQL with --db postgres: DATABASE_URL, seeded with --scale when missing), and the
// 25-point route rule over 100,000 points in process.
//   npm run bench -- tracking [--db pglite|postgres] [--scale demo|large] [--data-dir DIR] [--runs N]
// Figures: allSalesmenMap.p95Ms (the largest market's busiest recent day, as its admin), allSalesmenToday.p95Ms
// (today: adds the silent-device rhythm over 7 days), salesmanDay.p95Ms (one salesman's day with the
// thinned track, stops and visit checks, over the market's busiest salesmen), reduce100k.ms (median of 7 after 3 warm-up runs);
// in Chromium against the built app (unless --no-browser): mapReady.ms (every marker of that day shown)
// and blankMapReady.ms (the same map with no marker), and their ratio.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { DEMO_PASSWORD, reduceRoute } from '@fieldforce/contracts';
import playwrightConfig from '../playwright.config.js';
import {
  arg,
  ensurePgliteDemo,
  ensureSeeded,
  log,
  percentile,
  pgliteDataDir,
  REPO_ROOT,
  signIn,
  startServer,
} from './lib.js';

const DAY_MS = 86_400_000;

function reduceFigure(): number {
  const points = Array.from({ length: 100_000 }, (_, i) => ({
    seq: i,
    lat: 10.7 + Math.sin(i / 500) * 0.05 + (i % 7) * 1e-7,
    lng: 106.6 + (i / 100_000) * 0.2,
  }));
  const times: number[] = [];
  for (let run = 0; run < 10; run++) {
    const started = performance.now();
    const kept = reduceRoute(points, (p) => p);
    if (kept.points.length > 25) throw new Error('more than 25 points');
    if (run >= 3) times.push(performance.now() - started); // the first runs warm the JIT
  }
  return Math.round(percentile(times, 50) * 10) / 10;
}

const WEB_DIST = process.env.WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist');

/**
 * In Chromium against the built app: from navigation to the all-salesman map showing every marker of the
 * market's busiest day (mapReady), and to the same map drawn with none (blankMapReady: a search matching
 * nobody), medians of 3 after a warm-up, alternating.
 */
async function mapFigures(base: string, date: string, placed: number): Promise<Record<string, number>> {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    log(`no built web app in ${WEB_DIST}: mapReady skipped (npm run build first)`);
    return {};
  }
  const launchOptions = playwrightConfig.projects?.[0]?.use?.launchOptions ?? {};
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: launchOptions.args ?? [],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill('admin.vn@demo.test');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url: URL) => !url.pathname.startsWith('/login'));
    const open = async (query: string, expected: number): Promise<number> => {
      await page.goto('about:blank');
      const started = Date.now();
      await page.goto(`${base}/reportpage?report=salesman-tracking&date=${date}${query}`);
      await page.waitForFunction(
        (n: number) => {
          const el = document.querySelector('.tracking-map__canvas') as HTMLElement | null;
          return el?.dataset.drawn === 'true' && Number(el.dataset.renderedSalesmen) >= n;
        },
        expected,
        { timeout: 120_000, polling: 'raf' },
      );
      return Date.now() - started;
    };
    await open('', placed);
    const full: number[] = [];
    const blank: number[] = [];
    for (let i = 0; i < 3; i++) {
      blank.push(await open('&q=no-such-salesman', 0));
      full.push(await open('', placed));
    }
    const ready = percentile(full, 50);
    const blankReady = percentile(blank, 50);
    log(`mapReady ${ready} ms for ${placed} markers, blank ${blankReady} ms`);
    return {
      'mapReady.ms': ready,
      'blankMapReady.ms': blankReady,
      'mapReady.ratio': Math.round((ready / blankReady) * 100) / 100,
      mapMarkers: placed,
    };
  } finally {
    await browser.close();
  }
}

interface Row {
  smCode: string;
  pings: number;
  lat: number | null;
}

async function timed(url: string, token: string): Promise<{ ms: number; body: unknown }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { customerToken: token } });
  const body = (await res.json()) as { 'response-data': unknown };
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return { ms, body: body['response-data'] };
}

async function serverFigures(
  env: Record<string, string>,
  seedToday: number,
  runs: number,
  prefix: string,
  withBrowser = false,
) {
  const server = await startServer({
    ...env,
    SEED_SCALE: 'none',
    WEB_DIST: WEB_DIST,
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  });
  try {
    const token = await signIn(server.url, 'admin.vn@demo.test');
    const base = `${server.url}/api/tracking/salesmen?countryCode=vn`;
    // The busiest of the seed's last three days in Vietnam (its today may be before the first ping).
    let best = { date: '', pings: -1, rows: [] as Row[], ms: 0 };
    for (const back of [0, 1, 2, 3]) {
      const date = new Date(seedToday - back * DAY_MS).toISOString().slice(0, 10);
      const { body, ms } = await timed(`${base}&date=${date}`, token);
      const rows = (body as { salesmen: Row[] }).salesmen;
      const pings = rows.reduce((n, r) => n + r.pings, 0);
      log(`${prefix}vn ${date}: ${rows.length} salesmen, ${pings} pings`);
      if (pings > best.pings) best = { date, pings, rows, ms };
    }
    const map: number[] = [];
    for (let i = 0; i < runs; i++) map.push((await timed(`${base}&date=${best.date}`, token)).ms);
    const today: number[] = [];
    for (let i = 0; i < runs; i++) today.push((await timed(base, token)).ms);
    const busiest = [...best.rows].sort((a, b) => b.pings - a.pings).slice(0, runs);
    const day: number[] = [];
    for (const r of busiest) {
      const url = `${server.url}/api/tracking/salesmen/${r.smCode}/day?countryCode=vn&date=${best.date}`;
      day.push((await timed(url, token)).ms);
    }
    const round = (n: number) => Math.round(n * 10) / 10;
    const placed = best.rows.filter((r) => r.lat !== null).length;
    const browser = withBrowser ? await mapFigures(server.url, best.date, placed) : {};
    return {
      ...browser,
      [`${prefix}allSalesmenMap.p95Ms`]: round(percentile(map, 95)),
      [`${prefix}allSalesmenMap.p50Ms`]: round(percentile(map, 50)),
      // The first call for that day (a past day's data is then kept a minute: the runs above reuse it).
      [`${prefix}allSalesmenMap.firstMs`]: round(best.ms),
      [`${prefix}allSalesmenToday.p95Ms`]: round(percentile(today, 95)),
      [`${prefix}salesmanDay.p95Ms`]: round(percentile(day, 95)),
      [`${prefix}salesmanDay.p50Ms`]: round(percentile(day, 50)),
      [`${prefix}mapSalesmen`]: best.rows.length,
      [`${prefix}mapPings`]: best.pings,
    };
  } finally {
    await server.stop();
  }
}

export async function trackingBench(args: string[]): Promise<Record<string, number>> {
  const db = arg(args, '--db', 'pglite');
  const runs = Number(arg(args, '--runs', '20'));
  const figures: Record<string, number> = { 'reduce100k.ms': reduceFigure() };
  log(`reduce100k: ${figures['reduce100k.ms']} ms`);
  if (db === 'pglite') {
    const { dir, cleanup } = pgliteDataDir(args, 'ff-tracking-');
    try {
      const today = await ensurePgliteDemo(dir);
      const browser = !args.includes('--no-browser');
      Object.assign(
        figures,
        await serverFigures({ DATA_DIR: dir, DATABASE_URL: '' }, today, runs, '', browser),
      );
    } finally {
      cleanup();
    }
  } else {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('--db postgres needs DATABASE_URL');
    const scale = arg(args, '--scale', 'large');
    await ensureSeeded(url, scale);
    Object.assign(figures, await serverFigures({ DATABASE_URL: url }, Date.now(), runs, 'pg.'));
  }
  return figures;
}
