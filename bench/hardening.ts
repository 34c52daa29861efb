/**
 * npm run bench -- hardening [--only authz,hostile,jwt,injection,load,faults] [--target URL]
 *                            [--files N] [--vus V] [--minutes D] [--keep]
 *
 * The proof of issue 16 (docs/reliability.md, "Proof"): against the cluster layout of docs/deployment.md
 * (scripts/cluster, started here in its own folder .tmp/cluster-harden, balancer on 8190; `--keep` leaves
 * it running), or against an already running server with `--target URL` (then DATABASE_URL must point at
 * its database for the SQL counts; load and faults need the cluster). Parts in bench/hardening/*.
 * Prints one JSON line {"suite":"hardening","figures":{…}}; details of every failure go to stderr.
 */
import os from 'node:os';
import pg from 'pg';
import { arg, log } from './lib.js';
import { authzPart, type PartContext } from './hardening/authz.js';
import { startCluster, type Cluster } from './hardening/cluster.js';
import { jwtPart } from './hardening/jwt.js';
import { injectionPart } from './hardening/injection.js';
import { hostilePart } from './hardening/hostile.js';
import { loadPart } from './hardening/load.js';
import { faultsPart } from './hardening/faults.js';

const PARTS = ['authz', 'hostile', 'jwt', 'injection', 'load', 'faults'] as const;
type Part = (typeof PARTS)[number];

export async function hardeningBench(args: string[]): Promise<Record<string, number>> {
  const only = arg(args, '--only', PARTS.join(','))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean) as Part[];
  const unknown = only.filter((p) => !PARTS.includes(p));
  if (unknown.length) throw new Error(`unknown part(s) ${unknown.join(', ')}; parts: ${PARTS.join(', ')}`);
  const target = args.includes('--target') ? arg(args, '--target', '') : null;
  let cluster: Cluster | null = null;
  let base: string;
  let dbUrl: string;
  if (target) {
    base = target.replace(/\/$/, '');
    dbUrl = process.env['DATABASE_URL'] ?? '';
    if (!dbUrl)
      throw new Error('--target needs DATABASE_URL (the target server’s database) for the SQL checks');
  } else {
    cluster = await startCluster();
    base = cluster.base;
    dbUrl = cluster.primaryUrl;
  }
  const db = new pg.Pool({ connectionString: dbUrl, max: 4 });
  db.on('error', () => undefined); // the faults part stops the primary on purpose
  const ctx: PartContext = { base, db, args };
  const figures: Record<string, number> = {};
  const started = Date.now();
  try {
    for (const part of PARTS.filter((p) => only.includes(p))) {
      const t0 = Date.now();
      log(`hardening: ${part} …`);
      let result: Record<string, number>;
      switch (part) {
        case 'authz':
          result = await authzPart(ctx);
          break;
        case 'jwt':
          result = await jwtPart(ctx);
          break;
        case 'injection':
          result = await injectionPart(ctx);
          break;
        case 'hostile':
          result = await hostilePart(ctx, cluster);
          break;
        case 'load':
          if (!cluster) throw new Error('the load part runs on the cluster (no --target)');
          result = await loadPart(ctx, cluster);
          break;
        case 'faults':
          if (!cluster) throw new Error('the faults part runs on the cluster (no --target)');
          result = await faultsPart(ctx, cluster);
          break;
      }
      Object.assign(figures, result);
      figures[`${part}.seconds`] = Math.round((Date.now() - t0) / 1000);
      log(`hardening: ${part} done in ${figures[`${part}.seconds`]} s: ${JSON.stringify(result)}`);
    }
  } finally {
    await db.end().catch(() => undefined);
    if (cluster && !args.includes('--keep')) await cluster.down().catch(() => undefined);
  }
  figures['machine.cores'] = os.cpus().length;
  figures['machine.loadAverage1m'] = Math.round(os.loadavg()[0]! * 100) / 100;
  figures['hardening.seconds'] = Math.round((Date.now() - started) / 1000);
  return figures;
}
