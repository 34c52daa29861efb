// The demo data set: how long it takes to seed into a fresh embedded database, how much memory the
// server holds with it loaded, and how many rows each table has.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { log, residentMemory, runNode, startServer, REPO_ROOT } from './lib.js';

export async function seedBench(args: string[]): Promise<Record<string, number>> {
  const seed = args.includes('--seed') ? args[args.indexOf('--seed') + 1]! : '2026';
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ff-bench-seed-'));
  try {
    log(`seeding demo (seed ${seed}) into ${dataDir}`);
    const cli = path.join(REPO_ROOT, 'apps/server/src/db/seed/cli.ts');
    const result = await runNode(
      ['--import', 'tsx', cli, '--scale', 'demo', '--seed', seed, '--data-dir', dataDir],
      {
        DATABASE_URL: '',
      },
    );
    if (result.code !== 0) throw new Error(`seed failed with exit code ${result.code}`);
    // The seed command prints its report as one JSON document on stdout (progress goes to stderr).
    const report = JSON.parse(result.stdout.slice(result.stdout.indexOf('{'))) as {
      seconds: number;
      counts: Record<string, number>;
    };

    log('starting the server on the seeded data');
    const server = await startServer({ DATA_DIR: dataDir, SEED_SCALE: 'demo', DATABASE_URL: '' });
    const health = await fetch(`${server.url}/api/health`);
    if (!health.ok) throw new Error(`health check failed: ${health.status}`);
    const memory = residentMemory(server.child.pid!);
    await server.stop();

    const figures: Record<string, number> = {
      'seed.ms': Math.round(report.seconds * 1000),
      'seed.processMs': Math.round(result.ms),
      'server.rssMb': memory.rssMb,
      'server.peakRssMb': memory.peakRssMb,
      'rows.total': Object.values(report.counts).reduce((a, b) => a + b, 0),
    };
    for (const [table, count] of Object.entries(report.counts)) figures[`rows.${table}`] = count;
    return figures;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
