// npm run bench -- <suite> [options]: runs one benchmark suite. Every suite prints progress on
// stderr and, as its last line on stdout, one JSON object: {"suite": NAME, "figures": {NAME: NUMBER}}.
import { reportsBench } from './reports.js';
import { uploadsBench } from './uploads.js';
import { seedBench } from './seed.js';
import { ucubeBench } from './ucube.js';
import { webBench } from './web.js';
import { usersBench } from './users.js';
import { trackingBench } from './tracking.js';
import { bestPriceBench } from './best-price.js';
import { merchBench } from './merch.js';
import { hardeningBench } from './hardening.js';

type Suite = (args: string[]) => Promise<Record<string, number>>;
const suites: Record<string, Suite> = {
  seed: seedBench,
  reports: reportsBench,
  ucube: ucubeBench,
  web: webBench,
  uploads: uploadsBench,
  users: usersBench,
  tracking: trackingBench,
  bestprice: bestPriceBench,
  merch: merchBench,
  hardening: hardeningBench,
};

const [name, ...rest] = process.argv.slice(2);
const suite = name ? suites[name] : undefined;
if (!name || !suite) {
  console.error(`usage: npm run bench -- <suite>\nsuites: ${Object.keys(suites).join(', ')}`);
  process.exit(2);
}
const figures = await suite(rest);
console.log(JSON.stringify({ suite: name, figures }));
