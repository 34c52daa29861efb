// npm test: the check gate (format, lint, typecheck), then every suite: unit and server
// integration tests (Vitest), then the browser flows (Playwright in Chromium).
// `npm test -- --skip-e2e` or `--skip-check` narrows it for a quick loop.
import { spawnSync } from 'node:child_process';

const args = new Set(process.argv.slice(2));
const steps = [];
if (!args.has('--skip-check'))
  steps.push(['check (format, lint, typecheck)', 'npm', ['run', 'check', '--silent']]);
steps.push(['unit and integration tests', 'npx', ['vitest', 'run']]);
if (!args.has('--skip-e2e')) steps.push(['browser flows', 'npm', ['run', 'test:e2e', '--silent']]);

const started = Date.now();
for (const [name, command, commandArgs] of steps) {
  console.log(`\n▶ ${name}`);
  const t0 = Date.now();
  const result = spawnSync(command, commandArgs, { stdio: 'inherit' });
  const seconds = ((Date.now() - t0) / 1000).toFixed(0);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${seconds} s)`);
}
console.log(`\nAll suites passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
