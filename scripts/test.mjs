// npm test: the check gate (format, lint, typecheck), then every suite: unit and server
// integration tests (Vitest), then the browser flows (Playwright in Chromium).
// `npm test -- --skip-e2e` or `--skip-check` narrows it for a quick loop.
// `npm test -- --with-postgres` (CI) also runs the server integration suite a second time against a
// throwaway PostgreSQL cluster (scripts/pg-cluster.mjs), alongside the browser flows: those wait on the
// browser much of the time, so the second pass uses the other core instead of adding its minutes. It
// leaves out the server files that open no database (NO_DATABASE): they would only repeat the first pass.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { databaseFreeTests } from './database-free-tests.mjs';
import { browserLanes } from './e2e-lanes.mjs';

const args = new Set(process.argv.slice(2));
const started = Date.now();
const seconds = (t0) => ((Date.now() - t0) / 1000).toFixed(0);

/**
 * Runs a command with its output on the terminal, without blocking: the PostgreSQL pass's output is read
 * meanwhile.
 */
function runLive(command, commandArgs) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { stdio: 'inherit' });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** A step everything after it waits for: its output on the terminal, its time after it; a failure ends the run. */
async function runStep(name, command, commandArgs) {
  console.log(`\n▶ ${name}`);
  const t0 = Date.now();
  const status = await runLive(command, commandArgs);
  if (status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds(t0)} s`);
    process.exit(status);
  }
  console.log(`✔ ${name} (${seconds(t0)} s)`);
}

/** Runs a step with its output kept aside (printed once it ends), so two steps can share the terminal. */
function runQuietly(name, command, commandArgs, env = {}) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      console.log(`\n▶ ${name} (ran alongside; its output follows)`);
      process.stdout.write(Buffer.concat(output));
      if (code === 0) console.log(`✔ ${name} (${seconds(t0)} s)`);
      else console.error(`\n✖ ${name} failed after ${seconds(t0)} s`);
      resolve(code ?? 1);
    });
  });
}

if (!args.has('--skip-check')) {
  // `npm run check` in two halves at once: each half is single-threaded tools one after another, so
  // in one line (76 s in the last full run) one core sat idle.
  const t0 = Date.now();
  const statuses = await Promise.all([
    runQuietly('format and lint', 'sh', ['-c', 'npm run format:check --silent && npm run lint --silent']),
    runQuietly('typecheck', 'npm', ['run', 'typecheck', '--silent']),
  ]);
  if (statuses.some((code) => code !== 0)) {
    console.error(`\n✖ check (format, lint, typecheck) failed after ${seconds(t0)} s`);
    process.exit(1);
  }
  console.log(`✔ check (format, lint, typecheck) (${seconds(t0)} s)`);
}
await runStep('unit and integration tests', 'npx', ['vitest', 'run']);

// Server test files that open no database (parsers, rules, zip and image handling, the file store's
// contract): the PostgreSQL pass would run them exactly as the first pass did, so it leaves them out.
// Derived from their imports (scripts/database-free-tests.mjs), not listed by hand.
const NO_DATABASE = databaseFreeTests();

const postgres = args.has('--with-postgres')
  ? runQuietly('server integration suite on PostgreSQL', 'node', [
      'scripts/pg-cluster.mjs',
      '--',
      'npx',
      'vitest',
      'run',
      '--project',
      'server',
      // One worker: the browser flows keep the other core.
      '--maxWorkers=1',
      ...NO_DATABASE.flatMap((file) => ['--exclude', `**/${file}`]),
    ])
  : Promise.resolve(0);

/**
 * The browser flows in lanes, each a Playwright run with its own server, port and database (one server
 * for several would share the demo users' sessions and device caps between them); scripts/e2e-lanes.mjs
 * splits the files by their recorded durations. One lane per two cores (BROWSER_LANES overrides): on
 * CI's 2 cores two lanes beside the PostgreSQL pass drove the load average to 15 and tests ran past
 * their timeouts (24 Nov), so there it stays one.
 */
const BROWSER_LANES =
  Number(process.env.BROWSER_LANES) || Math.max(1, Math.floor(os.availableParallelism() / 2));

async function browserFlows() {
  const t0 = Date.now();
  console.log(`\n▶ browser flows (${BROWSER_LANES} lane${BROWSER_LANES > 1 ? 's' : ''})`);
  for (const [name, command, commandArgs] of [
    ['chromium present', 'node', ['scripts/ensure-chromium.mjs']],
    ['web build', 'npm', ['run', 'build', '--silent']],
  ]) {
    const status = await runLive(command, commandArgs);
    if (status !== 0) {
      console.error(`\n✖ ${name} failed`);
      return status;
    }
  }
  const lanes = browserLanes(BROWSER_LANES);
  // One lane prints as it goes; several keep their output aside until each ends.
  const statuses =
    lanes.length === 1
      ? [await runLive('npx', ['playwright', 'test', ...lanes[0]])]
      : await Promise.all(
          lanes.map((files, i) =>
            runQuietly(
              `browser flows, lane ${i + 1} (${files.length} files)`,
              'npx',
              ['playwright', 'test', ...files],
              {
                E2E_PORT: String(4310 + i),
              },
            ),
          ),
        );
  const status = statuses.find((code) => code !== 0) ?? 0;
  if (status === 0) console.log(`✔ browser flows (${seconds(t0)} s)`);
  else console.error(`\n✖ browser flows failed after ${seconds(t0)} s`);
  return status;
}

const browserStatus = args.has('--skip-e2e') ? 0 : await browserFlows();

const postgresStatus = await postgres;
if (browserStatus !== 0 || postgresStatus !== 0) process.exit(browserStatus || postgresStatus);
console.log(`\nAll suites passed in ${seconds(started)} s.`);
