// First load as a browser sees it (issue 10): Chromium (playwright-core, Debian's /usr/bin/chromium,
// the flags of playwright.config.ts) against the built server (bench/web-server.ts) on the demo data
// set in a temporary PGlite folder. Each run is a fresh browser context (empty cache, 1440 x 900):
//   blank.ms          an empty page from the same server: the floor of any page load in this run
//   loginReady.ms     /login until its Sign in button shows
//   loginJs.kB        JavaScript bytes on the wire for /login (encoded sizes, so compressed when served so)
//   homeReady.ms      from pressing Sign in, through the landing screen's link to UCube, to the home's KPI cards
//   teamViewReady.ms  from the home's link to Team View to the table's figures
//   reportReady.<report>.ms  each report of the spec opened from the previous screen (a client-side
//                     navigation, as a header link does) until its first rows show (or its empty state);
//                     reportReady.max.ms is the slowest report's median (target < 1,000 ms on demo data)
// Figures are medians over the runs; `ratio` figures divide by the same run's blank.ms.
//   npm run bench -- web [--runs 5] [--scale demo|test] [--network fast4g|slow4g] [--data-dir DIR]
// (build first: npm run build). --network applies Chrome DevTools' throttling presets to every page
// (transfer sizes then count); --data-dir keeps the seeded database for the next run.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { DEMO_PASSWORD, REPORT_KEYS, REPORTS, type ReportKey } from '@fieldforce/contracts';
import playwrightConfig from '../playwright.config.js';
import { log, startServer, REPO_ROOT } from './lib.js';

const arg = (args: string[], name: string, fallback: string) =>
  args.includes(name) ? args[args.indexOf(name) + 1]! : fallback;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const round = (n: number) => Math.round(n * 10) / 10;

// The account with the widest scope (vn): the heaviest home and Team View answers.
const EMAIL = 'super@demo.test';
// What "showing its figures" means on each screen (KPI cards; the table's number cells).
const HOME_FIGURES = 'main .kpi-card';
const TEAM_VIEW_FIGURES = 'main td.num';
// The first link in the page's main content to each screen (a tile, a tab: whichever comes first).
const LINK_TO_HOME = 'main a[href="/homepage"]';
const LINK_TO_TEAM_VIEW = 'main a[href="/teamlevels"]';
// A report's first rows: rows (aria-rowindex) of the table captioned with that report's name, so the
// previous report's rows never count; or the empty state once the previous table is gone.
const reportFirstRows = (name: string) =>
  `main table:has(caption:text-is("${name} rows")) tbody tr[aria-rowindex], main .dtable__empty`;

// Chrome DevTools' presets (bytes per second and round-trip latency, as DevTools sets them).
const NETWORKS = {
  fast4g: { latency: 165, downloadThroughput: 1_012_500, uploadThroughput: 168_750 },
  slow4g: { latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 },
} as const;
type Network = keyof typeof NETWORKS;

interface RunFigures {
  blank: number;
  loginReady: number;
  loginJsBytes: number;
  loginJsFiles: number;
  homeReady: number;
  teamViewReady: number;
  reportReady: Record<ReportKey, number>;
}

/** Opens `url` inside the app, as a link would (the router follows history, no page load). */
async function navigateInApp(page: Page, url: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

/** Every JavaScript response the page receives from now on, with its size on the wire. */
function recordJavaScript(page: Page) {
  const sizes: Promise<number>[] = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('javascript')) return;
    sizes.push(
      response
        .request()
        .sizes()
        .then((s) => s.responseBodySize),
    );
  });
  return async () => {
    const all = await Promise.all(sizes);
    return { bytes: all.reduce((a, b) => a + b, 0), files: all.length };
  };
}

async function oneRun(browser: Browser, base: string, network: Network | null): Promise<RunFigures> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-GB' });
  const page = await context.newPage();
  if (network) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...NETWORKS[network] });
  }
  try {
    let started = performance.now();
    await page.goto(`${base}/bench/blank`, { waitUntil: 'load' });
    const blank = performance.now() - started;

    const javaScript = recordJavaScript(page);
    started = performance.now();
    await page.goto(`${base}/login`);
    const signInButton = page.getByRole('button', { name: 'Sign in', exact: true });
    await signInButton.waitFor({ state: 'visible' });
    const loginReady = performance.now() - started;
    await page.waitForLoadState('networkidle');
    const js = await javaScript();

    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    started = performance.now();
    await signInButton.click();
    await page.locator(LINK_TO_HOME).first().click();
    await page.locator(HOME_FIGURES).first().waitFor({ state: 'visible' });
    const homeReady = performance.now() - started;

    started = performance.now();
    await page.locator(LINK_TO_TEAM_VIEW).first().click();
    await page.locator(TEAM_VIEW_FIGURES).first().waitFor({ state: 'visible' });
    const teamViewReady = performance.now() - started;

    const reportReady = {} as Record<ReportKey, number>;
    for (const key of REPORT_KEYS) {
      started = performance.now();
      await navigateInApp(page, `/reportpage?report=${key}`);
      const name = REPORTS.find((r) => r.key === key)!.reportName;
      await page.locator(reportFirstRows(name)).first().waitFor({ state: 'visible' });
      reportReady[key] = performance.now() - started;
    }

    return {
      blank,
      loginReady,
      loginJsBytes: js.bytes,
      loginJsFiles: js.files,
      homeReady,
      teamViewReady,
      reportReady,
    };
  } finally {
    await context.close();
  }
}

export async function webBench(args: string[]): Promise<Record<string, number>> {
  const runs = Number(arg(args, '--runs', '5'));
  const scale = arg(args, '--scale', 'demo');
  const networkName = arg(args, '--network', 'none');
  const network = networkName in NETWORKS ? (networkName as Network) : null;
  if (networkName !== 'none' && !network)
    throw new Error(`--network: one of ${Object.keys(NETWORKS).join(', ')}`);
  const keptDataDir = args.includes('--data-dir') ? path.resolve(arg(args, '--data-dir', '')) : null;
  const webDist = process.env.WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist');
  if (!existsSync(path.join(webDist, 'index.html')))
    throw new Error(`no built web app in ${webDist}: run npm run build`);
  const launchOptions = playwrightConfig.projects?.[0]?.use?.launchOptions ?? {};
  const dataDir = keptDataDir ?? mkdtempSync(path.join(os.tmpdir(), 'ff-bench-web-'));
  try {
    log(`starting the server on PGlite (${scale}) in ${dataDir}; an empty database is seeded first`);
    const server = await startServer(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED_SCALE: scale,
        WEB_DIST: webDist,
        AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      },
      600_000,
      path.join(REPO_ROOT, 'bench/web-server.ts'),
    );
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: launchOptions.args ?? [],
    });
    try {
      // One unmeasured run warms the server (its caches, the JIT) the way a day's first user would.
      log('warm-up run');
      await oneRun(browser, server.url, network);
      const results: RunFigures[] = [];
      for (let i = 0; i < runs; i += 1) {
        log(`run ${i + 1} of ${runs}`);
        results.push(await oneRun(browser, server.url, network));
      }
      const m = (pick: (r: RunFigures) => number) => median(results.map(pick));
      const blank = m((r) => r.blank);
      return {
        'blank.ms': round(blank),
        'loginReady.ms': round(m((r) => r.loginReady)),
        'loginJs.kB': round(m((r) => r.loginJsBytes) / 1000),
        'loginJs.files': m((r) => r.loginJsFiles),
        'homeReady.ms': round(m((r) => r.homeReady)),
        'teamViewReady.ms': round(m((r) => r.teamViewReady)),
        'homeReady.ratio': round(m((r) => r.homeReady / r.blank)),
        'teamViewReady.ratio': round(m((r) => r.teamViewReady / r.blank)),
        ...Object.fromEntries(
          REPORT_KEYS.map((key) => [`reportReady.${key}.ms`, round(m((r) => r.reportReady[key]))]),
        ),
        'reportReady.max.ms': round(Math.max(...REPORT_KEYS.map((key) => m((r) => r.reportReady[key])))),
        runs,
      };
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    if (!keptDataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}
