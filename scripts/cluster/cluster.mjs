// npm run cluster -- up | down [--clean] | status | check
//
// The production layout of docs/deployment.md on this one machine, from Debian packages, loopback only:
//   HAProxy (balancer, health checks on GET /api/ready)
//     → two app servers (the server in production mode, each on its own loopback port)
//   PostgreSQL 15 primary + a streaming replica (initdb, pg_basebackup -R), both behind pgbouncer in
//     transaction mode (the app servers' DATABASE_URL and DATABASE_READ_URL point at it)
//   the local S3-compatible server (s3rver) holding the files (S3_URL)
// `up` installs haproxy and postgresql when missing (as root), creates what does not exist yet, seeds the
// demo data once (the first app server loads it, as `npm start` does) and waits until HAProxy sees both
// app servers up. `down` stops everything it started (by the process ids it recorded) and keeps the data;
// `down --clean` removes it too. `status` shows each part. `check` = up, sign in through HAProxy, a
// dashboard through each app server, kill one app server (SIGKILL) and go on with the same session,
// then down.
//
// Everything lives in CLUSTER_DIR (default .tmp/cluster in the repository); CLUSTER_PORT (default 8090)
// is the balancer's port, the other ports are picked free on the first `up` and kept in state.json.
// CLUSTER_POOLER=none starts app servers that connect to PostgreSQL directly instead of via pgbouncer.
/* global AbortSignal, Blob, FormData -- Node 20 globals the lint config does not list */
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { connect, createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIR = path.resolve(process.env.CLUSTER_DIR || path.join(ROOT, '.tmp/cluster'));
const STATE_FILE = path.join(DIR, 'state.json');
const BUCKET = 'fieldforce';
const DATABASE = 'fieldforce';
const APP_SERVERS = ['app1', 'app2'];
const DEMO_USER = 'head.vn@demo.test';
const DEMO_PASSWORD = 'fieldforce-demo-2026';
const MARKET = 'vn';
// An admin market whose demo admin holds the Outlet Status upload ability.
const UPLOAD_MARKET = 'id';
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(1).padStart(5)} s`;
const say = (message) => console.log(`[cluster ${elapsed()}] ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

class ClusterError extends Error {}

// ---------------------------------------------------------------------------------------------------
// State, ports, processes

function readState() {
  if (!existsSync(STATE_FILE)) return null;
  return JSON.parse(readFileSync(STATE_FILE, 'utf8'));
}

function writeState(state) {
  writeFileSync(STATE_FILE, `${JSON.stringify(state, null, 2)}\n`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Is `pid` alive and still the process we started (its command line contains `marker`)? */
function running(pid, marker) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    return marker ? cmdline.includes(marker) : true;
  } catch {
    return false;
  }
}

async function stopPid(pid, marker, name, { signal = 'SIGTERM', waitMs = 15_000 } = {}) {
  if (!running(pid, marker)) return false;
  process.kill(pid, signal);
  const until = Date.now() + waitMs;
  while (Date.now() < until) {
    if (!running(pid, marker)) return true;
    await sleep(100);
  }
  say(`${name} did not stop within ${waitMs / 1000} s; SIGKILL`);
  process.kill(pid, 'SIGKILL');
  return true;
}

/**
 * A log at least this large is moved to `<name>.log.1` (replacing the one before) when its process starts
 * again: an app server logs every request, and a one-hour soak left 430-520 MB per server.
 */
const LOG_ROTATE_BYTES = 64 * 1024 * 1024;

function rotateLog(log) {
  try {
    if (statSync(log).size >= LOG_ROTATE_BYTES) renameSync(log, `${log}.1`);
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
}

/** Starts a long-running process detached from this one, output to `log`; returns its pid. */
function startDetached(command, args, { env = {}, log }) {
  rotateLog(log);
  const out = openSync(log, 'a');
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', out, out],
  });
  child.unref();
  closeSync(out);
  return child.pid;
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.status !== 0) {
    throw new ClusterError(
      `${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stderr || result.stdout || result.error?.message || ''}`,
    );
  }
  return result.stdout;
}

// ---------------------------------------------------------------------------------------------------
// Debian packages

function pgBinDir() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : null;
}

const which = (name) => spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();

function ensurePackages() {
  const missing = [];
  if (!which('haproxy')) missing.push('haproxy');
  if (!pgBinDir()) missing.push('postgresql');
  if (!which('pgbouncer')) missing.push('pgbouncer');
  if (missing.length === 0) return;
  if (!isRoot) {
    throw new ClusterError(
      `Missing Debian packages: ${missing.join(' ')}. Install them (sudo apt-get install -y ${missing.join(' ')}) or run as root.`,
    );
  }
  say(`installing ${missing.join(' ')} from Debian packages`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { env });
  // Debian starts the packaged services; this layout runs its own, on its own ports.
  for (const service of missing) spawnSync('sh', ['-c', `service ${service} stop >/dev/null 2>&1 || true`]);
}

// ---------------------------------------------------------------------------------------------------
// PostgreSQL: primary and streaming replica

/** Runs a PostgreSQL binary as the 'postgres' user when we are root (Debian's server refuses root). */
function pg(binary, args, options = {}) {
  const bin = path.join(pgBinDir(), binary);
  return isRoot ? run('runuser', ['-u', 'postgres', '--', bin, ...args], options) : run(bin, args, options);
}

function pgDir(name) {
  const dir = path.join(DIR, name);
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o700);
  if (isRoot) spawnSync('chown', ['-R', 'postgres:postgres', dir]);
  return dir;
}

function socketDir() {
  const dir = path.join(DIR, 'sockets');
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o777);
  return dir;
}

function pgRunning(dataDir) {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return false;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  return running(pid, 'postgres');
}

/** Logs of every part; writable by the 'postgres' user too. */
function logDir() {
  const dir = path.join(DIR, 'logs');
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o1777);
  return dir;
}

const logOf = (name) => path.join(logDir(), `${name}.log`);

function pgStart(dataDir, port, name) {
  if (pgRunning(dataDir)) return;
  const options = `-p ${port} -k ${socketDir()} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  pg('pg_ctl', ['-D', dataDir, '-o', options, '-l', logOf(name), '-w', '-t', '60', 'start']);
}

function pgStop(dataDir) {
  if (!pgRunning(dataDir)) return false;
  pg('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  return true;
}

function psql(port, sql, database = 'postgres') {
  return pg('psql', [
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-U',
    'postgres',
    '-d',
    database,
    '-AtXq',
    '-c',
    sql,
  ])
    .toString()
    .trim();
}

function upPrimary(state) {
  const dataDir = path.join(DIR, 'pg-primary');
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    say(`initdb: the primary in ${dataDir}`);
    pgDir('pg-primary');
    // Trust on loopback only (listen_addresses=127.0.0.1); a real primary uses scram-sha-256 (docs/deployment.md).
    pg('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
    writeFileSync(
      path.join(dataDir, 'postgresql.auto.conf'),
      [
        '# The cluster layout (scripts/cluster): a primary that streams to one replica.',
        'wal_level = replica',
        'max_wal_senders = 5',
        'wal_keep_size = 256MB',
        'hot_standby = on',
        'shared_buffers = 128MB',
        '',
      ].join('\n'),
    );
    if (isRoot) spawnSync('chown', ['postgres:postgres', path.join(dataDir, 'postgresql.auto.conf')]);
  }
  pgStart(dataDir, state.ports.primary, 'pg-primary');
  if (psql(state.ports.primary, `SELECT count(*) FROM pg_database WHERE datname = '${DATABASE}'`) === '0') {
    psql(state.ports.primary, `CREATE DATABASE ${DATABASE}`);
  }
  say(`PostgreSQL primary on 127.0.0.1:${state.ports.primary}`);
}

function upReplica(state) {
  const dataDir = path.join(DIR, 'pg-replica');
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    say(`pg_basebackup -R: the replica in ${dataDir}`);
    pgDir('pg-replica');
    pg('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(state.ports.primary),
      '-U',
      'postgres',
      '-D',
      dataDir,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ]);
  }
  pgStart(dataDir, state.ports.replica, 'pg-replica');
  say(`PostgreSQL replica on 127.0.0.1:${state.ports.replica} (hot standby, streaming from the primary)`);
}

async function waitForStreaming(state) {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    const row = psql(
      state.ports.primary,
      "SELECT state || ' ' || coalesce(replay_lsn::text, '-') FROM pg_stat_replication LIMIT 1",
    );
    if (row.startsWith('streaming')) return row.replace(' ', ', replayed up to ');
    await sleep(300);
  }
  throw new ClusterError(`The replica is not streaming from the primary (see ${logOf('pg-replica')}).`);
}

// --- pgbouncer: transaction pooling in front of both databases (docs/deployment.md) ------------------

const POOLED_PRIMARY = DATABASE;
const POOLED_REPLICA = `${DATABASE}_replica`;

function poolerPid() {
  const file = path.join(DIR, 'pgbouncer', 'pgbouncer.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) : 0;
}

async function upPooler(state) {
  const dir = pgDir('pgbouncer');
  // Behind a transaction pooler the server cannot turn JIT off with its startup option (pgbouncer refuses
  // `options`, and the servers then connect without it): the database's default does it, for every
  // session on the primary and, replicated, on the replica (docs/deployment.md, "Connection pooler").
  psql(state.ports.primary, `ALTER DATABASE ${DATABASE} SET jit = off`);
  writeFileSync(path.join(dir, 'users.txt'), '"postgres" ""\n');
  writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '; Written by scripts/cluster/cluster.mjs',
      '[databases]',
      `${POOLED_PRIMARY} = host=127.0.0.1 port=${state.ports.primary} dbname=${DATABASE} user=postgres`,
      `${POOLED_REPLICA} = host=127.0.0.1 port=${state.ports.replica} dbname=${DATABASE} user=postgres`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${state.ports.pooler}`,
      `unix_socket_dir = ${socketDir()}`,
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'admin_users = postgres',
      'pool_mode = transaction',
      'default_pool_size = 20',
      'max_client_conn = 500',
      `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
      `logfile = ${logOf('pgbouncer')}`,
      '',
    ].join('\n'),
  );
  if (isRoot) spawnSync('chown', ['-R', 'postgres:postgres', dir]);
  if (!running(poolerPid(), 'pgbouncer')) {
    const args = ['-d', path.join(dir, 'pgbouncer.ini')];
    if (isRoot) run('runuser', ['-u', 'postgres', '--', 'pgbouncer', ...args]);
    else run('pgbouncer', args);
  }
  await waitForPort(state.ports.pooler, 'pgbouncer', 0, 'pgbouncer');
  say(
    `pgbouncer on 127.0.0.1:${state.ports.pooler} (transaction pooling): ${POOLED_PRIMARY} → primary, ${POOLED_REPLICA} → replica`,
  );
}

/** Server connections pgbouncer holds per pooled database (its SHOW POOLS). */
function poolerPools(state) {
  const out = psql(state.ports.pooler, 'SHOW POOLS', 'pgbouncer');
  const pools = {};
  for (const line of out.split('\n')) {
    const f = line.split('|');
    // database|user|cl_active|cl_waiting|cl_active_cancel_req|cl_waiting_cancel_req|sv_active|sv_active_cancel|sv_being_canceled|sv_idle|sv_used|…
    if (f[0] === POOLED_PRIMARY || f[0] === POOLED_REPLICA) {
      pools[f[0]] = { clients: Number(f[2]), servers: Number(f[6]) + Number(f[9]) + Number(f[10]) };
    }
  }
  return pools;
}

// ---------------------------------------------------------------------------------------------------
// Object storage, app servers, balancer

const s3Url = (state) => `s3+http://S3RVER:S3RVER@127.0.0.1:${state.ports.s3}/${BUCKET}`;

async function waitForPort(port, name, pid, marker, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const open = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (pid && !running(pid, marker)) throw new ClusterError(`${name} exited; see its log in ${logDir()}`);
    await sleep(200);
  }
  throw new ClusterError(`${name} did not listen on ${port} within ${timeoutMs / 1000} s`);
}

async function upS3(state) {
  if (!running(state.pids.s3, 's3-server.mjs')) {
    state.pids.s3 = startDetached(
      process.execPath,
      ['scripts/cluster/s3-server.mjs', path.join(DIR, 's3'), String(state.ports.s3), BUCKET],
      { log: logOf('s3rver') },
    );
    writeState(state);
  }
  await waitForPort(state.ports.s3, 's3rver', state.pids.s3, 's3-server.mjs');
  say(`S3-compatible server (s3rver) on 127.0.0.1:${state.ports.s3}, bucket ${BUCKET}`);
}

function appEnv(state, name) {
  // CLUSTER_POOLER=none: the app servers connect to PostgreSQL directly (to compare with the pooled path).
  const direct = process.env.CLUSTER_POOLER === 'none';
  const pooled = (database) =>
    direct
      ? `postgres://postgres@127.0.0.1:${database === POOLED_PRIMARY ? state.ports.primary : state.ports.replica}/${DATABASE}`
      : `postgres://postgres@127.0.0.1:${state.ports.pooler}/${database}`;
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(state.ports[name]),
    DATABASE_URL: pooled(POOLED_PRIMARY),
    DATABASE_READ_URL: pooled(POOLED_REPLICA),
    S3_URL: s3Url(state),
    // Each server's own folder; with DATABASE_URL and S3_URL nothing is kept there.
    DATA_DIR: path.join(DIR, name),
    // The first server loads the demo data into the empty database, once (as `npm start` does).
    SEED_SCALE: state.seeded ? 'none' : 'demo',
    TRUST_PROXY: 'true',
    PUBLIC_URL: `http://127.0.0.1:${state.ports.balancer}`,
    LOG_LEVEL: 'info',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
}

const APP_MARKER = 'apps/server/src/server.ts';

async function waitReady(port, name, pid, timeoutMs) {
  const until = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < until) {
    if (pid && !running(pid, APP_MARKER)) {
      throw new ClusterError(`${name} exited; see ${logOf(name)}`);
    }
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/ready`, { signal: AbortSignal.timeout(3000) });
      if (res.status === 200) return (await res.json())['response-data'];
      last = `HTTP ${res.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await sleep(300);
  }
  throw new ClusterError(`${name} was not ready within ${timeoutMs / 1000} s (${last})`);
}

async function startApp(state, name) {
  if (running(state.pids[name], APP_MARKER)) return;
  mkdirSync(path.join(DIR, name), { recursive: true });
  // CLUSTER_INSPECT=1 (the soak's heap sampling, docs/reliability.md): each server's inspector on a
  // loopback port of its own, kept in state.json as `<name>Inspect`. Off unless asked: an inspector
  // lets whoever reaches the port run code in the server.
  const inspect = [];
  if (process.env.CLUSTER_INSPECT === '1') {
    state.ports[`${name}Inspect`] = await freePort();
    inspect.push(`--inspect=127.0.0.1:${state.ports[`${name}Inspect`]}`);
  } else {
    delete state.ports[`${name}Inspect`];
  }
  state.pids[name] = startDetached(process.execPath, [...inspect, '--import', 'tsx', APP_MARKER], {
    env: appEnv(state, name),
    log: logOf(name),
  });
  writeState(state);
}

function ensureWebBuild() {
  if (existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) return;
  say('building the web app (npm run build, under /tmp/ff-build.lock)');
  run('flock', ['/tmp/ff-build.lock', 'npm', 'run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
}

async function upApps(state) {
  ensureWebBuild();
  const [first, ...rest] = APP_SERVERS;
  const seeding = !state.seeded;
  await startApp(state, first);
  if (seeding) say(`${first} migrates the database and loads the demo data (once; about two minutes here)`);
  const ready = await waitReady(state.ports[first], first, state.pids[first], seeding ? 600_000 : 120_000);
  if (!state.seeded) {
    state.seeded = true;
    writeState(state);
  }
  for (const name of rest) await startApp(state, name);
  for (const name of rest) await waitReady(state.ports[name], name, state.pids[name], 120_000);
  for (const name of APP_SERVERS) {
    say(
      `${name} ready on 127.0.0.1:${state.ports[name]} (pid ${state.pids[name]}; schema ${ready.schemaVersion}, files in ${ready.files})`,
    );
  }
}

function haproxyConfig(state) {
  return `# Written by scripts/cluster/cluster.mjs (the layout of docs/deployment.md on loopback).
global
  maxconn 4096
  pidfile ${path.join(DIR, 'haproxy.pid')}
  stats socket ${path.join(DIR, 'haproxy.sock')} mode 600 level admin

defaults
  mode http
  option httplog
  option forwardfor
  timeout connect 2s
  timeout client 120s
  # Long enough for the largest export; SHUTDOWN_TIMEOUT on the app servers is shorter.
  timeout server 120s
  timeout http-request 10s
  timeout http-keep-alive 10s
  # A server that refuses the connection (killed, restarting): the request goes to another one.
  retries 2
  option redispatch 1
  retry-on conn-failure

frontend portal
  bind 127.0.0.1:${state.ports.balancer}
  http-request set-header X-Forwarded-Proto http
  default_backend app_servers

backend app_servers
  # No stickiness: sessions live in PostgreSQL, any server answers any request.
  balance roundrobin
  option httpchk GET /api/ready
  http-check expect status 200
  # A check may take up to 5 s (a busy server is still serving); three failures take a server out. No
  # on-marked-down shutdown-sessions: it would cut the requests in flight that SIGTERM lets finish.
  timeout check 5s
  default-server inter 2s fastinter 1s downinter 1s fall 3 rise 2
  # Shows which app server answered (for npm run cluster -- check); drop it in production.
  http-response set-header X-Served-By %[srv_name]
${APP_SERVERS.map((name) => `  server ${name} 127.0.0.1:${state.ports[name]} check`).join('\n')}

frontend stats
  bind 127.0.0.1:${state.ports.stats}
  stats enable
  stats uri /
  stats refresh 5s
`;
}

const haproxyPid = () => {
  const file = path.join(DIR, 'haproxy.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) : 0;
};

async function upBalancer(state) {
  const cfg = path.join(DIR, 'haproxy.cfg');
  writeFileSync(cfg, haproxyConfig(state));
  run('haproxy', ['-c', '-q', '-f', cfg]);
  if (!running(haproxyPid(), 'haproxy')) {
    run('haproxy', ['-D', '-f', cfg]);
  }
  await waitForPort(state.ports.balancer, 'HAProxy', 0, 'haproxy');
  const until = Date.now() + 20_000;
  let servers = [];
  while (Date.now() < until) {
    servers = await balancerServers(state);
    if (servers.length === APP_SERVERS.length && servers.every((s) => s.status === 'UP')) break;
    await sleep(250);
  }
  say(
    `HAProxy on http://127.0.0.1:${state.ports.balancer} (stats http://127.0.0.1:${state.ports.stats}/): ${servers.map((s) => `${s.name} ${s.status}`).join(', ')}`,
  );
}

/** The balancer's view of the app servers, from its stats socket. */
function balancerServers() {
  const socketPath = path.join(DIR, 'haproxy.sock');
  if (!existsSync(socketPath)) return Promise.resolve([]);
  return new Promise((resolve) => {
    const socket = connect(socketPath);
    let data = '';
    socket.on('data', (chunk) => (data += chunk));
    socket.on('error', () => resolve([]));
    socket.on('end', () => {
      const [header, ...lines] = data.trim().split('\n');
      const columns = (header ?? '').replace(/^# /, '').split(',');
      const at = (name) => columns.indexOf(name);
      resolve(
        lines
          .map((line) => line.split(','))
          .filter((f) => f[at('pxname')] === 'app_servers' && APP_SERVERS.includes(f[at('svname')]))
          .map((f) => ({
            name: f[at('svname')],
            status: f[at('status')],
            check: f[at('check_status')],
            served: Number(f[at('stot')]),
          })),
      );
    });
    socket.write('show stat\n');
  });
}

// ---------------------------------------------------------------------------------------------------
// Commands

async function up() {
  ensurePackages();
  mkdirSync(DIR, { recursive: true });
  chmodSync(DIR, 0o755);
  let state = readState();
  if (!state) {
    const balancer = Number(process.env.CLUSTER_PORT || 8090);
    if (!(await portIsFree(balancer))) {
      throw new ClusterError(`Port ${balancer} is taken: set CLUSTER_PORT to a free port.`);
    }
    state = {
      created: new Date().toISOString(),
      seeded: false,
      ports: {
        balancer,
        stats: await freePort(),
        primary: await freePort(),
        replica: await freePort(),
        pooler: await freePort(),
        s3: await freePort(),
        app1: await freePort(),
        app2: await freePort(),
      },
      pids: {},
    };
    writeState(state);
  }
  if (!state.ports.pooler) {
    state.ports.pooler = await freePort();
    writeState(state);
  }
  say(`cluster folder ${DIR}`);
  upPrimary(state);
  upReplica(state);
  say(`replication: ${await waitForStreaming(state)}`);
  await upPooler(state);
  await upS3(state);
  await upApps(state);
  await upBalancer(state);
  say(`up: open http://127.0.0.1:${state.ports.balancer} (demo sign-ins in README.md)`);
  return state;
}

async function down({ clean = false } = {}) {
  const state = readState();
  if (!state) {
    say('nothing to stop (no state.json)');
    if (clean) rmSync(DIR, { recursive: true, force: true });
    return;
  }
  const stopped = [];
  if (await stopPid(haproxyPid(), 'haproxy', 'HAProxy', { signal: 'SIGUSR1', waitMs: 5000 }))
    stopped.push('haproxy');
  for (const name of APP_SERVERS) {
    if (await stopPid(state.pids[name], APP_MARKER, name)) stopped.push(name);
  }
  if (await stopPid(state.pids.s3, 's3-server.mjs', 's3rver')) stopped.push('s3rver');
  if (await stopPid(poolerPid(), 'pgbouncer', 'pgbouncer', { signal: 'SIGINT', waitMs: 5000 }))
    stopped.push('pgbouncer');
  if (pgStop(path.join(DIR, 'pg-replica'))) stopped.push('pg-replica');
  if (pgStop(path.join(DIR, 'pg-primary'))) stopped.push('pg-primary');
  state.pids = {};
  writeState(state);
  say(`down: stopped ${stopped.length ? stopped.join(', ') : 'nothing (none was running)'}`);
  if (clean) {
    rmSync(DIR, { recursive: true, force: true });
    say(`removed ${DIR}`);
  }
}

async function status() {
  const state = readState();
  if (!state) {
    console.log('No cluster (npm run cluster -- up creates one).');
    return false;
  }
  const rows = [];
  const primaryUp = pgRunning(path.join(DIR, 'pg-primary'));
  const replicaUp = pgRunning(path.join(DIR, 'pg-replica'));
  let replication = '';
  if (primaryUp) {
    try {
      replication = psql(
        state.ports.primary,
        "SELECT state || ', lag ' || pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn) || ' bytes' FROM pg_stat_replication LIMIT 1",
      );
    } catch {
      replication = '?';
    }
  }
  rows.push(['pg-primary', `127.0.0.1:${state.ports.primary}`, primaryUp ? 'running' : 'stopped', '']);
  rows.push([
    'pg-replica',
    `127.0.0.1:${state.ports.replica}`,
    replicaUp ? 'running' : 'stopped',
    replication ? `replication: ${replication}` : '',
  ]);
  let pools = '';
  if (running(poolerPid(), 'pgbouncer')) {
    try {
      pools = Object.entries(poolerPools(state))
        .map(([db, p]) => `${db}: ${p.clients} clients, ${p.servers} server connections`)
        .join('; ');
    } catch {
      pools = '?';
    }
  }
  rows.push([
    'pgbouncer',
    `127.0.0.1:${state.ports.pooler}`,
    running(poolerPid(), 'pgbouncer') ? 'running' : 'stopped',
    pools,
  ]);
  rows.push([
    's3rver',
    `127.0.0.1:${state.ports.s3}`,
    running(state.pids.s3, 's3-server.mjs') ? 'running' : 'stopped',
    `bucket ${BUCKET}`,
  ]);
  for (const name of APP_SERVERS) {
    let ready = '';
    if (running(state.pids[name], APP_MARKER)) {
      try {
        const res = await fetch(`http://127.0.0.1:${state.ports[name]}/api/ready`, {
          signal: AbortSignal.timeout(3000),
        });
        ready = `/api/ready ${res.status}`;
      } catch (error) {
        ready = `/api/ready: ${error instanceof Error ? error.message : error}`;
      }
    }
    rows.push([
      name,
      `127.0.0.1:${state.ports[name]}`,
      running(state.pids[name], APP_MARKER) ? `running (pid ${state.pids[name]})` : 'stopped',
      ready,
    ]);
  }
  const servers = running(haproxyPid(), 'haproxy') ? await balancerServers(state) : [];
  rows.push([
    'haproxy',
    `127.0.0.1:${state.ports.balancer}`,
    running(haproxyPid(), 'haproxy') ? 'running' : 'stopped',
    servers.map((s) => `${s.name} ${s.status} (${s.check})`).join(', '),
  ]);
  const width = [12, 17, 22];
  for (const row of rows) {
    console.log(row.map((cell, i) => (i < width.length ? cell.padEnd(width[i]) : cell)).join(' '));
  }
  return true;
}

// --- check ------------------------------------------------------------------------------------------

/** A tiny cookie jar, as a browser keeps the portal's session cookies. */
class Jar {
  cookies = new Map();
  take(res) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
  }
}

async function check() {
  const failures = [];
  const expect = (ok, message) => {
    say(`${ok ? 'ok  ' : 'FAIL'} ${message}`);
    if (!ok) failures.push(message);
    return ok;
  };
  const state = await up();
  const base = `http://127.0.0.1:${state.ports.balancer}`;
  const jar = new Jar();
  let clientRetries = 0;
  const call = async (method, url, body, headers = {}) => {
    const started = Date.now();
    const send = () =>
      fetch(`${base}${url}`, {
        method,
        headers: {
          cookie: jar.header(),
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(30_000),
      });
    let res;
    try {
      res = await send();
    } catch (error) {
      // HAProxy closes a kept-alive client connection whose reused server connection died (http-reuse
      // safe), so that the client retries: browsers resend an idempotent request once, so does this.
      if (method !== 'GET' || error?.cause?.code !== 'UND_ERR_SOCKET') throw error;
      clientRetries += 1;
      res = await send();
    }
    jar.take(res);
    const text = await res.text();
    return { res, text, ms: Date.now() - started, servedBy: res.headers.get('x-served-by') };
  };
  const dashboard = `/api/ucube/daily-trend?countryCode=${MARKET}&period=mtd`;

  say(`check: through HAProxy at ${base}`);
  const replicaTransactions = () =>
    Number(
      psql(
        state.ports.replica,
        `SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = '${DATABASE}'`,
      ),
    );
  const replicaBefore = replicaTransactions();
  const login = await call('POST', `/api/fb/accounts/login?countryCode=${MARKET}`, {
    email: DEMO_USER,
    password: DEMO_PASSWORD,
    deviceId: `cluster-check-${Date.now()}`,
  });
  expect(
    login.res.status === 200 && jar.cookies.has('idToken') && jar.cookies.has('refreshToken'),
    `sign-in as ${DEMO_USER}: HTTP ${login.res.status} from ${login.servedBy}, session cookies set (${login.ms} ms)`,
  );

  const seen = new Map();
  let lastServedBy = '';
  for (let i = 0; i < 6 && seen.size < APP_SERVERS.length; i++) {
    const r = await call('GET', dashboard);
    lastServedBy = r.servedBy;
    let days = 0;
    try {
      days = JSON.parse(r.text)['response-data'].days.length;
    } catch {
      days = -1;
    }
    if (!seen.has(r.servedBy)) {
      seen.set(r.servedBy, r);
      expect(
        r.res.status === 200,
        `dashboard (UCube daily trend, same session) from ${r.servedBy}: HTTP ${r.res.status}, ${days} days (${r.ms} ms)`,
      );
    }
  }
  expect(
    APP_SERVERS.every((name) => seen.has(name)),
    `both app servers answered the same session: ${[...seen.keys()].join(', ')}`,
  );

  // A file: uploaded through one app server into the bucket, read back through both.
  const admin = new Jar();
  const adminLogin = await fetch(`${base}/api/fb/accounts/login?countryCode=${UPLOAD_MARKET}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `admin.${UPLOAD_MARKET}@demo.test`,
      password: DEMO_PASSWORD,
      deviceId: `cluster-check-admin-${Date.now()}`,
    }),
  });
  admin.take(adminLogin);
  const form = new FormData();
  form.append('kind', 'outletStatus');
  const sample = readFileSync(path.join(ROOT, 'docs/samples/outlet-status-bad.csv'));
  form.append('file', new Blob([sample], { type: 'text/csv' }), 'outlet-status-bad.csv');
  const upload = await fetch(`${base}/api/file/upload?countryCode=${UPLOAD_MARKET}&kind=outletStatus`, {
    method: 'POST',
    // Cookie-authenticated writes carry the CSRF header, as the web app sends it.
    headers: { cookie: admin.header(), 'x-requested-with': 'fieldforce' },
    body: form,
  });
  const uploadText = await upload.text();
  const uploaded = upload.status === 200 ? JSON.parse(uploadText)['response-data'] : null;
  const objects = uploaded
    ? readdirSync(path.join(DIR, 's3', BUCKET, 'imports', uploaded.jobId)).map((f) => f.split('._S3rver_')[0])
    : [];
  expect(
    uploaded !== null && objects.includes('original.csv') && objects.includes('errors.csv'),
    `upload as admin.${UPLOAD_MARKET} on ${upload.headers.get('x-served-by')}: HTTP ${upload.status}, ` +
      (uploaded
        ? `${uploaded.preview?.errorCount ?? '?'} rows with errors; in the bucket: imports/${uploaded.jobId}/{${[...new Set(objects)].join(',')}}`
        : uploadText.slice(0, 200)),
  );
  const servedFile = new Set();
  for (let i = 0; uploaded && i < 4 && servedFile.size < APP_SERVERS.length; i++) {
    const res = await fetch(
      `${base}/api/file/download/${uploaded.errorFileId}?countryCode=${UPLOAD_MARKET}`,
      {
        headers: { cookie: admin.header() },
      },
    );
    const body = await res.text();
    if (res.status === 200 && body.includes('Error')) servedFile.add(res.headers.get('x-served-by'));
  }
  expect(
    servedFile.size === APP_SERVERS.length,
    `the error file downloaded from the bucket through ${[...servedFile].join(' and ')}`,
  );

  // The write the sign-in made on the primary, read back on the replica.
  const sessions = psql(
    state.ports.replica,
    "SELECT count(*) FROM device_sessions WHERE device_id LIKE 'cluster-check-%' AND ended_at IS NULL",
    DATABASE,
  );
  expect(
    Number(sessions) >= 1,
    `the session row, written on the primary, is on the replica (${sessions} found)`,
  );

  // Whether reads went to the replica is the app servers' choice (DATABASE_READ_URL routing): shown, not
  // required here (the psql calls of this check add a handful).
  say(
    `info the replica answered ${replicaTransactions() - replicaBefore} transactions during these requests`,
  );
  if (process.env.CLUSTER_POOLER === 'none') {
    say('info the app servers connect to PostgreSQL directly (CLUSTER_POOLER=none)');
  } else {
    // JIT off behind the pooler: the servers' startup option cannot pass pgbouncer, the database default does.
    const jit = [POOLED_PRIMARY, POOLED_REPLICA].map(
      (db) => `${db} ${psql(state.ports.pooler, 'SHOW jit', db)}`,
    );
    expect(
      jit.every((line) => line.endsWith(' off')),
      `a pooled connection reports SHOW jit: ${jit.join(', ')}`,
    );
    const pools = poolerPools(state);
    expect(
      (pools[POOLED_PRIMARY]?.servers ?? 0) > 0,
      `the app servers reach PostgreSQL through pgbouncer (transaction pooling): ${Object.entries(pools)
        .map(([db, p]) => `${db} ${p.clients} clients on ${p.servers} server connections`)
        .join(', ')}`,
    );
  }

  // Kill the server next in HAProxy's turn (round robin), as a crash would: no graceful shutdown, and
  // HAProxy still counts it up until its next health checks fail.
  const victim = APP_SERVERS.find((name) => name !== lastServedBy) ?? APP_SERVERS[0];
  const victimPid = state.pids[victim];
  process.kill(victimPid, 'SIGKILL');
  say(`killed ${victim} (pid ${victimPid}, SIGKILL)`);
  const after = [];
  for (let i = 0; i < 4; i++) after.push(await call('GET', dashboard));
  expect(
    after.every((r) => r.res.status === 200),
    `the next ${after.length} dashboard requests, same session: ${after.map((r) => `${r.res.status} from ${r.servedBy} (${r.ms} ms)`).join(', ')}` +
      (clientRetries
        ? `; ${clientRetries} resent once on a closed keep-alive connection, as a browser does`
        : ''),
  );
  const idBefore = jar.cookies.get('idToken');
  const refresh = await call(
    'POST',
    `/api/fb/accounts/refreshtoken?countryCode=${MARKET}`,
    { grant_type: 'refresh_token' },
    { 'x-requested-with': 'fieldforce' },
  );
  expect(
    refresh.res.status === 200 && jar.cookies.get('idToken') !== idBefore,
    `refresh token (cookie) traded on ${refresh.servedBy} for a new id token: HTTP ${refresh.res.status}` +
      (refresh.res.status === 200 ? '' : ` ${refresh.text.slice(0, 200)}`),
  );
  const still = await call('GET', `/api/sessions/v1/checkActiveStatus?countryCode=${MARKET}`);
  let allowed = false;
  try {
    allowed = JSON.parse(still.text)['response-data'].sessionAllowed === true;
  } catch {
    allowed = false;
  }
  expect(still.res.status === 200 && allowed, `session still active on ${still.servedBy}`);
  const until = Date.now() + 10_000;
  let view = [];
  while (Date.now() < until) {
    view = await balancerServers(state);
    if (view.find((s) => s.name === victim)?.status.startsWith('DOWN')) break;
    await sleep(200);
  }
  expect(
    view.find((s) => s.name === victim)?.status.startsWith('DOWN') ?? false,
    `HAProxy took ${victim} out of rotation: ${view.map((s) => `${s.name} ${s.status} (${s.check})`).join(', ')}`,
  );
  await status();
  await down();
  console.log('');
  if (failures.length === 0) {
    say(`check passed in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    return true;
  }
  say(`check FAILED: ${failures.length} step(s):\n  ${failures.join('\n  ')}`);
  return false;
}

// ---------------------------------------------------------------------------------------------------

const [command, ...rest] = process.argv.slice(2);
const commands = {
  up: async () => {
    await up();
    return true;
  },
  down: async () => {
    await down({ clean: rest.includes('--clean') });
    return true;
  },
  status,
  check,
};
if (!commands[command]) {
  console.error('usage: npm run cluster -- up | down [--clean] | status | check');
  process.exit(2);
}
try {
  const ok = await commands[command]();
  process.exit(ok ? 0 : 1);
} catch (error) {
  if (error instanceof ClusterError) {
    console.error(`[cluster] ${error.message}`);
    if (command === 'check') await down().catch(() => undefined);
    process.exit(1);
  }
  throw error;
}
