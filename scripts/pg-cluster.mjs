// A throwaway PostgreSQL cluster on loopback for tests and benchmarks.
//   node scripts/pg-cluster.mjs -- <command …>   runs the command with DATABASE_URL set, then removes the cluster
//   node scripts/pg-cluster.mjs --keep DIR [--port N] -- <command …>
//       the same with a cluster kept in DIR (created on first use, reused after, left running on stop
//       only until the command ends): a seeded `large` set survives between benchmark runs.
// As a module: startCluster() → { url, stop() }.
// Debian's PostgreSQL refuses to run as root, so as root the cluster runs as the 'postgres' user.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, chmodSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findBinDir() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base)
      .filter((v) => existsSync(path.join(base, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(base, versions[0], 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) return path.dirname(which.stdout.trim());
  throw new Error(
    'PostgreSQL server binaries not found. Install them (Debian: apt-get install -y postgresql) or set PG_BIN, or set DATABASE_URL to a server.',
  );
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

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function run(bin, args, options = {}) {
  const [command, fullArgs] = isRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const result = spawnSync(command, fullArgs, { encoding: 'utf8', ...options });
  if (result.status !== 0) {
    throw new Error(`${path.basename(bin)} failed (${result.status}): ${result.stderr || result.stdout}`);
  }
  return result;
}

export async function startCluster({ log = () => {}, keepDir, port: wantedPort } = {}) {
  const bin = findBinDir();
  const dir = keepDir ? path.resolve(keepDir) : mkdtempSync(path.join(os.tmpdir(), 'fieldforce-pg-'));
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o777);
  if (isRoot) spawnSync('chown', ['postgres', dir]);
  const dataDir = path.join(dir, 'data');
  const port = wantedPort ?? (await freePort());
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) {
    log(`reusing ${dataDir}`);
  } else {
    log(`initdb ${dataDir}`);
    run(
      path.join(bin, 'initdb'),
      ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale'],
      {
        stdio: 'pipe',
      },
    );
  }
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
    '-c shared_buffers=256MB',
  ].join(' ');
  run(
    path.join(bin, 'pg_ctl'),
    ['-D', dataDir, '-o', options, '-l', path.join(dir, 'server.log'), '-w', 'start'],
    {
      stdio: 'pipe',
    },
  );
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  log(`PostgreSQL ready at ${url}`);
  let stopped = false;
  return {
    url,
    port,
    stop() {
      if (stopped) return;
      stopped = true;
      if (keepDir) {
        // A kept cluster shuts down cleanly so its data survives for the next run.
        run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', 'stop'], { stdio: 'pipe' });
        return;
      }
      try {
        run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop'], { stdio: 'pipe' });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const separator = process.argv.indexOf('--');
  const command = separator === -1 ? [] : process.argv.slice(separator + 1);
  const own = separator === -1 ? process.argv.slice(2) : process.argv.slice(2, separator);
  const option = (name) => {
    const at = own.indexOf(name);
    return at === -1 ? undefined : own[at + 1];
  };
  if (command.length === 0) {
    console.error('usage: node scripts/pg-cluster.mjs [--keep DIR] [--port N] -- <command …>');
    process.exit(2);
  }
  const cluster = await startCluster({
    log: (m) => console.error(`[pg-cluster] ${m}`),
    keepDir: option('--keep'),
    port: option('--port') ? Number(option('--port')) : undefined,
  });
  const child = spawn(command[0], command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: cluster.url },
  });
  const stop = () => cluster.stop();
  process.on('SIGINT', () => child.kill('SIGINT'));
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('exit', (code, signal) => {
    stop();
    process.exit(code ?? (signal ? 1 : 0));
  });
}
