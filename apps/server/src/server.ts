import { fileURLToPath } from 'node:url';
import path from 'node:path';
import {
  ConfigError,
  exposureLines,
  isLoopbackHost,
  loadConfig,
  resolveWebDist,
  type Config,
} from './config/index.js';
import { openDatabase, openReplica, type Database } from './db/client.js';
import { migrate } from './db/migrate.js';
import { buildApp } from './app.js';
import { isSeeded, seedDatabase } from './db/seed/index.js';
import { DEMO_SIGN_INS } from './db/seed/demo-users.js';
import { DEMO_PASSWORD } from '@fieldforce/contracts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function describeDatabase(config: Config): string {
  if (!config.DATABASE_URL) return `embedded PostgreSQL (PGlite) in ${path.resolve(config.DATA_DIR)}`;
  const url = new URL(config.DATABASE_URL);
  return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
}

async function prepareDatabase(config: Config): Promise<Database> {
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const { version, applied } = await migrate(db);
  if (applied.length > 0) console.log(`Database migrated to version ${version} (${applied.join(', ')}).`);
  if (config.SEED_SCALE !== 'none' && !(await isSeeded(db))) {
    console.log(`Loading the ${config.SEED_SCALE} data set (seed ${config.SEED}); this happens once…`);
    const { ms, counts } = await seedDatabase(db, {
      scale: config.SEED_SCALE,
      seed: config.SEED,
      log: (message) => console.log(`  ${message}`),
    });
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    console.log(`Demo data loaded: ${total.toLocaleString('en')} rows in ${(ms / 1000).toFixed(1)} s.`);
  }
  return db;
}

/** The demo sign-ins, one line per market, so the banner fits on a screen. */
export function demoSignInLines(): string[] {
  const lines = [`Demo sign-ins (password for all: ${DEMO_PASSWORD}):`];
  const byMarket = new Map<string, string[]>();
  for (const signIn of DEMO_SIGN_INS) {
    if (signIn.market === 'all') {
      lines.push(`  ${signIn.email}  ${signIn.description}`);
      continue;
    }
    const list = byMarket.get(signIn.market) ?? [];
    list.push(
      signIn.kind === 'head' || signIn.kind === 'tl' ? `${signIn.email} (${signIn.role})` : signIn.email,
    );
    byMarket.set(signIn.market, list);
  }
  for (const [market, emails] of byMarket) lines.push(`  ${market.padEnd(4)} ${emails.join(', ')}`);
  lines.push('  Roles: admin = admin tools, head/asm/tl/sm = sales hierarchy, dt = one distributor,');
  lines.push('         reports = reports only, none = no access; see README.md.');
  return lines;
}

function printWelcome(url: string, config: Config, port: number) {
  const lines = [
    '',
    `Fieldforce is running at ${url}`,
    `  API documentation: ${url}/api/docs`,
    `  Database: ${describeDatabase(config)}`,
    ...exposureLines(config, port),
  ];
  if (config.SEED_SCALE !== 'none') lines.push('', ...demoSignInLines());
  lines.push('', 'Press Ctrl+C to stop.', '');
  console.log(lines.join('\n'));
}

export async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }

  if (config.DATABASE_READ_URL && !config.DATABASE_URL) {
    console.error('DATABASE_READ_URL (a read replica) needs DATABASE_URL (its primary) too.');
    process.exit(2);
  }
  const db = await prepareDatabase(config);
  // The replica is opened without a probe: one that is down at start is read from once it is back.
  const dbReplica = config.DATABASE_READ_URL ? await openReplica(config.DATABASE_READ_URL) : undefined;
  // The lag check's own connection: a read pool busy under load must not fail the check.
  const dbReplicaCheck = config.DATABASE_READ_URL
    ? await openReplica(config.DATABASE_READ_URL, 1)
    : undefined;
  const app = await buildApp({
    db,
    dbReplica,
    dbReplicaCheck,
    config,
    webDist: resolveWebDist(config, REPO_ROOT),
    ownsDatabase: true,
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT * 1000);
    timer.unref();
    app
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      });
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  // The address to open is the one SSO comes back to (PUBLIC_URL, by default localhost).
  const shownHost =
    config.HOST === '0.0.0.0' || config.HOST === '::' || isLoopbackHost(config.HOST)
      ? 'localhost'
      : config.HOST;
  const shownUrl = config.PUBLIC_URL?.replace(/\/$/, '') ?? `http://${shownHost}:${port}`;
  printWelcome(shownUrl, config, port);
}

const isEntry = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isEntry) {
  main().catch((error: unknown) => {
    console.error('Fieldforce could not start:', error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
