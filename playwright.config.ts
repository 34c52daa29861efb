import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';

// E2E_PORT lets two runs share a machine (each gets its own server and database folder).
const PORT = Number(process.env.E2E_PORT) || 4310;
const DATA_DIR = `.tmp/e2e-data-${PORT}`;
const baseURL = `http://127.0.0.1:${PORT}`;
// Playwright's own browser download does not work here: Debian's Chromium (scripts/ensure-chromium.mjs).
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const chromium: PlaywrightTestConfig['use'] = {
  browserName: 'chromium',
  viewport: { width: 1280, height: 800 },
  launchOptions: {
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // WebGL in software for the tracking map (toolchain.md: headless Chromium has no GPU here).
      '--enable-unsafe-swiftshader',
    ],
  },
};

export default defineConfig({
  testDir: 'e2e',
  outputDir: `test-results/${PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: 'list',
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL,
    // A trace costs about a quarter of a flow's time here (docs/architecture.md), and CI keeps only the
    // run's output, never its files: traces locally, not on CI. E2E_TRACE=on|retain-on-failure overrides.
    trace:
      (process.env.E2E_TRACE as 'on' | 'retain-on-failure' | 'off' | undefined) ??
      (process.env.CI ? 'off' : 'retain-on-failure'),
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      // Screenshots for review are not tests: they run only as the 'shots' project, on request.
      testIgnore: /\.shots\.ts$/,
      use: chromium,
    },
    // SHOTS=1 npx playwright test --project shots: the review screenshots in e2e/shots (not tests).
    ...(process.env.SHOTS ? [{ name: 'shots', testMatch: /\.shots\.ts$/, use: chromium }] : []),
  ],
  // The production server serves apps/web/dist: run `npm run build -w @fieldforce/web` first.
  webServer: {
    // A fresh database every run: tests add device sessions and codes that must not pile up.
    command: `node -e "require('fs').rmSync('${DATA_DIR}',{recursive:true,force:true})" && npx tsx apps/server/src/server.ts`,
    env: {
      PORT: String(PORT),
      DATA_DIR,
      SEED_SCALE: 'test',
      // Development: the forgot-password flow reads its code from /dev/outbox (development only).
      NODE_ENV: 'development',
      // The auth flows sign in many times a minute from one address (the 11-device test alone: 11).
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      // SSO redirect URIs are built on it; the browser must come back to the same host for its cookies.
      PUBLIC_URL: baseURL,
    },
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // Booting (fresh database, migrations, test seed) takes ~20 s alone but over 90 s on a loaded machine.
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
