#!/usr/bin/env node
// Makes sure the Chromium that playwright.config.ts launches is present.
// Playwright's own browser download does not work on this network, so e2e runs use Debian's chromium.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const DEFAULT_PATH = '/usr/bin/chromium';
const custom = process.env.CHROMIUM_PATH;
const target = custom || DEFAULT_PATH;

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(command) {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir && existsSync(join(dir, command)));
}

function fail(reason) {
  console.error(
    [
      `ensure-chromium: ${reason}`,
      'Install Debian/Ubuntu Chromium with:  sudo apt-get install chromium',
      'or point the end-to-end tests at another Chromium build:  CHROMIUM_PATH=/path/to/chromium npm run test:e2e',
    ].join('\n'),
  );
  process.exit(1);
}

function run(command, args) {
  console.log(`ensure-chromium: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) fail(`could not run ${command}: ${result.error.message}`);
  if (result.status !== 0) fail(`${command} ${args[0]} exited with status ${result.status}`);
}

if (isExecutable(target)) process.exit(0);

// A custom path is the user's choice; installing the Debian package would not put anything there.
if (custom) fail(`CHROMIUM_PATH is set to ${custom}, but no executable is there.`);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot || !onPath('apt-get')) {
  fail(
    `${DEFAULT_PATH} not found${isRoot ? ' and apt-get is not available' : ' (installing it needs root)'}.`,
  );
}

run('apt-get', ['update']);
run('apt-get', ['install', '-y', 'chromium']);

if (!isExecutable(DEFAULT_PATH)) fail(`apt-get finished but ${DEFAULT_PATH} is still missing.`);
console.log(`ensure-chromium: ${DEFAULT_PATH} is installed.`);
