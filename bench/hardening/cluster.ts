/**
 * The cluster layout for the hardening bench, through `npm run cluster`'s CLI (scripts/cluster): its own
 * folder (HARDEN_CLUSTER_DIR, default .tmp/cluster-harden) and balancer port (HARDEN_CLUSTER_PORT, default
 * 8190), so that it never touches a cluster someone else runs. `up` starts whatever is not running (it is
 * also how a killed part comes back); the parts' ports and process ids come from its state.json.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { REPO_ROOT, log } from '../lib.js';

export const CLUSTER_DIR = path.resolve(
  process.env['HARDEN_CLUSTER_DIR'] ?? path.join(REPO_ROOT, '.tmp/cluster-harden'),
);
const CLUSTER_PORT = process.env['HARDEN_CLUSTER_PORT'] ?? '8190';
const SCRIPT = path.join(REPO_ROOT, 'scripts/cluster/cluster.mjs');

export interface ClusterState {
  ports: {
    balancer: number;
    stats: number;
    primary: number;
    replica: number;
    s3: number;
    app1: number;
    app2: number;
    pooler?: number;
    /** With CLUSTER_INSPECT=1: each app server's inspector port (loopback). */
    app1Inspect?: number;
    app2Inspect?: number;
  };
  pids: Partial<Record<'s3' | 'app1' | 'app2', number>>;
}

export interface Cluster {
  base: string;
  app: Record<'app1' | 'app2', string>;
  primaryUrl: string;
  replicaUrl: string;
  /** A database through pgbouncer ('fieldforce' → the primary, 'fieldforce_replica' → the replica). */
  pooledUrl(database: string): string;
  state(): ClusterState;
  /** `npm run cluster -- up`: starts what is not running, waits until HAProxy sees both servers. */
  up(): Promise<void>;
  down(): Promise<void>;
  /** A command on HAProxy's admin socket, e.g. 'set server app_servers/app2 state maint'. */
  haproxy(command: string): Promise<string>;
  /** pg_ctl stop/start of the primary or the replica (as the postgres user when root). */
  pgCtl(which: 'primary' | 'replica', action: 'stop' | 'start', mode?: 'fast' | 'immediate'): void;
}

function cli(command: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SCRIPT, command], {
      cwd: REPO_ROOT,
      env: { ...process.env, CLUSTER_DIR, CLUSTER_PORT },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d) => process.stderr.write(String(d)));
    child.stderr.on('data', (d) => process.stderr.write(String(d)));
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`cluster ${command}: exit ${code}`)),
    );
  });
}

function readState(): ClusterState {
  return JSON.parse(readFileSync(path.join(CLUSTER_DIR, 'state.json'), 'utf8')) as ClusterState;
}

function pgBin(binary: string): string {
  const base = '/usr/lib/postgresql';
  const versions = spawnSync('ls', [base], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter((v) => existsSync(path.join(base, v, 'bin', binary)))
    .sort((a, b) => Number(b) - Number(a));
  return path.join(base, versions[0] ?? '15', 'bin', binary);
}

export async function startCluster(): Promise<Cluster> {
  log(`cluster: up in ${CLUSTER_DIR} (balancer port ${CLUSTER_PORT})`);
  await cli('up');
  const s = readState();
  const db = (port: number) => `postgres://postgres@127.0.0.1:${port}/fieldforce`;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return {
    base: `http://127.0.0.1:${s.ports.balancer}`,
    app: { app1: `http://127.0.0.1:${s.ports.app1}`, app2: `http://127.0.0.1:${s.ports.app2}` },
    primaryUrl: db(s.ports.primary),
    replicaUrl: db(s.ports.replica),
    pooledUrl: (database) => `postgres://postgres@127.0.0.1:${s.ports.pooler ?? 0}/${database}`,
    state: readState,
    up: () => cli('up'),
    down: () => cli('down'),
    haproxy: (command) =>
      new Promise((resolve) => {
        const socket = connect(path.join(CLUSTER_DIR, 'haproxy.sock'));
        let data = '';
        socket.on('data', (chunk) => (data += String(chunk)));
        socket.on('error', (e) => resolve(`error: ${e.message}`));
        socket.on('end', () => resolve(data.trim()));
        socket.write(`${command}\n`);
      }),
    pgCtl(which, action, mode = 'fast') {
      const dir = path.join(CLUSTER_DIR, which === 'primary' ? 'pg-primary' : 'pg-replica');
      const port = which === 'primary' ? s.ports.primary : s.ports.replica;
      const args =
        action === 'stop'
          ? ['-D', dir, '-m', mode, '-w', 'stop']
          : [
              '-D',
              dir,
              '-o',
              `-p ${port} -k ${path.join(CLUSTER_DIR, 'sockets')} -c listen_addresses=127.0.0.1 -c max_connections=200`,
              '-l',
              path.join(CLUSTER_DIR, 'logs', `pg-${which}.log`),
              '-w',
              '-t',
              '60',
              'start',
            ];
      const cmd = isRoot ? 'runuser' : pgBin('pg_ctl');
      const full = isRoot ? ['-u', 'postgres', '--', pgBin('pg_ctl'), ...args] : args;
      const r = spawnSync(cmd, full, { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`pg_ctl ${action} ${which}: ${r.stderr || r.stdout}`);
    },
  };
}

/** CPU time (user + system, in clock ticks) of a process and its children that have exited, from /proc. */
export function cpuTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state): utime is field 14, stime 15, cutime 16, cstime 17.
    return Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  } catch {
    return 0;
  }
}

/** Process ids of every running process whose command line contains `marker` (PostgreSQL backends included). */
export function pidsMatching(marker: string): number[] {
  const out = spawnSync('pgrep', ['-f', marker], { encoding: 'utf8' }).stdout;
  return out
    .split('\n')
    .map(Number)
    .filter((n) => n > 0 && n !== process.pid);
}
