/**
 * A PostgreSQL primary and a streaming replica on loopback for the replica-routing test: initdb, start,
 * pg_basebackup -R, start the standby; temporary folders, removed by stop(). Only where the server
 * binaries are installed (/usr/lib/postgresql/<version>/bin); `pgBinDir()` is null otherwise.
 * As root the servers run as the 'postgres' user (Debian's PostgreSQL refuses root).
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { testDatabaseUrl } from '../helpers/database.js';

export function pgBinDir(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'pg_basebackup')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : null;
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function run(bin: string, args: string[]): void {
  const [command, full] = isRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const result = spawnSync(command, full, { encoding: 'utf8', stdio: 'pipe' });
  if (result.status !== 0) {
    throw new Error(`${path.basename(bin)} failed (${result.status}): ${result.stderr || result.stdout}`);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ReplicaCluster {
  primaryUrl: string;
  replicaUrl: string;
  /** The temporary folder (sockets, logs), removed by stop(). */
  dir: string;
  primaryPort: number;
  replicaPort: number;
  /** Stops the standby (immediate), as a crash would. */
  stopReplica(): void;
  startReplica(): void;
  stop(): void;
}

export async function startReplicaCluster(bin: string): Promise<ReplicaCluster> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fieldforce-replica-'));
  chmodSync(dir, 0o777);
  if (isRoot) spawnSync('chown', ['postgres', dir]);
  const primaryDir = path.join(dir, 'primary');
  const replicaDir = path.join(dir, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const common = ['-c listen_addresses=127.0.0.1', `-k ${dir}`, '-c fsync=off', '-c max_connections=60'];
  const options = (port: number) => [`-p ${port}`, ...common].join(' ');
  const pgCtl = path.join(bin, 'pg_ctl');
  let replicaUp = false;
  let primaryUp = false;
  const stop = () => {
    for (const [up, data] of [
      [replicaUp, replicaDir],
      [primaryUp, primaryDir],
    ] as const) {
      if (!up) continue;
      try {
        run(pgCtl, ['-D', data, '-m', 'immediate', 'stop']);
      } catch {
        // already stopped
      }
    }
    replicaUp = primaryUp = false;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    run(path.join(bin, 'initdb'), [
      '-D',
      primaryDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-locale',
    ]);
    run(pgCtl, [
      '-D',
      primaryDir,
      '-o',
      options(primaryPort),
      '-l',
      path.join(dir, 'primary.log'),
      '-w',
      'start',
    ]);
    primaryUp = true;
    run(path.join(bin, 'pg_basebackup'), [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replicaDir,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ]);
    const startReplica = () => {
      run(pgCtl, [
        '-D',
        replicaDir,
        '-o',
        options(replicaPort),
        '-l',
        path.join(dir, 'replica.log'),
        '-w',
        'start',
      ]);
      replicaUp = true;
    };
    startReplica();
    return {
      dir,
      primaryPort,
      replicaPort,
      primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
      replicaUrl: `postgres://postgres@127.0.0.1:${replicaPort}/postgres`,
      stopReplica() {
        run(pgCtl, ['-D', replicaDir, '-m', 'immediate', 'stop']);
        replicaUp = false;
      },
      startReplica,
      stop,
    };
  } catch (error) {
    stop();
    throw error;
  }
}

/** pgbouncer's binary where the Debian package put it; null when it is not installed. */
export function pgbouncerBin(): string | null {
  for (const candidate of ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'])
    if (existsSync(candidate)) return candidate;
  return null;
}

/**
 * Whether a test that brings up its own servers (replica.test.ts, pooler.test.ts) is skipped: where the
 * PostgreSQL server binaries (and, with `pgbouncer`, pgbouncer) are not installed, and in the
 * `--with-postgres` pass (DATABASE_URL set), since once per `npm test` is enough.
 */
export function clusterTestSkipped(needs: { pgbouncer?: boolean } = {}): boolean {
  return !pgBinDir() || (needs.pgbouncer === true && !pgbouncerBin()) || Boolean(testDatabaseUrl);
}

/** How long one teardown step may take (each is a second or two; more means it hangs). */
export const TEARDOWN_STEP_MS = 20_000;

/**
 * Runs a cluster test's teardown steps in order, each given TEARDOWN_STEP_MS: a step that fails or hangs
 * is named in the error thrown at the end (the failure is reported, not hidden), and the steps after it
 * still run, so the servers are stopped and their folder removed even when a pool does not end. Slow
 * steps are logged under `test`.
 */
export async function shutDown(test: string, steps: [string, () => unknown][]): Promise<void> {
  const problems: string[] = [];
  for (const [name, step] of steps) {
    const started = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`did not finish in ${TEARDOWN_STEP_MS} ms`)),
        TEARDOWN_STEP_MS,
      );
    });
    try {
      await Promise.race([Promise.resolve().then(step), late]);
    } catch (error) {
      problems.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      clearTimeout(timer);
    }
    const took = Date.now() - started;
    if (took > 5_000) console.warn(`${test} teardown: ${name} took ${took} ms`);
  }
  if (problems.length > 0) throw new Error(`teardown failed: ${problems.join('; ')}`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `test` every 50 ms until it holds; fails naming `what` after `ms`. */
export async function until(
  what: string,
  test: () => boolean | Promise<boolean>,
  ms = 15_000,
): Promise<void> {
  const end = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > end) throw new Error(`timed out waiting for: ${what}`);
    await sleep(50);
  }
}

export interface Pooler {
  /** postgres://… of a pooled database (a name of `databases`). */
  url(database: string): string;
  stop(): void;
}

/**
 * pgbouncer in transaction mode in front of the cluster, configured as scripts/cluster does it (and
 * without `ignore_startup_parameters`: a startup option is refused). `databases`: pooled name → the
 * primary's or the replica's database.
 */
export async function startPooler(
  cluster: ReplicaCluster,
  bin: string,
  databases: Record<string, { server: 'primary' | 'replica'; dbname: string }>,
): Promise<Pooler> {
  const port = await freePort();
  const dir = path.join(cluster.dir, 'pgbouncer');
  spawnSync('mkdir', ['-p', dir]);
  chmodSync(dir, 0o777);
  const ini = path.join(dir, 'pgbouncer.ini');
  const pidFile = path.join(dir, 'pgbouncer.pid');
  writeFileSync(path.join(dir, 'users.txt'), '"postgres" ""\n');
  writeFileSync(
    ini,
    [
      '[databases]',
      ...Object.entries(databases).map(
        ([name, d]) =>
          `${name} = host=127.0.0.1 port=${d.server === 'primary' ? cluster.primaryPort : cluster.replicaPort} dbname=${d.dbname} user=postgres`,
      ),
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      'default_pool_size = 10',
      `pidfile = ${pidFile}`,
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  );
  if (isRoot) spawnSync('chown', ['-R', 'postgres', dir]);
  run(bin, ['-d', ini]);
  const until = Date.now() + 10_000;
  while (!existsSync(pidFile)) {
    if (Date.now() > until) throw new Error(`pgbouncer did not start (see ${dir}/pgbouncer.log)`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop() {
      try {
        process.kill(Number(readFileSync(pidFile, 'utf8').trim()), 'SIGINT');
      } catch {
        // already stopped
      }
    },
  };
}
